/**
 * The bundle screens' server side (new and edit): the loader's reads and the form's one action, which applies the
 * button's step to the posted form and saves it with the editor the admin API calls (server/catalog/bundle-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { applyBundleStep, bundleInputOfDraft, formFieldOf, readBundleForm } from "./admin.bundles.form.server";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { bundleProductChoices, createBundle, deleteBundle, getBundleRecord, updateBundle, uploadBundlePictures } from "../../server/catalog/bundle-editor";
import { readUploadForm } from "../../server/images/picture-intake";
import { deleteOrSave } from "./admin.merchandise.server";
import { formFailure, foundOrNotFound, requireStaffPage } from "./admin.server";
import { isRefusal } from "@core/errors";

export { bundleProductChoices, getBundleRecord } from "../../server/catalog/bundle-editor";
export { foundOrNotFound, recordIdOf, requireStaffPage } from "./admin.server";

export const BUNDLES_PATH = "/admin/bundles";

/** The form's post: delete, or the button's step and a save; a refusal sends the form back as posted, with its errors. */
export const bundleFormAction = (context: AppLoadContext, request: Request, id: number | null) =>
  deleteOrSave(context, request, "bundle", id, {
    remove: (actor, id, links) => deleteBundle(context.db, actor, id, links),
    save: async (actor, form, intent) => {
      const products = await bundleProductChoices(context.db, context.storeId);
      const adding = String(form.get("add_product") ?? "");
      const draft = applyBundleStep(readBundleForm(form), intent, adding ? Number(adding) : null, products);
      if (intent === "add" && !adding) return data({ draft, errors: [{ error: "Choose a product to add", field: "add_product" }] }, { status: 400, headers: ADMIN_PAGE_HEADERS });
      const parsed = bundleInputOfDraft(draft);
      if (parsed.errors) return data({ draft, errors: parsed.errors }, { status: 400, headers: ADMIN_PAGE_HEADERS });
      try {
        const saved = id === null ? await createBundle(context.db, actor, parsed.input) : await updateBundle(context.db, actor, id, parsed.input);
        return redirect(MERCHANDISING_NOTICES.onto(`${BUNDLES_PATH}/${saved.id}`, "bundle-saved"));
      } catch (error) {
        if (isRefusal(error, "not-found")) throw error;
        const failure = formFailure(error, {}, "The bundle could not be saved; please try again in a moment");
        const errors = failure.errors.map((body) => (body.field ? { ...body, field: formFieldOf(body.field) } : body));
        return data({ draft, errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
      }
    },
  });

/**
 * The upload form's post: the files under `file`, checked and stored (storePicture), added after the bundle's
 * pictures. A refusal answers the errors, for the upload's own page to show beside the field.
 */
export async function bundlePicturesAction(context: AppLoadContext, request: Request, id: number) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  await foundOrNotFound(getBundleRecord(context.db, context.storeId, id));
  try {
    await uploadBundlePictures(context, actor, id, readUploadForm(await request.formData()).files);
    return redirect(MERCHANDISING_NOTICES.onto(`${BUNDLES_PATH}/${id}`, "pictures-added"));
  } catch (error) {
    const failure = formFailure(error, {}, "The pictures could not be added; please try again in a moment");
    return data({ uploadErrors: failure.errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}
