import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckoutButton, checkoutButtonState } from "./checkout-button";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const closeCart = vi.fn();
vi.mock("~/lib/use-shop", () => ({ useShop: () => ({ storeId: "demo", settings: { checkout: { enabled: true } } }) }));
vi.mock("~/state/cart", () => ({
  useCart: () => ({
    state: {
      cartItems: [{ kind: "product", sku: "HB-12", quantity: 2, subscription: null }],
      subtotalCents: 3200,
      totalCents: 3200,
    },
    closeCart,
    flush: async () => {},
  }),
}));

const cart = { enabled: true, belowMinimum: false, overStock: false, empty: false, busy: false };

describe("the drawer's checkout button", () => {
  it("reads 'Checkout' and works when the store takes orders and the minimum is met", () => {
    expect(checkoutButtonState(cart)).toEqual({ label: "Checkout", disabled: false });
  });

  it("is disabled below the minimum, over the stock, for an empty cart and while a session is being created", () => {
    for (const change of [{ belowMinimum: true }, { overStock: true }, { empty: true }, { busy: true }]) {
      expect(checkoutButtonState({ ...cart, ...change })).toEqual({ label: "Checkout", disabled: true });
    }
  });

  it("reads 'Currently Not Available' and is disabled when the store has checkout switched off", () => {
    expect(checkoutButtonState({ ...cart, enabled: false })).toEqual({ label: "Currently Not Available", disabled: true });
  });
});

describe("a checkout session the server refuses", () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    closeCart.mockReset();
  });

  it("is said beside the button in the server's words, the drawer left open", async () => {
    const refusal = "prices changed; your cart now comes to $35.00, please review it";
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: refusal, field: "cost_of_checkout" }), { status: 409 }));
    vi.stubGlobal("fetch", fetchMock);
    const router = createMemoryRouter([{ path: "/", element: <CheckoutButton belowMinimum={false} overStock={false} /> }]);
    await act(async () => root.render(<RouterProvider router={router} />));
    expect(container.querySelector('[role="alert"]')).toBeNull();

    await act(async () => container.querySelector("button")!.click());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/stripe/create_checkout_session");
    expect(JSON.parse(String(init.body))).toEqual({
      checkout_items: [{ quantity: 2, sku: "HB-12", bundle_id: null, subscription: null }],
      store_id: "demo",
      cost_of_checkout: 3200,
    });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(refusal);
    expect(closeCart).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });
});
