import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { paidOrderBy, SKU, startCheckout, stockOf, submitOrder } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { auditEvents, products, stockAdjustments, variants } from "../db/schema";
import { lowStockVariants } from "../orders/dashboard";
import { cancelOrder } from "../orders/operations";
import { sweepPendingOrders } from "../orders/sweep";
import type { AuditActor } from "../audit/audit";
import { inventoryItem, listInventory, recordStockChange, stockHistory } from "./stock";

// startCheckout types its sku as the House Blend's (its default); any sku of the demo store will do.
const KETTLE = "KETTLE-BLACK" as typeof SKU;
const owner: AuditActor = { storeId: "demo", kind: "staff", id: 1, label: "owner@example.com" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

async function variantIdOf(sku: string) {
  const [row] = await t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
  return row.id;
}

const historyOf = async (sku: string) => stockHistory(t.deps.db, "demo", await variantIdOf(sku));

const change = (sku: string, amount: { delta: number } | { setTo: number }, note?: string) =>
  variantIdOf(sku).then((variantId) =>
    t.deps.db.transaction((tx) => recordStockChange(tx, owner, { variantId, reason: "received", note, ...amount })),
  );

describe("a staff member's stock change", () => {
  it("moves the stock, leaves a history row with reason, note and who, and an audit event", async () => {
    const before = await stockOf(t, KETTLE);
    expect(await change(KETTLE, { delta: 10 }, "pallet from the supplier")).toMatchObject({ delta: 10, stockAfter: before + 10 });
    const [latest] = await historyOf(KETTLE);
    expect(latest).toMatchObject({ delta: 10, stockAfter: before + 10, reason: "received", note: "pallet from the supplier", actorLabel: owner.label, orderNumber: null });
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "variant.stock")).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorLabel: owner.label, entity: "variant", entityId: String(await variantIdOf(KETTLE)) });
    expect(event.changes).toMatchObject({ stock: { before, after: before + 10 }, reason: { before: null, after: "received" } });
  });

  it("sets a counted stock as the difference, and refuses one below zero with 409, changing nothing", async () => {
    expect(await change(KETTLE, { setTo: 7 })).toMatchObject({ stockAfter: 7 });
    expect((await historyOf(KETTLE))[0]).toMatchObject({ stockAfter: 7 });
    const rows = (await historyOf(KETTLE)).length;
    await expect(change(KETTLE, { delta: -8 })).rejects.toMatchObject({ kind: "conflict", field: "delta" });
    expect(await stockOf(t, KETTLE)).toBe(7);
    expect(await historyOf(KETTLE)).toHaveLength(rows);
    // Setting what is already there is no change at all.
    expect(await change(KETTLE, { setTo: 7 })).toMatchObject({ delta: 0, stockAfter: 7 });
    expect(await historyOf(KETTLE)).toHaveLength(rows);
  });
});

describe("checkouts and orders in the history", () => {
  it("records a checkout's hold as sold and a cancel's restock as returned, by the staff member, with the order", async () => {
    const order = await paidOrderBy(t, { email: "ana@example.com", name: "Ana Alves" }, 2);
    const [sold] = await historyOf(SKU);
    expect(sold).toMatchObject({ delta: -2, reason: "sold", actorLabel: "checkout", orderId: order.id, orderNumber: order.number });
    await cancelOrder(t.deps, "demo", order.number!, { actor: owner });
    const [returned] = await historyOf(SKU);
    expect(returned).toMatchObject({ delta: 2, stockAfter: sold.stockAfter + 2, reason: "returned", actorLabel: owner.label, note: "order cancelled", orderNumber: order.number });
  });

  it("records an unpaid hold let go when it expires as returned by the checkout", async () => {
    const { sessionId } = await startCheckout(t, 1, KETTLE, 5900);
    const { body } = await submitOrder(t, sessionId);
    const [held] = await historyOf(KETTLE);
    expect(held).toMatchObject({ delta: -1, reason: "sold", orderId: body.order_id, orderNumber: null });
    await sweepPendingOrders(t.deps, new Date(Date.now() + 24 * 3_600_000));
    const [released] = await historyOf(KETTLE);
    expect(released).toMatchObject({ delta: 1, reason: "returned", actorLabel: "checkout", note: "order expired", orderId: body.order_id });
  });
});

