import type { CartItem } from "@core/cart";

/** A line as the checkout calls name it (docs/api.md, Payment and checkout): what it is and how many, no price. */
export function checkoutItem(item: CartItem) {
  return item.kind === "bundle"
    ? { quantity: item.quantity, sku: null, bundle_id: item.bundle_id, selected_variants: item.selected_variants }
    : { quantity: item.quantity, sku: item.sku, bundle_id: null, subscription: item.subscription?.subscription_id ?? null };
}
