/**
 * The collection screens' server side (new and edit): the loader's reads and the form's one action, which applies
 * the button's step to the posted form and saves it with the editor the admin API calls
 * (server/catalog/collection-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { withMerchandisingNotice } from "~/components/admin/bundle-notices";
import { applyCollectionStep, collectionInputOfDraft, readCollectionForm } from "./admin.collections.form.server";
import { bundleProductChoices, listBundles } from "../../server/catalog/bundle-editor";
import { createCollection, deleteCollection, updateCollection } from "../../server/catalog/collection-editor";
import { formFailure, HttpError, requireStaffPage } from "./admin.server";

export { ALL_PRODUCTS_HANDLE } from "@core/schemas/admin-merchandising";
export { getCollectionRecord } from "../../server/catalog/collection-editor";
export { HttpError, requireStaffPage } from "./admin.server";

const COLLECTIONS_PATH = "/admin/collections";

const notFound = () => data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });

export function collectionIdOf(params: { id?: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

/** What the add selects offer: every product (with its status) and every bundle, by title. */
export async function collectionChoices(context: AppLoadContext) {
  const [products, bundles] = await Promise.all([bundleProductChoices(context.db, context.storeId), listBundles(context.db, context.storeId)]);
  return {
    products: products.map((product) => ({ id: product.id, title: product.title, status: product.status })),
    bundles: bundles.map((bundle) => ({ id: bundle.id, title: bundle.title })),
  };
}

const chosenId = (form: FormData, name: string) => {
  const id = Number(form.get(name) || Number.NaN);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function collectionFormAction(context: AppLoadContext, request: Request, id: number | null) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "delete" && id !== null) {
      await deleteCollection(context.db, actor, id);
      return redirect(withMerchandisingNotice(COLLECTIONS_PATH, "collection-deleted"));
    }
    const adding = { product: chosenId(form, "add_product"), bundle: chosenId(form, "add_bundle") };
    const draft = applyCollectionStep(readCollectionForm(form), intent, adding);
    const refused = (errors: { error: string; field?: string }[], status: number) => data({ draft, errors }, { status, headers: ADMIN_PAGE_HEADERS });
    if (intent === "add-product" && !adding.product) return refused([{ error: "Choose a product to add", field: "add_product" }], 400);
    if (intent === "add-bundle" && !adding.bundle) return refused([{ error: "Choose a bundle to add", field: "add_bundle" }], 400);
    const parsed = collectionInputOfDraft(draft);
    if (parsed.errors) return refused(parsed.errors, 400);
    try {
      const saved = id === null ? await createCollection(context.db, actor, parsed.input) : await updateCollection(context.db, actor, id, parsed.input);
      return redirect(withMerchandisingNotice(`${COLLECTIONS_PATH}/${saved.id}`, "collection-saved"));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw error;
      const failure = formFailure(error, {}, "The collection could not be saved; please try again in a moment");
      return refused(failure.errors, failure.status);
    }
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    if (error instanceof HttpError && error.status === 422) {
      return data({ draft: null, errors: [{ error: error.message, field: error.field }] }, { status: 422, headers: ADMIN_PAGE_HEADERS });
    }
    throw error;
  }
}
