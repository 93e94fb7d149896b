import { describe, expect, it } from "vitest";
import { combinationsOf, placeVariants, skuFor } from "./variant-combinations";

const SIZE = { name: "Size", values: ["250 g", "1 kg"] };
const GRIND = { name: "Grind", values: ["Whole bean", "Espresso"] };

describe("combinationsOf", () => {
  it("makes one combination per value of each option, the first option varying slowest", () => {
    expect(combinationsOf([SIZE, GRIND])).toEqual([
      ["250 g", "Whole bean"],
      ["250 g", "Espresso"],
      ["1 kg", "Whole bean"],
      ["1 kg", "Espresso"],
    ]);
  });

  it("makes the one variant of a product without options, and none when an option has no value", () => {
    expect(combinationsOf([])).toEqual([[]]);
    expect(combinationsOf([SIZE, { name: "Grind", values: [] }])).toEqual([]);
  });
});

describe("placeVariants", () => {
  it("keeps an existing row on the combination with its values, whatever their case, and leaves the rest new", () => {
    const saved = { values: ["1 KG", "espresso"], sku: "HB-1KG-ESP" };
    const { rows, left } = placeVariants([SIZE, GRIND], [saved]);
    expect(rows.map((row) => row.existing?.sku ?? null)).toEqual([null, null, null, "HB-1KG-ESP"]);
    expect(rows[3].values).toEqual(["1 kg", "Espresso"]);
    expect(left).toEqual([]);
  });

  it("puts the rows saved before an option was added under that option's first value", () => {
    const small = { values: ["250 g"], sku: "HB-250" };
    const large = { values: ["1 kg", ""], sku: "HB-1KG" };
    const { rows } = placeVariants([SIZE, GRIND], [small, large]);
    expect(rows.map((row) => row.existing?.sku ?? null)).toEqual(["HB-250", null, "HB-1KG", null]);
  });

  it("hands back the rows no combination takes, and uses each row once", () => {
    const gone = { values: ["500 g", "Whole bean"], sku: "HB-500" };
    const first = { values: ["250 g", "Whole bean"], sku: "A" };
    const twin = { values: ["250 g", "Whole bean"], sku: "B" };
    const { rows, left } = placeVariants([SIZE, GRIND], [gone, first, twin]);
    expect(rows[0].existing?.sku).toBe("A");
    expect(left.map((row) => row.sku)).toEqual(["HB-500", "B"]);
  });
});

describe("skuFor", () => {
  it("spells the handle and values as a SKU, numbered past the ones taken", () => {
    expect(skuFor("house-blend", ["250 g", "Whole bean"], new Set())).toBe("HOUSE-BLEND-250G-WHOLE-BEAN");
    expect(skuFor("house-blend", ["Café crème"], new Set(["house-blend-cafe-creme"]))).toBe("HOUSE-BLEND-CAFE-CREME-2");
    expect(skuFor("", [], new Set())).toBe("VARIANT");
    expect(skuFor("a".repeat(80), ["x"], new Set()).length).toBeLessThanOrEqual(64);
  });
});
