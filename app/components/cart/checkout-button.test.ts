import { describe, expect, it } from "vitest";
import { checkoutButtonState } from "./checkout-button";

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
