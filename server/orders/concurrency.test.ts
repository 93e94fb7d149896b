import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, payWithCard, startCheckout, submitOrder } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { orders, variants } from "../db/schema";

// Real concurrency needs real connections: PGlite runs one query at a time, so this runs on PostgreSQL only.
describe.skipIf(!usingPostgres())("concurrent checkouts on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // One bag at $25 clears the $20 minimum, so every shopper buys a single unit of the last 10.
    await t.deps.db.update(variants).set({ stock: 10, priceCents: 2500 }).where(eq(variants.sku, SKU));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("50 simultaneous checkouts of a variant with stock 10 end with exactly 10 paid orders and stock 0", async () => {
    const sessions = await Promise.all(Array.from({ length: 50 }, () => startCheckout(t, 1, SKU, 2500)));
    const outcomes = await Promise.all(
      sessions.map(async ({ sessionId }) => {
        const submitted = await submitOrder(t, sessionId);
        if (submitted.status !== 200) return submitted.status;
        const paid = await payWithCard(t, submitted.body.client_secret);
        return paid.body.status;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === "succeeded")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(40);

    const [variant] = await t.deps.db.select({ stock: variants.stock }).from(variants).where(eq(variants.sku, SKU));
    expect(variant.stock).toBe(0);
    const paid = await t.deps.db.select().from(orders).where(eq(orders.status, "paid"));
    expect(paid).toHaveLength(10);
    expect(new Set(paid.map((order) => order.number)).size).toBe(10);
  });
});
