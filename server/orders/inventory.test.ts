import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { DEMO } from "../db/seed";
import { reserveStock } from "./inventory";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

describe("a stock shortage at Pay Now", () => {
  it("names the product and its options for the shopper, never the sku", async () => {
    const { sku, stock } = DEMO.lowStock;
    const reserving = t.deps.db.transaction((tx) => reserveStock(tx, t.deps.storeId, [[sku, stock + 1]], { orderId: null, actorLabel: "checkout" }));
    await expect(reserving).rejects.toThrow(
      "Not enough stock for Ceramic Pour-Over Dripper — Sage: please reduce the quantity or remove it from your cart",
    );
    await expect(reserving).rejects.not.toThrow(sku);
  });
});
