import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, payWithCard, startCheckout, submitOrder } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { productInputSchema } from "../../core/schemas/admin-catalogue";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { saveProduct } from "../catalog/product-editor";
import { orderLines, orders, variants } from "../db/schema";
import { statusOf } from "../http/errors";

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

describe.skipIf(!usingPostgres())("a variant's removal racing its sale on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const actor = (): AuditActor => ({ ...commandLineActor(t.deps.storeId), kind: "staff", id: 1, label: "owner@example.com" });
  const product = (round: number, skus: string[]) =>
    productInputSchema.parse({
      handle: `race-tee-${round}`,
      title: `Race Tee ${round}`,
      status: "active",
      options: ["Size"],
      variants: skus.map((sku) => ({ sku, option_values: [sku], price_cents: 2500, stock: 50 })),
    });

  it("a save that leaves out a variant is refused once an order names it, or the order is refused: never a sold variant gone unasked", async () => {
    for (let round = 1; round <= 6; round++) {
      const [sold, kept] = [`RACE-${round}-A`, `RACE-${round}-B`];
      await t.deps.db.transaction((tx) => saveProduct(tx, actor(), product(round, [sold, kept]), { create: true }));
      const sessions = await Promise.all(Array.from({ length: 6 }, () => startCheckout(t, 1, sold, 2500)));
      const [saved, ...submitted] = await Promise.allSettled([
        t.deps.db.transaction((tx) => saveProduct(tx, actor(), product(round, [kept]), { byHandle: true })),
        ...sessions.map(({ sessionId }) => submitOrder(t, sessionId)),
      ]);
      const placed = submitted.filter((outcome) => outcome.status === "fulfilled" && outcome.value.status === 200).length;
      for (const outcome of submitted) expect(outcome.status === "fulfilled" && [200, 409].includes(outcome.value.status)).toBe(true);
      const [variant] = await t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sold));
      const named = await t.deps.db.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.sku, sold));
      expect(named).toHaveLength(placed);
      if (saved.status === "fulfilled") {
        expect(variant).toBeUndefined();
        expect(placed).toBe(0);
      } else {
        expect(statusOf(saved.reason)).toBe(409);
        expect(variant).toBeDefined();
        expect(placed).toBeGreaterThan(0);
      }
    }
  });
});
