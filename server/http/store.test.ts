import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { discounts, storeSettings, stores } from "../db/schema";
import { getStoreSettings } from "../store/settings";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.insert(stores).values({ id: "second", name: "Second shop" });
  // Every store has its settings (a discount's days are read in its time zone): the second one starts as the first.
  await t.deps.db.insert(storeSettings).values({ storeId: "second", settings: await getStoreSettings(t.deps.db, t.deps.storeId) });
  await t.deps.db.insert(discounts).values({ storeId: "second", code: "SECONDONLY", percentage: 10, maxRedemptions: 5 });
});

afterAll(async () => {
  await t.database.dispose();
});

describe("the store a request is for", () => {
  it("is another store the request names, by query or JSON body, when it exists", async () => {
    expect((await t.call("GET", "/api/discount/SECONDONLY")).status).toBe(404);
    expect((await t.call("GET", "/api/discount/SECONDONLY?store_id=second")).status).toBe(200);
  });

  it("is 404 'Store not found' for an unknown store on every API route, before its handler runs", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/cart-items?store_id=nope", undefined],
      ["POST", "/api/cart-items", { store_id: "nope", cartItems: [] }],
      ["POST", "/api/auth/logout", { store_id: "nope" }],
      ["GET", "/api/stripe/checkout-session?session_id=cs_x&store_id=nope", undefined],
    ] as const) {
      const response = await t.call(method, path, body);
      expect([path, response.status, await response.json()]).toEqual([path, 404, { error: "Store not found" }]);
    }
  });

  it("leaves a store_id the database cannot store to the route's schema", async () => {
    const response = await t.call("POST", "/api/search/keyword-search", { store_id: "de\u0000mo", query: "tea" });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe("store_id");
  });
});
