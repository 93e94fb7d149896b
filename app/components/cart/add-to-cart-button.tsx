import { useEffect, useRef, useState } from "react";
import { CART_FULL_MESSAGE, EXCEEDS_STOCK_MESSAGE, exceedsStock } from "@core/cart";
import type { Product, SubscriptionOption, Variant } from "@core/schemas/catalog";
import { useHydrated } from "~/lib/use-hydrated";
import { useCart } from "~/state/cart";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/** How long the button reads 'Adding to Cart...' (docs/product.md, Limits and timings). */
const ADDING_FEEDBACK_MS = 1500;

/**
 * The product page's 'Add to Cart' (docs/product.md, States and Rules): disabled with no variant, while adding, or when
 * the variant's stock is below the quantity (with what the cart already holds of it), then reading 'Out of Stock'.
 */
export function AddToCartButton({
  product,
  variant,
  quantity,
  subscription,
}: {
  product: Product;
  variant: Variant | null;
  quantity: number;
  subscription: SubscriptionOption | null;
}) {
  const { addProduct, state } = useCart();
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A message about one choice does not apply to the next one.
  useEffect(() => setMessage(null), [variant, quantity, subscription]);

  // Measured against stock together with the cart's units, so three in stock cannot become four in the cart.
  const stockShort =
    variant !== null && exceedsStock(state.cartItems, { [variant.sku]: quantity }, { [variant.sku]: variant.total_stock });

  function add() {
    if (!variant || adding) return;
    if (stockShort) {
      setMessage(EXCEEDS_STOCK_MESSAGE);
      return;
    }
    const result = addProduct(product, variant, quantity, subscription);
    if (result === "cart_full") {
      setMessage(CART_FULL_MESSAGE);
      return;
    }
    // A line already at its cap is ignored silently, as the spec has it.
    setMessage(null);
    setAdding(true);
    timer.current = setTimeout(() => setAdding(false), ADDING_FEEDBACK_MS);
  }

  const label = adding ? "Adding to Cart..." : stockShort ? "Out of Stock" : "Add to Cart";
  const shownMessage = message ?? (stockShort && variant.total_stock > 0 ? EXCEEDS_STOCK_MESSAGE : null);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={add}
        disabled={!hydrated || !variant || adding || stockShort}
        className={PRIMARY_BUTTON}
      >
        {label}
      </button>
      <p aria-live="polite" className="min-h-6 text-sm font-medium text-red-800">
        {shownMessage}
      </p>
    </div>
  );
}
