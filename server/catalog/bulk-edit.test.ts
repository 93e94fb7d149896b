import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { auditEvents, products, stockAdjustments, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import type { AuditActor } from "../audit/audit";
import { applyBulkEdit, bulkTargets, previewBulkEdit, priceAfterPercent } from "./bulk-edit";

const owner: AuditActor = { storeId: "demo", kind: "staff", id: 1, label: "owner@example.com" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const rowsIn = async (table: typeof auditEvents | typeof stockAdjustments) => (await t.deps.db.select({ n: count() }).from(table))[0].n;

async function productId(handle: string) {
  const [row] = await t.deps.db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
  return row.id;
}

describe("a price moved by a percentage", () => {
  it("rounds to the nearest cent and never goes below zero", () => {
    expect(priceAfterPercent(1999, 10)).toBe(2199);
    expect(priceAfterPercent(1999, -33.3)).toBe(1333);
    expect(priceAfterPercent(5, -90)).toBe(1);
    expect(priceAfterPercent(0, 1000)).toBe(0);
  });
});

describe("bulk edits", () => {
  it("preview nothing: no price, stock, history row or audit event is kept", async () => {
    const press = await productId(DEMO.productHandles.frenchPress);
    const before = await t.deps.db.select().from(variants).where(eq(variants.productId, press));
    const [audits, history] = [await rowsIn(auditEvents), await rowsIn(stockAdjustments)];
    for (const change of [
      { kind: "price_set", price_cents: 100 },
      { kind: "stock_adjust", delta: 5, reason: "received" },
      { kind: "status", status: "archived" },
    ] as const) {
      const preview = await previewBulkEdit(t.deps.db, owner, { product_ids: [press], change });
      expect(preview.changedCount).toBeGreaterThan(0);
    }
    expect(await t.deps.db.select().from(variants).where(eq(variants.productId, press))).toEqual(before);
    expect([await rowsIn(auditEvents), await rowsIn(stockAdjustments)]).toEqual([audits, history]);
  });

  it("apply a stock change through the history, one row and one audit event per variant, variants and products named together", async () => {
    const press = await productId(DEMO.productHandles.frenchPress);
    const [kettle] = await t.deps.db.select().from(variants).where(eq(variants.sku, "KETTLE-STEEL"));
    const chosen = await bulkTargets(t.deps.db, "demo", { variantIds: [kettle.id], productIds: [press] });
    const skus = chosen.map((target) => target.sku);
    expect(skus).toEqual([...skus].sort());
    const [audits, history] = [await rowsIn(auditEvents), await rowsIn(stockAdjustments)];
    const done = await applyBulkEdit(t.deps.db, owner, { variant_ids: [kettle.id], product_ids: [press], change: { kind: "stock_adjust", delta: 4, reason: "received" } });
    expect(done).toMatchObject({ variantCount: chosen.length, changedCount: chosen.length, refusedCount: 0 });
    expect([await rowsIn(auditEvents), await rowsIn(stockAdjustments)]).toEqual([audits + chosen.length, history + chosen.length]);
    const after = await t.deps.db.select().from(variants).where(inArray(variants.sku, skus));
    for (const target of chosen) expect(after.find((row) => row.sku === target.sku)!.stock).toBe(target.stock + 4);
  });

  it("refuse more than 500 variants at once, and ids the store does not have", async () => {
    const mug = await productId(DEMO.productHandles.campMug);
    await t.deps.db
      .insert(variants)
      .values(Array.from({ length: 501 }, (_, i) => ({ storeId: "demo", productId: mug, sku: `BULK-${i}`, priceCents: 100, attributes: { Size: `${i}` } })));
    await expect(bulkTargets(t.deps.db, "demo", { variantIds: [], productIds: [mug] })).rejects.toMatchObject({ kind: "bad-input", field: "product_ids" });
    await expect(
      applyBulkEdit(t.deps.db, owner, { variant_ids: [999_999], change: { kind: "price_set", price_cents: 1 } }),
    ).rejects.toMatchObject({ kind: "bad-input", field: "variant_ids" });
  });
});
