import { describe, expect, it, vi } from "vitest";
import type { Discount } from "@core/cart";
import { domRoot } from "../../../tests/support/dom-root";
import { DiscountCodeForm } from "./discount-code-form";

const cart = vi.hoisted(() => ({ subtotalCents: 0, activeDiscount: null as Discount | null }));
vi.mock("~/state/cart", () => ({
  useCart: () => ({ state: cart, applyDiscount: async () => true, removeDiscount: () => {} }),
}));

const BIG_BASKET: Discount = {
  code: "BIGBASKET",
  percentage: 20,
  maxRedeemableCents: null,
  amountCents: null,
  maxRedemptions: 10,
  freeShipping: false,
  minimumSubtotalCents: 5000,
};

const { container, render } = domRoot();

describe("the drawer's applied code", () => {
  it("says what the goods must reach while they are below the code's minimum, and nothing once they reach it", () => {
    Object.assign(cart, { subtotalCents: 4800, activeDiscount: BIG_BASKET });
    render(<DiscountCodeForm />);
    expect(container().textContent).toContain("This code needs an order of at least $50.00");
    Object.assign(cart, { subtotalCents: 5000 });
    render(<DiscountCodeForm />);
    expect(container().textContent).toContain("Discount code: BIGBASKET");
    expect(container().textContent).not.toContain("needs an order");
  });
});
