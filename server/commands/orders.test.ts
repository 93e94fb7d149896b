import { formatMoney } from "../../core/money";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders, variants } from "../db/schema";
import type { OrderEvent } from "../order-events";
import type { SimulatedPaymentProvider } from "../payments/simulated";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, orderRow, paidOrder } from "../../tests/support/checkout";
import { ordersCommand } from "./orders";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

async function stock() {
  const [row] = await t.deps.db.select({ stock: variants.stock }).from(variants).where(eq(variants.sku, SKU));
  return row.stock;
}

const run = (...args: string[]) => ordersCommand(t.deps, "demo", args);

describe("npm run shop -- orders", () => {
  it("lists and shows orders, fulfils with the fulfilment hook, refunds and cancels with the stock given back", async () => {
    expect(await run("list")).toBe("No orders yet.");
    await paidOrder(t, 2);
    const list = await run("list");
    const number = Number(/#(\d+)/.exec(list)![1]);
    expect(list).toContain("paid");
    expect(list).toContain("$40.31");

    const shown = await run("show", String(number));
    expect(shown).toContain("2 x Tidewater House Blend (Whole Bean, 12 oz), SKU HOUSE-12OZ-WB  $32.00");
    expect(shown).toContain("Total: $40.31");
    expect(shown).toContain("Sacramento, CA 95814");

    const heard: OrderEvent[] = [];
    const stop = t.deps.orderEvents.onFulfilled((_deps, event) => {
      heard.push(event);
    });
    expect(await run("fulfil", String(number))).toBe(`Order #${number} is fulfilled.`);
    stop();
    expect(heard).toMatchObject([{ orderNumber: number, email: "shopper@example.com" }]);
    await expect(run("fulfil", String(number))).rejects.toThrow(`Order ${number} is fulfilled; only a paid order can be fulfilled`);

    const before = await stock();
    expect(await run("refund", String(number))).toBe(`Order #${number} is refunded; its stock is back.`);
    expect(await stock()).toBe(before + 2);

    await paidOrder(t, 3);
    const second = Number(/#(\d+)/.exec(await run("list"))![1]);
    expect(second).toBe(number + 1);
    const held = await stock();
    expect(await run("cancel", String(second))).toMatch(new RegExp(`^Order #${second} is cancelled and refunded`));
    // The simulated provider's own refund event arrives afterwards: it neither renames the cancellation a refund
    // nor gives the stock back a second time.
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    const [cancelled] = await t.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.number, second));
    expect(cancelled.status).toBe("cancelled");
    expect(await stock()).toBe(held + 3);
    expect(await run("refund", String(second)).catch((error: Error) => error.message)).toContain("cannot be refunded");
  });

  it("ships with a carrier and tracking number, refunds part of an order, and records both as done from the command line", async () => {
    const order = await orderRow(t, (await paidOrder(t, 2)).order_id);
    const number = String(order.number);
    expect(await run("fulfil", number, "--carrier", "ups", "--tracking", "1Z999")).toBe(
      [`Order #${number} is fulfilled.`, "Shipped with UPS, tracking 1Z999", "Track it: https://www.ups.com/track?tracknum=1Z999"].join("\n"),
    );
    expect(await run("show", number)).toContain("Shipped with UPS, tracking 1Z999\nTrack it: https://www.ups.com/track?tracknum=1Z999");

    const before = await stock();
    expect(await run("refund", number, "--amount", "2.50")).toBe(`Order #${number} is refunded $2.50.`);
    expect(await stock()).toBe(before);
    expect(await run("refund", number, "--amount=1", "--restock")).toBe(`Order #${number} is refunded $1.00; its stock is back.`);
    expect(await stock()).toBe(before + 2);
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    const [refunded] = await t.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(refunded.status).toBe("fulfilled");
    await expect(run("refund", number, "--amount", String(order.totalCents))).rejects.toThrow(
      `A refund of ${formatMoney(order.totalCents * 100)} is more than the ${formatMoney(order.totalCents - 350)} left to refund`,
    );

    const trail = await t.deps.db
      .select({ action: auditEvents.action, actor: auditEvents.actorLabel, kind: auditEvents.actorKind })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "order"), eq(auditEvents.entityId, number)));
    expect(trail).toEqual([
      { action: "order.fulfil", actor: "command line", kind: "command" },
      { action: "order.refund", actor: "command line", kind: "command" },
      { action: "order.refund", actor: "command line", kind: "command" },
    ]);
  });

  it("refuses a bad amount or flag, naming it", async () => {
    for (const amount of ["abc", "0", "-1", "1e3", ""]) {
      await expect(run("refund", "1", `--amount=${amount}`)).rejects.toThrow(`--amount is dollars and cents, more than 0 (got "${amount}")`);
    }
    await expect(run("refund", "1", "--amount")).rejects.toThrow("--amount");
    await expect(run("fulfil", "1", "--tracknig", "1Z")).rejects.toThrow("--tracknig");
    await expect(run("cancel", "1", "--restock")).rejects.toThrow("--restock");
    await expect(run("fulfil", "1", "UPS")).rejects.toThrow('Unexpected "UPS" after the order number');
  });

  it("explains its usage and refuses a bad order number", async () => {
    await expect(run()).rejects.toThrow("Usage: npm run shop -- orders <command>");
    await expect(run("show", "abc")).rejects.toThrow('An order number is a whole number (got "abc")');
    await expect(run("show", "999999")).rejects.toThrow("Order 999999 not found");
  });
});
