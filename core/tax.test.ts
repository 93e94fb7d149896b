import { describe, expect, it } from "vitest";
import { classRate, lineTaxes, taxByRate, taxedAmounts, taxShares, totalTax, type RegionTax } from "./tax";

/** Virginia as the journey sets it: 6 % standard, groceries (the reduced class) at 1 %, shipping taxed. */
const VIRGINIA: RegionTax = { rateBasisPoints: 600, taxesShipping: true, classRates: { reduced: 100 } };

describe("a class's rate in a region", () => {
  it("is the region's rate for standard, the class's own where the owner set one, 0 for exempt", () => {
    expect(classRate(VIRGINIA, "standard")).toBe(600);
    expect(classRate(VIRGINIA, "reduced")).toBe(100);
    expect(classRate(VIRGINIA, "exempt")).toBe(0);
  });

  it("is the standard rate for a class the owner gave no rate there, and nothing where the shop does not collect", () => {
    expect(classRate(VIRGINIA, "books")).toBe(600);
    expect(classRate({ ...VIRGINIA, classRates: {} }, "reduced")).toBe(600);
    expect(classRate(null, "standard")).toBeNull();
    expect(classRate(null, "exempt")).toBeNull();
  });
});

describe("the quote's tax, line by line", () => {
  it("splits the discount over the lines by their totals and gives each its class's rate", () => {
    const lines = [
      { totalCents: 5400, taxClass: "standard" },
      { totalCents: 3200, taxClass: "reduced" },
      { totalCents: 1400, taxClass: "exempt" },
    ];
    expect(lineTaxes(lines, 1000, VIRGINIA)).toEqual([
      { discountCents: 540, taxRateBasisPoints: 600 },
      { discountCents: 320, taxRateBasisPoints: 100 },
      { discountCents: 140, taxRateBasisPoints: 0 },
    ]);
    expect(lineTaxes(lines, 0, null).map((line) => line.taxRateBasisPoints)).toEqual([null, null, null]);
  });

  it("keeps the rate an edit keeps for a line, untaxed included, and prices the others today", () => {
    const lines = [
      { totalCents: 3200, taxClass: "reduced" },
      { totalCents: 3200, taxClass: "reduced" },
      { totalCents: 3200, taxClass: "standard" },
    ];
    expect(lineTaxes(lines, 0, VIRGINIA, [200, undefined, null]).map((line) => line.taxRateBasisPoints)).toEqual([200, 100, null]);
  });

  it("rounds each rate's tax once, the shipping with the standard rate: 6 % of $54 and $14.99, 1 % of $32, nothing on $14", () => {
    const taxes = lineTaxes(
      [
        { totalCents: 5400, taxClass: "standard" },
        { totalCents: 3200, taxClass: "reduced" },
        { totalCents: 1400, taxClass: "exempt" },
      ],
      0,
      VIRGINIA,
    );
    const amounts = taxedAmounts(
      [5400, 3200, 1400].map((lineTotalCents, index) => ({ lineTotalCents, ...taxes[index] })),
      { cents: 1499, rateBasisPoints: 600 },
    );
    // 6 % of 6899 is 413.94; 1 % of 3200 is 32; 0 % of 1400 is 0.
    expect(taxByRate(amounts)).toEqual([
      { rateBasisPoints: 600, baseCents: 6899, taxCents: 414 },
      { rateBasisPoints: 100, baseCents: 3200, taxCents: 32 },
      { rateBasisPoints: 0, baseCents: 1400, taxCents: 0 },
    ]);
    expect(totalTax(amounts)).toBe(446);
    // Each line's share of its rate's tax: the 414 split over the $54 line and the shipping.
    expect(taxShares(amounts)).toEqual([324, 32, 0, 90]);
  });

  it("taxes an order of one rate as one sum, as the quote always did, where rounding each line would charge a cent more", () => {
    // 7.25 % of each $10.30 is 74.675 → 75, twice 150; of the $20.60 together 149.35 → 149.
    const lines = [
      { cents: 1030, rateBasisPoints: 725 },
      { cents: 1030, rateBasisPoints: 725 },
      { cents: 599, rateBasisPoints: null },
    ];
    expect(totalTax(lines)).toBe(149);
    expect(taxShares(lines)).toEqual([75, 74, 0]);
  });
});
