import { describe, expect, it } from "vitest";
import type { BundleLine, Discount, ProductLine } from "./cart";
import { fromApiCartItem, fromApiDiscount, lineRequestOf, toApiCartItem, toApiDiscount } from "./cart-wire";

const subscribed: ProductLine = {
  kind: "product",
  sku: "HOUSE-12OZ-WB",
  subscription: { id: "sub-1", priceCents: 1440, interval: 2, intervalUnit: "week" },
  handle: "house-blend",
  title: "House Blend",
  quantity: 2,
  unitCents: 1440,
  imageUrls: ["/images/house.jpg"],
  attributes: { Size: "12 oz" },
};

const kit: BundleLine = {
  kind: "bundle",
  bundleId: 3,
  selectedVariants: { dripper: "DRIP-SAGE", filters: "FILTER-100" },
  title: "Pour-Over Kit",
  quantity: 1,
  unitCents: 4599,
  imageUrls: ["/images/kit.jpg"],
  handles: ["dripper", "filters"],
  contents: [
    { handle: "dripper", sku: "DRIP-SAGE", quantity: 1, attributes: { Colour: "Sage" } },
    { handle: "filters", sku: "FILTER-100", quantity: 2, attributes: {} },
  ],
};

describe("the cart's wire shapes", () => {
  it("puts a product line in the spec's dollars and snake_case, and reads it back unchanged", () => {
    const item = toApiCartItem(subscribed);
    expect(item).toMatchObject({
      sku: "HOUSE-12OZ-WB",
      product_price: 14.4,
      image_urls: ["/images/house.jpg"],
      product_attributes: { Size: "12 oz" },
      subscription: { subscription_id: "sub-1", subscription_price: 14.4, subscription_interval: 2, subscription_interval_unit: "week" },
    });
    expect(fromApiCartItem(item)).toEqual(subscribed);
    expect(toApiCartItem({ ...subscribed, subscription: null })).not.toHaveProperty("subscription");
  });

  it("gives a bundle line its price as a string and sku_to_quantity from what it holds", () => {
    const item = toApiCartItem(kit);
    expect(item).toMatchObject({ bundle_id: 3, price: "45.99", sku_to_quantity: { "DRIP-SAGE": 1, "FILTER-100": 2 } });
    expect(fromApiCartItem(item)).toEqual(kit);
  });

  it("reads only a line's identity and quantity from a save request", () => {
    expect(lineRequestOf({ kind: "product", sku: "A", quantity: 3, subscription: { subscription_id: "s" } })).toEqual({
      kind: "product",
      sku: "A",
      subscription: { id: "s" },
      quantity: 3,
    });
    expect(lineRequestOf({ kind: "bundle", bundle_id: 3, quantity: 1, selected_variants: { a: "B" } })).toEqual({
      kind: "bundle",
      bundleId: 3,
      selectedVariants: { a: "B" },
      quantity: 1,
    });
  });

  it("turns a discount's cents into the spec's dollars and back", () => {
    const capped: Discount = { code: "SAVE15", percentage: 15, maxRedeemableCents: 1000, amountCents: null, maxRedemptions: 9, freeShipping: false };
    expect(toApiDiscount(capped)).toEqual({
      code: "SAVE15",
      discount_percentage: 15,
      max_redeemable_amount: 10,
      discount_amount: null,
      max_redemptions: 9,
      free_shipping: false,
    });
    expect(fromApiDiscount(toApiDiscount(capped))).toEqual(capped);
  });
});
