import { useState } from "react";
import { useNavigate } from "react-router";
import type { CartItem } from "@core/cart";
import { useShop } from "~/lib/use-shop";
import { useCart } from "~/state/cart";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/** A checkout request item (docs/api.md, Payment and checkout): the server prices the stored cart; no price travels. */
function checkoutItem(item: CartItem) {
  return item.kind === "bundle"
    ? { quantity: item.quantity, sku: null, bundle_id: item.bundle_id, selected_variants: item.selected_variants }
    : {
        quantity: item.quantity,
        sku: item.sku,
        bundle_id: null,
        subscription: item.subscription?.subscription_id ?? null,
      };
}

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
 * other cart first creates a checkout session for its total in cents. A failed session is logged and the drawer closes.
 * The store can switch checkout off ('Currently Not Available'); a cart below the minimum, or with a line that asks for
 * more than is in stock (the line says so), cannot check out.
 */
export function CheckoutButton({ belowMinimum, overStock }: { belowMinimum: boolean; overStock: boolean }) {
  const { settings, storeId } = useShop();
  const { state, closeCart, flush } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
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
      navigate("/checkout", { state: routeState });
      return;
    }
    setBusy(true);
    try {
      // The session is priced from the stored cart, so the latest change must have reached the server.
      await flush();
      const response = await fetch("/api/stripe/create_checkout_session", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          checkout_items: state.cartItems.map(checkoutItem),
          store_id: storeId,
          cost_of_checkout: state.totalCents,
        }),
      });
      const body = (await response.json().catch(() => null)) as { session_id?: string; error?: string } | null;
      if (!response.ok || !body?.session_id) {
        throw new Error(body?.error ?? `create_checkout_session failed with status ${response.status}`);
      }
      closeCart();
      navigate(`/checkout?session_id=${encodeURIComponent(body.session_id)}`, { state: routeState });
    } catch (error) {
      console.error("Failed to create checkout session", error);
      closeCart();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={checkout}
      disabled={button.disabled}
      className={PRIMARY_BUTTON}
    >
      {button.label}
    </button>
  );
}
