/**
 * The product editor's loader and action, shared by /admin/products/new and /admin/products/:id: the form is read
 * into a `ProductInput` and saved by server/catalog's saveProduct, as the admin API and the import save theirs.
 */
import { data, redirect } from "react-router";
import type { AppDeps } from "../../server/context";
import {
  duplicateProduct,
  getAdminProduct,
  listCollectionChoices,
  newProductCollectionIds,
  ordersBySku,
  productWriteConflict,
  setProductStatus,
  type AdminProduct,
} from "../../server/catalog/product-editor";
import { saveProductAndAlert } from "../../server/catalog/catalogue-writes";
import { listTaxClasses } from "../../server/store/rules";
import { formFailure, foundOrNotFound, HttpError, linksChoiceOf, linksLeadHereAnswer, requireStaffPage, statusOf } from "./admin.server";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import type { NoticeKey } from "~/components/admin/notices";
import { placeFormErrors, PRODUCT_NOTICES } from "~/components/admin/product-form-data";
import { productFormStep } from "~/components/admin/product-form-steps";
import { formErrorOf, productInputOfForm } from "~/components/admin/product-form-input";
import { productFormValues, rowsOf } from "~/components/admin/product-form-posted";
import { isRefusal } from "@core/errors";
import type { PlacedLink } from "@core/navigation";
import { LinksLeadHere } from "../../server/catalog/navigation";

export { getAdminProduct, listCollectionChoices, newProductCollectionIds, requireStaffPage, type AdminProduct };

/** The saved variants as the form shows them beside their rows: id, stock, and how many orders name each. */
export async function savedVariantFacts(context: AppDeps, product: AdminProduct) {
  const orders = await ordersBySku(
    context.db,
    context.storeId,
    product.variants.map((variant) => variant.sku),
  );
  return Object.fromEntries(
    product.variants.map((variant) => [variant.sku.toLowerCase(), { sku: variant.sku, variantId: variant.id, stock: variant.stock, orders: orders.get(variant.sku.toLowerCase()) ?? 0 }]),
  );
}

/** The tax classes the product form's select offers. */
export const listTaxClassChoices = async (db: AppDeps["db"], storeId: string) =>
  (await listTaxClasses(db, storeId)).map((taxClass) => ({ value: taxClass.key, label: taxClass.name }));

const withNotice = (productId: number, notice: NoticeKey<typeof PRODUCT_NOTICES>) => PRODUCT_NOTICES.onto(`/admin/products/${productId}`, notice);

/** The product's id from the address; anything that cannot be one is a page that does not exist. */
export function productIdOf(params: { id?: string }): number {
  if (!params.id || !/^[1-9]\d{0,8}$/.test(params.id)) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(params.id);
}

export function loadProduct(context: AppDeps, productId: number): Promise<AdminProduct> {
  return foundOrNotFound(getAdminProduct(context.db, context.storeId, productId));
}

/**
 * What the form is drawn again from, after a refusal or a step short of saving: what was typed, the rows it had, each
 * problem by its field, and the field to focus. `drawn` tells each answer apart, so the page draws the form afresh
 * from it rather than keep fields of the last drawing.
 */
function refused(status: number, errors: { error: string; field?: string }[], values: Record<string, string>, rows: number, focus?: string, asking?: PlacedLink[]) {
  // Placed here, so the page's JavaScript carries no code to place them.
  return data({ placed: placeFormErrors(errors), values, rows, focus, drawn: Date.now(), asking }, { status, headers: ADMIN_PAGE_HEADERS });
}

export async function productFormAction(context: AppDeps, request: Request, productId: number | null) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const rows = rowsOf(form);
  const values = productFormValues(form, rows);
  try {
    const step = productFormStep(intent, values, rows);
    if (step) return refused(step.errors.length > 0 ? 400 : 200, step.errors, step.values, step.rows, step.focus);
    if (intent === "duplicate" && productId !== null) {
      const copy = await productWriteConflict(context.db.transaction((tx) => duplicateProduct(tx, actor, productId)));
      return redirect(withNotice(copy.productId, "duplicated"), { headers: ADMIN_PAGE_HEADERS });
    }
    if (intent === "archive" || intent === "unarchive") {
      if (productId === null) throw new HttpError(400, "Unknown action");
      try {
        await context.db.transaction((tx) => setProductStatus(tx, actor, productId, intent === "archive" ? "archived" : "draft", linksChoiceOf(form)));
      } catch (error) {
        return linksLeadHereAnswer(error);
      }
      return redirect(withNotice(productId, intent === "archive" ? "archived" : "unarchived"), { headers: ADMIN_PAGE_HEADERS });
    }
    if (intent !== "save") throw new HttpError(400, "Unknown action");
    const parsed = productInputOfForm(values, rows);
    if (!parsed.ok) return refused(400, parsed.errors, values, rows);
    try {
      const saved = await saveProductAndAlert(context, actor, { ...parsed.input, links: linksChoiceOf(form) }, productId === null ? { create: true } : { productId });
      return redirect(withNotice(saved.productId, saved.created ? "created" : "saved"), { headers: ADMIN_PAGE_HEADERS });
    } catch (error) {
      // Saved as a draft or archived while links lead to it: the form drawn again as typed, with the links' step.
      if (error instanceof LinksLeadHere) return refused(409, [], values, rows, undefined, error.links);
      if (isRefusal(error)) return refused(statusOf(error), [formErrorOf({ error: error.message, field: error.field }, parsed.usedRows)], values, rows);
      throw error;
    }
  } catch (error) {
    const failure = formFailure(error, values, "The product could not be saved; please try again in a moment");
    return refused(failure.status, failure.errors, values, rows);
  }
}
