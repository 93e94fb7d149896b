import { describe, expect, it } from "vitest";
import { allocate } from "./money";
import { canMoveReturn, paidAmounts, returnWindow, unitsWorth } from "./returns";

describe("a return's money", () => {
  it("splits an amount over weights in whole cents that add up to it", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    expect(allocate(250, [3000, 1000])).toEqual([188, 62]);
  });

  it("gives each line its total less its discount share plus its tax share; with the shipping they make the total", () => {
    const order = { subtotalCents: 4000, discountCents: 400, shippingCents: 500, taxCents: 328, shippingTaxRateBasisPoints: null };
    const lines = (rate: number | null) => [3000, 1000].map((lineTotalCents) => ({ lineTotalCents, taxRateBasisPoints: rate }));
    // 9.11 % of 3600 is 328: the kept rate gives the tax, split over the lines by their net amounts.
    const untaxedShipping = paidAmounts(order, lines(911));
    expect(untaxedShipping).toEqual({ lines: [2700 + 246, 900 + 82], netLines: [2700, 900], shippingCents: 500 });
    // An order that kept no rate splits the tax it was charged the same way.
    expect(paidAmounts(order, lines(null))).toEqual(untaxedShipping);
    const taxedShipping = paidAmounts({ ...order, shippingTaxRateBasisPoints: 800 }, lines(null));
    expect(taxedShipping.lines.reduce((a, b) => a + b, 0) + taxedShipping.shippingCents).toBe(4000 - 400 + 500 + 328);
    expect(taxedShipping.shippingCents).toBeGreaterThan(500);
  });

  it("gives each line the tax of its own rate: an exempt line's units carry none", () => {
    const order = { subtotalCents: 4000, discountCents: 0, shippingCents: 500, taxCents: 210, shippingTaxRateBasisPoints: 600 };
    const paid = paidAmounts(order, [
      { lineTotalCents: 3000, taxRateBasisPoints: 600 },
      { lineTotalCents: 1000, taxRateBasisPoints: 0 },
    ]);
    // 6 % of the 3000 line and the 500 shipping is 210, split 180 and 30.
    expect(paid).toEqual({ lines: [3180, 1000], netLines: [3000, 1000], shippingCents: 530 });
  });

  it("counts units so that a line returned in steps gives back exactly what it cost", () => {
    const steps = [unitsWorth(1000, 3, 0, 1), unitsWorth(1000, 3, 1, 1), unitsWorth(1000, 3, 2, 1)];
    expect(steps).toEqual([333, 333, 334]);
    expect(unitsWorth(1000, 3, 0, 3)).toBe(1000);
  });
});

describe("a return's window and moves", () => {
  const shipped = new Date("2026-01-01T00:00:00Z");
  it("is open for the owner's days after shipping, closed before shipping, after it and when set to 0", () => {
    expect(returnWindow(shipped, 30, new Date("2026-01-30T23:59:59Z"))).toEqual({ open: true, closesAt: new Date("2026-01-31T00:00:00Z") });
    expect(returnWindow(shipped, 30, new Date("2026-01-31T00:00:00Z"))).toMatchObject({ open: false });
    expect(returnWindow(null, 30)).toEqual({ open: false, why: "Items can be returned once the order has shipped." });
    expect(returnWindow(shipped, 0, shipped)).toMatchObject({ open: false, why: "This shop does not take returns online. Please contact us." });
  });

  it("moves only as the table says", () => {
    expect(canMoveReturn("requested", "approve")).toBe(true);
    expect(canMoveReturn("approved", "refund")).toBe(false);
    expect(canMoveReturn("received", "exchange")).toBe(true);
    expect(canMoveReturn("refunded", "close")).toBe(false);
  });
});
