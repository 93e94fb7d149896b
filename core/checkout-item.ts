/**
 * A cart line as the checkout calls name it (docs/api.md, Payment and checkout): what it is and how many, no price.
 * Apart from cart-wire.ts, whose cart shapes the checkout page does not need, so the page loads this alone.
 */
import type { CartLine } from "./cart";

export function toCheckoutItem(line: CartLine) {
  return line.kind === "bundle"
    ? { quantity: line.quantity, sku: null, bundle_id: line.bundleId, selected_variants: line.selectedVariants }
    : { quantity: line.quantity, sku: line.sku, bundle_id: null, subscription: line.subscription?.id ?? null };
}
