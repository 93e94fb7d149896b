import { useEffect, useState } from "react";
import { CART_FULL_MESSAGE, EXCEEDS_STOCK_MESSAGE, exceedsStock, INCOMPLETE_BUNDLE_MESSAGE, unitsPerLine } from "@core/cart";
import type { Bundle, BundleHandleOption } from "@core/schemas/catalog";
import { useHydrated } from "~/lib/use-hydrated";
import { bundleCartItem, stockOfOptions, useCart } from "~/state/cart";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/**
 * The bundle page's 'Add Bundle to Cart': every product needs a chosen variant, the 19-line cap applies, and what
 * the cart already holds of each chosen variant (on its own or in bundles) counts against its stock, as on the
 * product page.
 */
export function AddBundleToCartButton({
  bundle,
  options,
  selectedVariants,
}: {
  bundle: Bundle;
  options: BundleHandleOption[];
  selectedVariants: Record<string, string | undefined>;
}) {
  const { addBundle, state } = useCart();
  const [message, setMessage] = useState<string | null>(null);
  const hydrated = useHydrated();
  const complete = bundle.handles.every((handle) => Boolean(selectedVariants[handle]));
  const line = bundleCartItem(bundle, options, selectedVariants);
  const stockShort = line !== null && exceedsStock(state.cartItems, unitsPerLine(line), stockOfOptions(options));

  // Once every product has a variant the reminder to choose has done its job.
  useEffect(() => {
    if (complete) setMessage((current) => (current === INCOMPLETE_BUNDLE_MESSAGE ? null : current));
  }, [complete]);

  function add() {
    const result = addBundle(bundle, options, selectedVariants);
    setMessage(
      result === "incomplete"
        ? INCOMPLETE_BUNDLE_MESSAGE
        : result === "cart_full"
          ? CART_FULL_MESSAGE
          : result === "exceeds_stock"
            ? EXCEEDS_STOCK_MESSAGE
            : null,
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <button type="button" onClick={add} disabled={!hydrated || stockShort} className={PRIMARY_BUTTON}>
        {stockShort ? "Out of Stock" : "Add Bundle to Cart"}
      </button>
      <p aria-live="polite" className="min-h-6 text-sm font-medium text-red-800">
        {message ?? (stockShort ? EXCEEDS_STOCK_MESSAGE : null)}
      </p>
    </div>
  );
}
