/**
 * The collection screens' server side (new and edit): the loader's reads and the form's one action, which applies
 * the button's step to the posted form and saves it with the editor the admin API calls
 * (server/catalog/collection-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { applyCollectionStep, collectionInputOfDraft, readCollectionForm } from "./admin.collections.form.server";
import { bundleProductChoices, listBundles } from "../../server/catalog/bundle-editor";
import { createCollection, deleteCollection, updateCollection } from "../../server/catalog/collection-editor";
import { deleteOrSave } from "./admin.merchandise.server";
import { formFailure } from "./admin.server";
import { isRefusal } from "@core/errors";

export { ALL_PRODUCTS_HANDLE } from "@core/schemas/admin-merchandising";
export { getCollectionRecord } from "../../server/catalog/collection-editor";
export { foundOrNotFound, recordIdOf, requireStaffPage } from "./admin.server";

const COLLECTIONS_PATH = "/admin/collections";

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

/** The form's post: delete, or the button's step and a save; a refusal sends the form back as posted, with its errors. */
export async function collectionFormAction(context: AppLoadContext, request: Request, id: number | null) {
  try {
    return await deleteOrSave(context, request, "collection", id, {
      remove: (actor, id, links) => deleteCollection(context.db, actor, id, links),
      save: async (actor, form, intent) => {
        const adding = { product: chosenId(form, "add_product"), bundle: chosenId(form, "add_bundle") };
        const draft = applyCollectionStep(readCollectionForm(form), intent, adding);
        const refused = (errors: { error: string; field?: string }[], status: number) => data({ draft, errors }, { status, headers: ADMIN_PAGE_HEADERS });
        if (intent === "add-product" && !adding.product) return refused([{ error: "Choose a product to add", field: "add_product" }], 400);
        if (intent === "add-bundle" && !adding.bundle) return refused([{ error: "Choose a bundle to add", field: "add_bundle" }], 400);
        const parsed = collectionInputOfDraft(draft);
        if (parsed.errors) return refused(parsed.errors, 400);
        try {
          const saved = id === null ? await createCollection(context.db, actor, parsed.input) : await updateCollection(context.db, actor, id, parsed.input);
          return redirect(MERCHANDISING_NOTICES.onto(`${COLLECTIONS_PATH}/${saved.id}`, "collection-saved"));
        } catch (error) {
          if (isRefusal(error, "not-found")) throw error;
          const failure = formFailure(error, {}, "The collection could not be saved; please try again in a moment");
          return refused(failure.errors, failure.status);
        }
      },
    });
  } catch (error) {
    if (isRefusal(error, "rule-broken")) {
      return data({ draft: null, errors: [{ error: error.message, field: error.field }] }, { status: 422, headers: ADMIN_PAGE_HEADERS });
    }
    throw error;
  }
}
