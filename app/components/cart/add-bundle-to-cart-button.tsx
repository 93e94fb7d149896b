import { useEffect, useState } from "react";
import { CART_FULL_MESSAGE, INCOMPLETE_BUNDLE_MESSAGE } from "@core/cart";
import type { Bundle } from "@core/schemas/catalog";
import { useHydrated } from "~/lib/use-hydrated";
import { useCart } from "~/state/cart";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/** The bundle page's 'Add Bundle to Cart': every product needs a chosen variant, and the 19-line cap applies. */
export function AddBundleToCartButton({
  bundle,
  selectedVariants,
}: {
  bundle: Bundle;
  selectedVariants: Record<string, string | undefined>;
}) {
  const { addBundle } = useCart();
  const [message, setMessage] = useState<string | null>(null);
  const hydrated = useHydrated();
  const complete = bundle.handles.every((handle) => Boolean(selectedVariants[handle]));

  // Once every product has a variant the reminder to choose has done its job.
  useEffect(() => {
    if (complete) setMessage((current) => (current === INCOMPLETE_BUNDLE_MESSAGE ? null : current));
  }, [complete]);

  function add() {
    const result = addBundle(bundle, selectedVariants);
    setMessage(
      result === "incomplete" ? INCOMPLETE_BUNDLE_MESSAGE : result === "cart_full" ? CART_FULL_MESSAGE : null,
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={add}
        disabled={!hydrated}
        className={PRIMARY_BUTTON}
      >
        Add Bundle to Cart
      </button>
      <p aria-live="polite" className="min-h-6 text-sm font-medium text-red-800">
        {message}
      </p>
    </div>
  );
}
