import { useState } from "react";
import { useNavigate } from "react-router";
import { toCheckoutItem } from "@core/checkout-item";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { api } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";
import { useCart } from "~/state/cart";

/** What the button says and whether it works: the store's switch first, then the cart's own state. */
export function checkoutButtonState(cart: {
  enabled: boolean;
  belowMinimum: boolean;
  overStock: boolean;
  empty: boolean;
  busy: boolean;
}) {
  return {
    label: cart.enabled ? "Checkout" : "Currently Not Available",
    disabled: !cart.enabled || cart.belowMinimum || cart.overStock || cart.empty || cart.busy,
  };
}

/**
 * The checkout button (docs/api.md, Payment and checkout): a cart with a subscription goes straight to /checkout; any
 * other cart first creates a checkout session for its total in cents, its items carrying no price (the server prices
 * the stored cart). A session refused is logged and said under the button in the server's words, the drawer left open.
 * The store can switch checkout off ('Currently Not Available'); a cart below the minimum, or with a line that asks for
 * more than is in stock (the line says so), cannot check out.
 */
export function CheckoutButton({ belowMinimum, overStock }: { belowMinimum: boolean; overStock: boolean }) {
  const { settings, storeId } = useShop();
  const { state, closeCart, flush } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = checkoutButtonState({
    enabled: settings.checkout.enabled,
    belowMinimum,
    overStock,
    empty: state.cartItems.length === 0,
    busy,
  });

  async function checkout() {
    const routeState = { subtotalCents: state.subtotalCents };
    if (state.cartItems.some((item) => item.kind === "product" && item.subscription)) {
      closeCart();
      await navigate("/checkout", { state: routeState });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The session is priced from the stored cart, so the latest change must have reached the server.
      await flush();
      const { session_id } = await api<{ session_id: string }>("/api/stripe/create_checkout_session", {
        body: { checkout_items: state.cartItems.map(toCheckoutItem), store_id: storeId, cost_of_checkout: state.totalCents },
      });
      closeCart();
      await navigate(`/checkout?session_id=${encodeURIComponent(session_id)}`, { state: routeState });
    } catch (failure) {
      console.error("Failed to create checkout session", failure);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={eventHandler(checkout, "Failed to open the checkout")} disabled={button.disabled} className={PRIMARY_BUTTON}>
        {button.label}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