describe("the inventory list", () => {
  it("finds variants by sku or title, flags those at or below their own threshold or the shop's, a page at a time", async () => {
    const kettles = await listInventory(t.deps.db, "demo", { q: "gooseneck" });
    expect(kettles.items.map((item) => item.sku).sort()).toEqual(["KETTLE-BLACK", "KETTLE-STEEL"]);
    expect((await listInventory(t.deps.db, "demo", { q: "kettle-st" })).items.map((item) => item.sku)).toEqual(["KETTLE-STEEL"]);
    expect((await listInventory(t.deps.db, "demo", { q: "%" })).items).toEqual([]);

    const steel = await variantIdOf("KETTLE-STEEL");
    const stock = await stockOf(t, "KETTLE-STEEL");
    await t.deps.db.update(variants).set({ lowStockThreshold: stock }).where(eq(variants.id, steel));
    expect(await inventoryItem(t.deps.db, "demo", steel)).toMatchObject({ lowStockThreshold: stock, lowStockLimit: stock, low: true });
    const low = await listInventory(t.deps.db, "demo", { low: true, limit: 500 });
    expect(low.items.every((item) => item.low)).toBe(true);
    expect(low.items.map((item) => item.sku)).toEqual(expect.arrayContaining(["KETTLE-STEEL", "DRIP-SAGE"]));
    expect((await lowStockVariants(t.deps.db, "demo", 100)).map((row) => row.sku)).toContain("KETTLE-STEEL");
    // An archived product is not sold: its low stock is nothing to restock.
    const [{ productId }] = await t.deps.db.select({ productId: variants.productId }).from(variants).where(eq(variants.id, steel));
    await t.deps.db.update(products).set({ status: "archived" }).where(eq(products.id, productId));
    expect((await lowStockVariants(t.deps.db, "demo", 100)).map((row) => row.sku)).not.toContain("KETTLE-STEEL");
    await t.deps.db.update(products).set({ status: "active" }).where(eq(products.id, productId));
    expect(await lowStockVariants(t.deps.db, "demo", 100)).toContainEqual(expect.objectContaining({ sku: "KETTLE-STEEL", variantId: steel }));
    await t.deps.db.update(variants).set({ lowStockThreshold: stock - 1 }).where(eq(variants.id, steel));
    expect((await lowStockVariants(t.deps.db, "demo", 100)).map((row) => row.sku)).not.toContain("KETTLE-STEEL");

    const first = await listInventory(t.deps.db, "demo", { limit: 2 });
    const second = await listInventory(t.deps.db, "demo", { limit: 2, cursor: first.nextCursor! });
    expect(second.items[0].variantId).toBeGreaterThan(first.items[1].variantId);
    await expect(listInventory(t.deps.db, "demo", { cursor: "x" })).rejects.toMatchObject({ kind: "bad-input", field: "cursor" });
    await expect(inventoryItem(t.deps.db, "demo", 999_999)).rejects.toMatchObject({ kind: "not-found" });
  });
});

// Real concurrency needs real connections: PGlite runs one query at a time, so this runs on PostgreSQL only.
describe.skipIf(!usingPostgres())("an adjustment racing checkouts on PostgreSQL", () => {
  const race = async (start: number, shoppers: number) => {
    const variantId = await variantIdOf(KETTLE);
    await t.deps.db.update(variants).set({ stock: start }).where(eq(variants.id, variantId));
    const [{ lastId }] = await t.deps.db
      .select({ lastId: stockAdjustments.id })
      .from(stockAdjustments)
      .orderBy(desc(stockAdjustments.id))
      .limit(1)
      .then((rows) => (rows.length > 0 ? rows : [{ lastId: 0 }]));
    const sessions = await Promise.all(Array.from({ length: shoppers }, () => startCheckout(t, 1, KETTLE, 5900)));
    const damaged = t.deps.db.transaction((tx) => recordStockChange(tx, owner, { variantId, reason: "damaged", delta: -3 }));
    const [adjusted, ...checkouts] = await Promise.allSettled([damaged, ...sessions.map(({ sessionId }) => submitOrder(t, sessionId))]);
    const sold = checkouts.filter((outcome) => outcome.status === "fulfilled" && outcome.value.status === 200).length;
    const refused = checkouts.filter((outcome) => outcome.status === "fulfilled" && outcome.value.status === 409).length;
    expect(sold + refused).toBe(shoppers);
    const taken = adjusted.status === "fulfilled" ? 3 : 0;
    if (adjusted.status === "rejected") expect(adjusted.reason).toMatchObject({ kind: "conflict" });
    const final = await stockOf(t, KETTLE);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(start - sold - taken);
    const rows = await t.deps.db
      .select({ id: stockAdjustments.id, delta: stockAdjustments.delta, stockAfter: stockAdjustments.stockAfter })
      .from(stockAdjustments)
      .where(eq(stockAdjustments.variantId, variantId))
      .orderBy(stockAdjustments.id);
    const raced = rows.filter((row) => row.id > lastId);
    expect(raced.reduce((sum, row) => sum + row.delta, 0)).toBe(final - start);
    expect(raced.length).toBe(sold + (taken ? 1 : 0));
    expect(raced.every((row) => row.stockAfter >= 0)).toBe(true);
    return { sold, taken };
  };

  it("with enough for everyone: every checkout and the adjustment are made, and the history sums to the change", async () => {
    expect(await race(20, 12)).toEqual({ sold: 12, taken: 3 });
  });

  it("with too little: the stock ends at zero or above, exactly what the checkouts and the adjustment took", async () => {
    const { sold, taken } = await race(10, 12);
    expect(sold + taken).toBeLessThanOrEqual(10);
    expect(sold).toBeGreaterThanOrEqual(7);
  });
});
