import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { refunds, returnLines, returns, simulatedRefunds, variants } from "../db/schema";
import type { AuditActor } from "../audit/audit";
import { fulfilOrder } from "../orders/operations";
import { linesOf } from "../orders/orders";
import type { SimulatedPaymentProvider } from "../payments/simulated";
import { approveReturn, receiveReturn, refundReturn, startReturn } from "./returns";

const staff = (label: string): AuditActor => ({ storeId: "demo", kind: "staff", id: null, label });

// Real concurrency needs real connections: PGlite runs one query at a time, so this runs on PostgreSQL only.
describe.skipIf(!usingPostgres())("returns at once on PostgreSQL, from two instances", () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp();
    two = secondInstance(one);
    await one.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  });
  afterAll(async () => {
    await one.database.dispose();
  });

  const settled = (outcomes: PromiseSettledResult<unknown>[]) => ({
    done: outcomes.filter((outcome) => outcome.status === "fulfilled").length,
    refused: outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => (outcome as PromiseRejectedResult).reason.kind),
  });

  it("two staff refunding the same return at once refund it once", async () => {
    const paid = await paidOrderBy(one, { email: "race@example.com", name: "Race Condition" }, 2);
    const order = await fulfilOrder(one.deps, "demo", paid.number!);
    const [line] = await linesOf(one.deps.db, order.id);
    const ret = await startReturn(one.deps, "demo", order.number!, { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "damaged" }, { customer: true });
    await approveReturn(one.deps, "demo", ret.id);
    await receiveReturn(one.deps, "demo", ret.id, []);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => refundReturn((index % 2 === 0 ? one : two).deps, "demo", ret.id, { actor: staff(`staff ${index}`) })),
    );
    expect(settled(outcomes)).toEqual({ done: 1, refused: Array(5).fill("conflict") });
    await Promise.all([one, two].map((instance) => (instance.deps.payments as SimulatedPaymentProvider).drain()));
    const made = await one.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ idempotencyKey: `return:${ret.id}`, status: "succeeded" });
    expect(await one.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.idempotencyKey, `return:${ret.id}`))).toHaveLength(1);
  });

  it("returns of the same units at once, and a return racing the shipment, never return more than was bought", async () => {
    const paid = await paidOrderBy(one, { email: "many@example.com", name: "Many Returns" }, 3);
    const [line] = await linesOf(one.deps.db, paid.id);
    const ask = (instance: TestApp, quantity: number) =>
      startReturn(instance.deps, "demo", paid.number!, { lines: [{ order_line_id: line.id, quantity }], reason: "changed_mind" }, { customer: true });

    // The shipment and a return at once: the return waits on the order's lock, and is refused only if it came first.
    const [shipped, early] = await Promise.allSettled([fulfilOrder(two.deps, "demo", paid.number!), ask(one, 1)]);
    expect(shipped.status).toBe("fulfilled");
    const earlyUnits = early.status === "fulfilled" ? 1 : 0;
    if (early.status === "rejected") expect(early.reason.kind).toBe("conflict");

    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => ask(index % 2 === 0 ? one : two, 1)));
    const { done, refused } = settled(outcomes);
    expect(done).toBe(3 - earlyUnits);
    expect(refused.every((kind) => kind === "rule-broken")).toBe(true);
    const units = await one.deps.db
      .select({ quantity: returnLines.quantity })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(eq(returns.orderId, paid.id));
    expect(units.reduce((sum, row) => sum + row.quantity, 0)).toBe(3);
  });
});
