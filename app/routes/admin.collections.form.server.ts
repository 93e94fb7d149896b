/**
 * The collection form as posted: what the owner typed, the step a button asked for (move a product or bundle, remove
 * it, add one), and the CollectionInput it makes. Every button posts the whole form, as the bundle form's do.
 */
import { collectionInputSchema, type CollectionInput } from "@core/schemas/admin-merchandising";
import type { ErrorBody } from "~/lib/form-error";
import type { CollectionDraft } from "~/components/admin/collection-draft";
import { stepped } from "./admin.bundles.form.server";

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);

export function readCollectionForm(form: FormData): CollectionDraft {
  return {
    title: String(form.get("title") ?? ""),
    handle: String(form.get("handle") ?? ""),
    featured: form.get("featured") === "on",
    inNavigation: form.get("in_navigation") === "on",
    productIds: ids(form, "product_ids"),
    bundleIds: ids(form, "bundle_ids"),
  };
}

/**
 * The draft after the button's step: `product-up:2`, `bundle-remove:0`, …, `add-product` and `add-bundle` (the one
 * chosen in `add_product` or `add_bundle`, last). `save` and anything else leave it as posted.
 */
export function applyCollectionStep(draft: CollectionDraft, intent: string, adding: { product: number | null; bundle: number | null }): CollectionDraft {
  const [step, at] = intent.split(":");
  const index = Number(at);
  const [kind, move] = step.split("-");
  const key = kind === "product" ? "productIds" : kind === "bundle" ? "bundleIds" : null;
  if (key) return { ...draft, [key]: stepped(draft[key], move, index) };
  if (step === "add-product" && adding.product && !draft.productIds.includes(adding.product)) return { ...draft, productIds: [...draft.productIds, adding.product] };
  if (step === "add-bundle" && adding.bundle && !draft.bundleIds.includes(adding.bundle)) return { ...draft, bundleIds: [...draft.bundleIds, adding.bundle] };
  return draft;
}

export function collectionInputOfDraft(draft: CollectionDraft): { input: CollectionInput; errors?: undefined } | { errors: ErrorBody[] } {
  const parsed = collectionInputSchema.safeParse({
    title: draft.title,
    handle: draft.handle,
    featured: draft.featured,
    in_navigation: draft.inNavigation,
    product_ids: draft.productIds,
    bundle_ids: draft.bundleIds,
  });
  if (parsed.success) return { input: parsed.data };
  const seen = new Set<string>();
  return {
    errors: parsed.error.issues.flatMap((issue) => {
      const field = issue.path.join(".");
      if (seen.has(field)) return [];
      seen.add(field);
      return [{ error: issue.message, field }];
    }),
  };
}
