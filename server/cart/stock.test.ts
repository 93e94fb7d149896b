import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiBundleCartItem as BundleCartItem } from "../../core/cart-wire";
import type { CartResponse } from "../../core/schemas/cart";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { DEMO } from "../db/seed";
import { bundles } from "../db/schema";
import { eq } from "drizzle-orm";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const SAGE = DEMO.lowStock;

describe("the cart answers with what the drawer needs to tell stock where the choice is made", () => {
  it("names every held variant's stock, bundles' included, and each bundle product's chosen options", async () => {
    const [kit] = await t.deps.db.select().from(bundles).where(eq(bundles.handle, DEMO.bundleHandles.pourOverKit));
    const chosen = { "ceramic-dripper": SAGE.sku, "cone-filters": "FILT-100", "house-blend": "HOUSE-12OZ-WB" };
    const response = await t.call("POST", "/api/cart-items", {
      cartItems: [
        { kind: "product", sku: SAGE.sku, quantity: 1 },
        { kind: "bundle", bundle_id: kit.id, quantity: 2, selected_variants: chosen },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CartResponse;
    expect(body.stock[SAGE.sku]).toBe(SAGE.stock);
    expect(Object.keys(body.stock).sort()).toEqual(Object.values(chosen).sort());

    const line = body.cartItems[1] as BundleCartItem;
    expect(line.contents.map((content) => content.handle)).toEqual(line.handles);
    expect(line.contents[0]).toEqual({ handle: "ceramic-dripper", sku: SAGE.sku, quantity: 1, product_attributes: { Colour: "Sage" } });

    const empty = (await (await t.call("GET", "/api/cart-items")).json()) as CartResponse;
    expect(empty.stock).toEqual({});
  });
});
