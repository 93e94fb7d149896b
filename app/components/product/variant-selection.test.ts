import { describe, expect, it } from "vitest";
import type { Variant } from "@core/schemas/catalog";
import { firstOptions, isComplete, matchVariant } from "./variant-selection";

const variant = (sku: string, product_attributes: Record<string, string>): Variant => ({
  sku,
  product_attributes,
  product_price: 10,
  description: "",
  total_stock: 5,
  subscription: [],
  compare_at_price: null,
  image_url: null,
});

const variantList = { Size: ["S", "L"], Colour: ["Red", "Blue"] };
const variants = [variant("S-RED", { Size: "S", Colour: "Red" }), variant("L-BLUE", { Size: "L", Colour: "Blue" })];

describe("variant selection", () => {
  it("starts from the first option of every attribute", () => {
    expect(firstOptions(variantList)).toEqual({ Size: "S", Colour: "Red" });
    expect(matchVariant(variants, variantList, firstOptions(variantList))?.sku).toBe("S-RED");
  });

  it("re-matches on change, with no match giving none", () => {
    expect(matchVariant(variants, variantList, { Size: "L", Colour: "Blue" })?.sku).toBe("L-BLUE");
    expect(matchVariant(variants, variantList, { Size: "L", Colour: "Red" })).toBeNull();
  });

  it("matches nothing until every attribute is chosen", () => {
    expect(isComplete(variantList, { Size: "S" })).toBe(false);
    expect(matchVariant(variants, variantList, { Size: "S" })).toBeNull();
    expect(isComplete(variantList, { Size: "S", Colour: "Red" })).toBe(true);
  });
});
