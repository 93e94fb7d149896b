/**
 * The wishlist report through the admin API (/api/admin/wishlists): the most saved products with their price-drop
 * watchers, and products with back-in-stock alerts waiting even when nobody saved them; fulfilment staff refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../tests/support/app";
import { adminApi } from "../../tests/support/api-tokens";
import { customers, products, stockAlerts, variants } from "../db/schema";
import { DEMO } from "../db/seed-content";
import { saveToWishlist, setPriceDropAlerts } from "../wishlist/wishlist";

const api = adminApi();
const { call } = api;
let t: TestApp;
let fulfilment: Record<string, string>;
beforeAll(() => ({ t, fulfilment } = api));

const { mug, kettle, grinder } = DEMO.productHandles;

async function customer(email: string): Promise<number> {
  const [row] = await t.deps.db
    .insert(customers)
    .values({ storeId: t.deps.storeId, email, emailNormalized: email, passwordHash: "-", firstName: "W", lastName: "W" })
    .returning({ id: customers.id });
  return row.id;
}

describe("the wishlist report", () => {
  it("lists nothing before anyone saves or waits", async () => {
    expect(await call("GET", "/api/admin/wishlists")).toEqual({ status: 200, body: { products: [] } });
  });

  it("ranks products by saves, with watchers and the back-in-stock alerts waiting", async () => {
    const ann = await customer("ann@example.com");
    const bob = await customer("bob@example.com");
    await setPriceDropAlerts(t.deps.db, t.deps.storeId, ann, true);
    await saveToWishlist(t.deps.db, t.deps.storeId, { customerId: ann }, mug);
    await saveToWishlist(t.deps.db, t.deps.storeId, { customerId: bob }, mug);
    await saveToWishlist(t.deps.db, t.deps.storeId, { guestCartId: "a-guest-cart" }, mug);
    await saveToWishlist(t.deps.db, t.deps.storeId, { customerId: ann }, kettle);
    const [soldOut] = await t.deps.db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.handle, grinder))
      .limit(1);
    const alert = { storeId: t.deps.storeId, variantId: soldOut.id, confirmedAt: new Date() };
    await t.deps.db.insert(stockAlerts).values([
      { ...alert, email: "c@example.com", emailNormalized: "c@example.com" },
      { ...alert, email: "d@example.com", emailNormalized: "d@example.com" },
      // Not confirmed: not waiting.
      { ...alert, email: "e@example.com", emailNormalized: "e@example.com", confirmedAt: null },
    ]);

    const { status, body } = await call("GET", "/api/admin/wishlists");
    expect(status).toBe(200);
    expect(body.products).toEqual([
      { handle: mug, title: "Harbor Stoneware Mug", saves: 3, price_watchers: 1, stock_alerts_waiting: 0 },
      { handle: kettle, title: expect.any(String), saves: 1, price_watchers: 1, stock_alerts_waiting: 0 },
      { handle: grinder, title: expect.any(String), saves: 0, price_watchers: 0, stock_alerts_waiting: 2 },
    ]);
  });

  it("is the catalogue's: fulfilment staff are refused", async () => {
    expect((await call("GET", "/api/admin/wishlists", undefined, fulfilment)).status).toBe(403);
  });
});
