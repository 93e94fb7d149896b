/**
 * The bundle form as posted: what the owner typed, the step a button asked for (move a product or picture, remove it,
 * add a product), and the BundleInput it makes. Every button of the form posts the whole form, so a step before
 * JavaScript loads loses nothing typed beside it.
 */
import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import { handleFromTitle } from "@core/catalog-admin";
import { bundleInputSchema, type BundleInput } from "@core/schemas/admin-merchandising";
import type { ErrorBody } from "~/lib/form-error";
import type { BundleDraft } from "~/components/admin/bundle-draft";

/** What the add-a-product step needs to know of a product: its variants' SKUs, the first taken by default. */
export type ProductSkus = { id: number; variants: { sku: string }[] };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The form's fields: products in the order their hidden ids came, each with its checked SKUs and quantity. */
export function readBundleForm(form: FormData): BundleDraft {
  return {
    title: text(form, "title"),
    handle: text(form, "handle"),
    description: text(form, "description"),
    price: text(form, "price"),
    isStandalone: form.get("is_standalone") === "on",
    products: form
      .getAll("product_id")
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .map((productId) => ({
        productId,
        quantity: text(form, `quantity_${productId}`),
        skus: form.getAll(`skus_${productId}`).map(String),
      })),
    imageUrls: form.getAll("image_urls").map(String),
  };
}

/** The list with the item at `index` swapped with its neighbour (-1 before, 1 after); at an end, unchanged. */
export function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return items;
  const copy = [...items];
  [copy[index], copy[to]] = [copy[to], copy[index]];
  return copy;
}

/** The list after a row's button: `up` and `down` move the item at `index`, `remove` drops it; anything else leaves it. */
export function stepped<T>(items: T[], move: string | undefined, index: number): T[] {
  if (move === "up") return moved(items, index, -1);
  if (move === "down") return moved(items, index, 1);
  if (move === "remove") return items.filter((_, position) => position !== index);
  return items;
}

/**
 * The draft after the button's step: `product-up:2`, `product-down:0`, `product-remove:1`, `picture-up:1`, … or `add`
 * (the product chosen in `add_product`, with its first variant and a quantity of 1). `save` and anything else leave it.
 */
export function applyBundleStep(draft: BundleDraft, intent: string, addProductId: number | null, products: ProductSkus[]): BundleDraft {
  const [step, at] = intent.split(":");
  const index = Number(at);
  const [kind, move] = step.split("-");
  if (kind === "product") return { ...draft, products: stepped(draft.products, move, index) };
  if (kind === "picture") return { ...draft, imageUrls: stepped(draft.imageUrls, move, index) };
  if (step !== "add") return draft;
  const product = products.find((candidate) => candidate.id === addProductId);
  if (!product || draft.products.some((held) => held.productId === product.id)) return draft;
  const first = product.variants[0]?.sku;
  return { ...draft, products: [...draft.products, { productId: product.id, quantity: "1", skus: first ? [first] : [] }] };
}

/** The draft as the input the editor saves, or all its problems, each naming the form's field (`price`, not `price_cents`). */
export function bundleInputOfDraft(draft: BundleDraft): { input: BundleInput; errors?: undefined } | { errors: ErrorBody[] } {
  const typed = typedDollarsToCents(draft.price);
  const priceCents = typed === null || Number.isNaN(typed) ? null : typed;
  const parsed = bundleInputSchema.safeParse({
    title: draft.title,
    handle: draft.handle.trim() === "" ? handleFromTitle(draft.title) : draft.handle,
    description: draft.description,
    price_cents: priceCents ?? 0,
    is_standalone: draft.isStandalone,
    products: draft.products.map((product) => ({
      product_id: product.productId,
      quantity: product.quantity.trim() === "" ? Number.NaN : Number(product.quantity),
      skus: product.skus,
    })),
    image_urls: draft.imageUrls,
  });
  const errors: ErrorBody[] = priceCents === null ? [{ error: TYPED_DOLLARS_MESSAGE, field: "price" }] : [];
  if (parsed.success && errors.length === 0) return { input: parsed.data };
  const seen = new Set(errors.map((error) => error.field));
  for (const issue of parsed.error?.issues ?? []) {
    const field = formFieldOf(issue.path.join("."));
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ error: issue.message, field });
  }
  return { errors };
}

/** The form's name for an input's field: the price is typed in dollars. */
export const formFieldOf = (field: string) => (field === "price_cents" ? "price" : field);
