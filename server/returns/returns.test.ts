import { dayRange } from "../../core/shop-time";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidAmounts } from "../../core/returns";
import { formatMoney } from "../../core/money";
import { payLinkWithCard } from "../orders/payment-links";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy, stockOf } from "../../tests/support/checkout";
import { auditEvents, invoices, mailAttachments, mailOutbox, orders, refunds, returns, simulatedRefunds, stockAdjustments, variants } from "../db/schema";
import type { AuditActor } from "../audit/audit";
import { changeStoreSettings } from "../store/settings";
import { getDeskOrder } from "../orders/desk";
import { fulfilOrder, refundOrder } from "../orders/operations";
import { linesOf, type Order } from "../orders/orders";
import { documentNumber } from "../../core/invoices";
import { customerReturnsPage, returnsPath } from "./customer";
import {
  approveReturn,
  closeReturn,
  declineReturn,
  exchangeReturn,
  getReturn,
  orderReturns,
  receiveReturn,
  refundReturn,
  reportRange,
  returnsCsvRows,
  returnsReport,
  startReturn,
} from "./returns";

const actor: AuditActor = { storeId: "demo", kind: "staff", id: 7, label: "returns@example.com" };
const GROUND = "HOUSE-12OZ-DRIP";
const TWO_POUND = "HOUSE-2LB-WB";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  for (const sku of [SKU, GROUND, TWO_POUND]) await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, sku));
});
afterAll(async () => {
  await t.database.dispose();
});

/** A paid order of `quantity` bags of House Blend, shipped; its row. */
async function shipped(email: string, quantity = 2): Promise<Order> {
  const order = await paidOrderBy(t, { email, name: "Rita Return" }, quantity);
  return fulfilOrder(t.deps, "demo", order.number!);
}

const lineOf = async (order: Order) => (await linesOf(t.deps.db, order.id))[0];
const one = async (order: Order, quantity = 1) => ({ lines: [{ order_line_id: (await lineOf(order)).id, quantity }], reason: "size" as const });
const mailKinds = async (orderId: number) =>
  (await t.deps.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.id))).map((row) => row.kind);
const orderOf = async (id: number) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0];

/** What one bag of the order cost the customer: its share of the discount and the tax, as the refund counts it. */
async function bagWorth(order: Order) {
  const line = await lineOf(order);
  const paid = paidAmounts(order, [line]);
  return { bag: Math.floor(paid.lines[0] / line.quantity), line: paid.lines[0], shipping: paid.shippingCents };
}

describe("starting a return", () => {
  it("is refused before the order ships, and to a customer after the window, which staff are not held to", async () => {
    const paid = await paidOrderBy(t, { email: "early@example.com", name: "Early Bird" }, 2);
    await expect(startReturn(t.deps, "demo", paid.number!, await one(paid), { customer: true })).rejects.toMatchObject({ kind: "conflict" });
    const order = await fulfilOrder(t.deps, "demo", paid.number!);
    await t.deps.db.update(orders).set({ fulfilledAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(orders.id, order.id));
    await expect(startReturn(t.deps, "demo", order.number!, await one(order), { customer: true })).rejects.toMatchObject({
      kind: "conflict",
      message: "The 30-day return window for this order has closed. Please contact us.",
    });
    const key = new URL(await returnsPath(t.deps.db, order), "https://shop.example.com").searchParams.get("key");
    expect(await customerReturnsPage(t.deps, "demo", order.number!, { customerId: null, key: "forged.key" })).toBeNull();
    const page = await customerReturnsPage(t.deps, "demo", order.number!, { customerId: null, key });
    expect(page?.window).toEqual({ open: false, why: "The 30-day return window for this order has closed. Please contact us." });
    const byStaff = await startReturn(t.deps, "demo", order.number!, await one(order), { actor });
    expect(byStaff).toMatchObject({ status: "requested", requestedBy: actor.label });
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "return.create")).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ entity: "return", entityId: String(byStaff.id), actorLabel: actor.label });
  });

  it("is off for customers when the owner sets the window to 0 days", async () => {
    const order = await shipped("nowindow@example.com");
    await changeStoreSettings(t.deps.db, actor, { returns: { windowDays: 0 } }, "store_rules.update");
    try {
      await expect(startReturn(t.deps, "demo", order.number!, await one(order), { customer: true })).rejects.toMatchObject({
        message: "This shop does not take returns online. Please contact us.",
      });
    } finally {
      await changeStoreSettings(t.deps.db, actor, { returns: { windowDays: 30 } }, "store_rules.update");
    }
  });

  it("never returns more units than were bought across returns; a declined return gives its units back", async () => {
    const order = await shipped("twice@example.com", 2);
    const first = await startReturn(t.deps, "demo", order.number!, { ...(await one(order)), note: "Too big" }, { customer: true });
    await expect(startReturn(t.deps, "demo", order.number!, await one(order, 2), { customer: true })).rejects.toMatchObject({
      kind: "rule-broken",
      field: "lines.0.quantity",
      message: "Only 1 of Tidewater House Blend can still be returned",
    });
    await startReturn(t.deps, "demo", order.number!, await one(order), { customer: true });
    await expect(startReturn(t.deps, "demo", order.number!, await one(order), { customer: true })).rejects.toMatchObject({
      message: "Tidewater House Blend has already been returned",
    });
    await declineReturn(t.deps, "demo", first.id, "Opened bags cannot come back", { actor });
    expect((await orderReturns(t.deps.db, "demo", order.number!)).returnable[0]).toMatchObject({ bought: 2, returned: 1, left: 1 });
    await expect(startReturn(t.deps, "demo", order.number!, { lines: [{ order_line_id: 999_999, quantity: 1 }], reason: "other" }, { customer: true })).rejects.toMatchObject({
      kind: "bad-input",
      field: "lines.0.order_line_id",
    });
    await expect(startReturn(t.deps, "demo", order.number!, { lines: [{ order_line_id: (await lineOf(order)).id, quantity: 0 }], reason: "other" }, { customer: true })).rejects.toMatchObject({
      kind: "bad-input",
      field: "lines",
    });
    const kinds = await mailKinds(order.id);
    expect(kinds.filter((kind) => kind === "return-requested")).toHaveLength(2);
    expect(kinds).toContain("return-requested-owner");
    expect(kinds).toContain("return-declined");
    const [declined] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "return-declined")));
    expect(declined.text).toContain("Opened bags cannot come back");
  });
});

describe("a return, approved, received and refunded", () => {
  it("restocks what is marked back to stock, refunds the line's paid share once, and tells the customer at each step", async () => {
    const order = await shipped("refund@example.com", 2);
    const before = await stockOf(t);
    const ret = await startReturn(t.deps, "demo", order.number!, await one(order), { customer: true });
    await expect(receiveReturn(t.deps, "demo", ret.id, [], { actor })).rejects.toMatchObject({ kind: "conflict" });
    await approveReturn(t.deps, "demo", ret.id, { actor });
    const line = (await getReturn(t.deps.db, "demo", ret.id)).lines[0];
    await receiveReturn(t.deps, "demo", ret.id, [line.id], { actor });
    expect(await stockOf(t)).toBe(before + 1);
    const [moved] = await t.deps.db.select().from(stockAdjustments).where(eq(stockAdjustments.orderId, order.id)).orderBy(desc(stockAdjustments.id)).limit(1);
    expect(moved).toMatchObject({ delta: 1, reason: "returned", note: `return ${ret.id} received`, actorLabel: actor.label });

    const worth = await bagWorth(order);
    const done = await refundReturn(t.deps, "demo", ret.id, { actor });
    expect(done).toMatchObject({ refundedCents: worth.bag, refundOwed: false, ret: { status: "refunded", refundedCents: worth.bag } });
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ idempotencyKey: `return:${ret.id}`, amountCents: worth.bag, status: "succeeded" });
    const [credit] = await t.deps.db.select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "credit_note")));
    expect(credit).toMatchObject({ refundId: refund.id, totalCents: worth.bag });
    const [refundMail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "return-refunded")));
    const attached = await t.deps.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, refundMail.id));
    expect(attached.map((file) => file.filename)).toEqual([`${documentNumber("credit_note", credit.number)}.pdf`]);
    expect(await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.idempotencyKey, `return:${ret.id}`))).toHaveLength(1);
    await expect(refundReturn(t.deps, "demo", ret.id, { actor })).rejects.toMatchObject({ kind: "conflict" });
    expect((await orderOf(order.id)).status).toBe("fulfilled");

    expect(await mailKinds(order.id)).toEqual(
      expect.arrayContaining(["return-requested", "return-requested-owner", "return-approved", "return-refunded"]),
    );
    const [refundedMail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "return-refunded")));
    expect(refundedMail.text).toContain(`refunded $${(worth.bag / 100).toFixed(2)}`);
    expect(refundedMail.text).toContain(`https://shop.example.com/orders/${order.number}/returns?key=`);

    const { timeline } = await getDeskOrder(t.deps.db, "demo", order.number!);
    const steps = timeline.filter((entry) => entry.type === "return").map((entry) => entry.text);
    expect(steps).toEqual([
      `Return ${ret.id} requested by the customer: Doesn't fit / wrong size`,
      `Return ${ret.id} approved`,
      `Return ${ret.id} received`,
      `Return ${ret.id} refunded $${(worth.bag / 100).toFixed(2)}`,
    ]);
    const actions = (await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, String(ret.id)))).filter((row) => row.entity === "return").map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["return.approve", "return.receive", "return.refund"]));
  });

  it("keeps out what is not marked back to stock, refunds the shipping once when asked, and refunds the order whole when all of it came back", async () => {
    const order = await shipped("whole@example.com", 2);
    const before = await stockOf(t);
    const ret = await startReturn(t.deps, "demo", order.number!, await one(order, 2), { actor });
    await approveReturn(t.deps, "demo", ret.id);
    await receiveReturn(t.deps, "demo", ret.id, []);
    expect(await stockOf(t)).toBe(before);
    expect((await getReturn(t.deps.db, "demo", ret.id)).lines[0].restocked).toBe(false);
    const worth = await bagWorth(order);
    const done = await refundReturn(t.deps, "demo", ret.id, { shipping: true });
    expect(done.refundedCents).toBe(worth.line + worth.shipping);
    expect(worth.line + worth.shipping).toBe(order.totalCents);
    expect((await orderOf(order.id)).status).toBe("refunded");
  });

  it("gives back, over several returns of one line, exactly what the line cost, never more than is left of the payment", async () => {
    const order = await shipped("steps@example.com", 3);
    const line = await lineOf(order);
    const paid = paidAmounts(order, [line]).lines[0];
    let total = 0;
    for (let step = 0; step < 3; step++) {
      const ret = await startReturn(t.deps, "demo", order.number!, await one(order), { actor });
      await approveReturn(t.deps, "demo", ret.id);
      await receiveReturn(t.deps, "demo", ret.id, []);
      total += (await refundReturn(t.deps, "demo", ret.id)).refundedCents;
    }
    expect(total).toBe(paid);

    const partly = await shipped("partly@example.com", 2);
    await refundOrder(t.deps, "demo", partly.number!, { amountCents: partly.totalCents - 100 });
    const ret = await startReturn(t.deps, "demo", partly.number!, await one(partly), { actor });
    await approveReturn(t.deps, "demo", ret.id);
    await receiveReturn(t.deps, "demo", ret.id, []);
    expect((await refundReturn(t.deps, "demo", ret.id)).refundedCents).toBe(100);
    expect((await orderOf(partly.id)).status).toBe("refunded");
  });

  it("closes a return with nothing given back", async () => {
    const order = await shipped("close@example.com", 2);
    const ret = await startReturn(t.deps, "demo", order.number!, await one(order), { actor });
    await expect(closeReturn(t.deps, "demo", ret.id)).rejects.toMatchObject({ kind: "conflict" });
    await approveReturn(t.deps, "demo", ret.id);
    expect(await closeReturn(t.deps, "demo", ret.id, { actor })).toMatchObject({ status: "closed" });
  });
});

describe("an exchange", () => {
  async function received(email: string) {
    const order = await shipped(email, 2);
    const ret = await startReturn(t.deps, "demo", order.number!, await one(order), { customer: true });
    await approveReturn(t.deps, "demo", ret.id);
    const line = (await getReturn(t.deps.db, "demo", ret.id)).lines[0];
    await receiveReturn(t.deps, "demo", ret.id, [line.id]);
    return { order, ret, line };
  }

  it("for a variant at the same price makes a paid order holding its stock, with nothing owed or refunded", async () => {
    const { order, ret, line } = await received("even@example.com");
    const before = await stockOf(t, GROUND);
    const done = await exchangeReturn(t.deps, "demo", ret.id, { lines: [{ return_line_id: line.id, sku: GROUND }], actor });
    const bag = (await linesOf(t.deps.db, done.exchangeOrder.id))[0];
    expect(bag).toMatchObject({ sku: GROUND, quantity: 1, unitPriceCents: 1600 });
    expect(done.exchangeOrder).toMatchObject({ status: "paid", shippingCents: 0, email: order.email, idempotencyKey: `exchange:${ret.id}` });
    // Even to the cent: the returned bag's tax stands for the new one's.
    expect(done.differenceCents).toBe(0);
    expect(done.exchangeOrder.totalCents).toBe(0);
    expect(done.exchangeOrder.discountCents).toBe(1600 + done.exchangeOrder.taxCents);
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect(await stockOf(t, GROUND)).toBe(before - 1);
    expect(done.ret).toMatchObject({ status: "closed", exchangeOrderId: done.exchangeOrder.id });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "exchange-made")));
    expect(mail.subject).toBe(`Your exchange for order #${order.number}: new order #${done.exchangeOrder.number}`);
    await expect(exchangeReturn(t.deps, "demo", ret.id, { lines: [{ return_line_id: line.id, sku: GROUND }] })).rejects.toMatchObject({ kind: "conflict" });
  });

  it("for a cheaper variant refunds the difference; for a dearer one leaves it owed and the new order unshippable until paid", async () => {
    const cheap = await received("cheaper@example.com");
    await t.deps.db.update(variants).set({ priceCents: 1000 }).where(eq(variants.sku, GROUND));
    try {
      const done = await exchangeReturn(t.deps, "demo", cheap.ret.id, { lines: [{ return_line_id: cheap.line.id, sku: GROUND }] });
      expect(done.differenceCents).toBeLessThan(0);
      const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.idempotencyKey, `return:${cheap.ret.id}:exchange`));
      expect(refund).toMatchObject({ amountCents: -done.differenceCents, status: "succeeded" });
      expect(done.exchangeOrder).toMatchObject({ status: "paid", totalCents: 0 });
    } finally {
      await t.deps.db.update(variants).set({ priceCents: 1600 }).where(eq(variants.sku, GROUND));
    }

    const dear = await received("dearer@example.com");
    const done = await exchangeReturn(t.deps, "demo", dear.ret.id, { lines: [{ return_line_id: dear.line.id, sku: TWO_POUND }] });
    expect(done.differenceCents).toBeGreaterThan(0);
    expect(done.ret.owedCents).toBe(done.differenceCents);
    expect(done.exchangeOrder).toMatchObject({ status: "awaiting_payment", totalCents: done.differenceCents, paidAt: null });
    await expect(fulfilOrder(t.deps, "demo", done.exchangeOrder.number!)).rejects.toMatchObject({ kind: "conflict" });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.orderId, dear.order.id))).toHaveLength(0);

    // The customer is emailed a payment link for the difference; paying it lets the exchange ship.
    const [asked] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, done.exchangeOrder.id), eq(mailOutbox.kind, "order-payment-link")));
    expect(asked.text).toContain(`${formatMoney(done.differenceCents)} is due for your exchange`);
    const token = decodeURIComponent(/\/pay\?token=(\S+)/.exec(asked.text)![1]);
    await payLinkWithCard(t.deps, "demo", token, { number: TEST_CARDS.succeeds, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" });
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    const [settled] = await t.deps.db.select().from(orders).where(eq(orders.id, done.exchangeOrder.id));
    expect(settled.status).toBe("paid");
    expect(settled.paidAt).not.toBeNull();
    await fulfilOrder(t.deps, "demo", done.exchangeOrder.number!);
  });

  it("is refused for a variant of another product, and for a variant out of stock, changing nothing", async () => {
    const { ret, line } = await received("refused@example.com");
    await expect(exchangeReturn(t.deps, "demo", ret.id, { lines: [{ return_line_id: line.id, sku: "MUG-SAND" }] })).rejects.toMatchObject({
      kind: "bad-input",
      field: "lines.0.sku",
    });
    await t.deps.db.update(variants).set({ stock: 0 }).where(eq(variants.sku, GROUND));
    try {
      await expect(exchangeReturn(t.deps, "demo", ret.id, { lines: [{ return_line_id: line.id, sku: GROUND }] })).rejects.toMatchObject({ kind: "conflict" });
    } finally {
      await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, GROUND));
    }
    expect((await getReturn(t.deps.db, "demo", ret.id)).status).toBe("received");
  });
});

describe("the returns report", () => {
  it("counts the reasons of the returns started in the range and lists them by status, also as CSV", async () => {
    const order = await shipped("report@example.com", 2);
    await startReturn(t.deps, "demo", order.number!, { lines: [{ order_line_id: (await lineOf(order)).id, quantity: 1 }], reason: "damaged", note: "Torn bag" }, { customer: true });
    const range = reportRange({}, "America/New_York");
    expect(range.filter.before).toEqual(dayRange(range.to, "America/New_York").end);
    const found = await returnsReport(t.deps.db, "demo", range.filter);
    const all = await t.deps.db.select({ reason: returns.reason }).from(returns);
    expect(found.reasons.damaged).toBe(all.filter((row) => row.reason === "damaged").length);
    expect(found.reasons.size).toBe(all.filter((row) => row.reason === "size").length);
    expect(found.statuses.requested).toBe(found.returns.filter((ret) => ret.status === "requested").length);
    const requested = await returnsReport(t.deps.db, "demo", { ...range.filter, status: "requested" });
    expect(requested.returns.every((ret) => ret.status === "requested")).toBe(true);
    const rows = returnsCsvRows(found, "America/New_York");
    expect(rows[0]).toEqual(["return", "order", "started", "time zone", "status", "reason", "note", "items", "refunded", "exchange order", "owed"]);
    expect(rows[1]).toMatchObject([expect.any(Number), order.number, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), "America/New_York", "requested", "Damaged or defective", "Torn bag", "1 x Tidewater House Blend (Whole Bean, 12 oz)", "", "", "0.00"]);
    expect((await returnsReport(t.deps.db, "demo", reportRange({ from: "2020-01-01", to: "2020-01-31" }, "America/New_York").filter)).returns).toEqual([]);
    expect(() => reportRange({ from: "2020-02-01", to: "2020-01-31" }, "UTC")).toThrow("from must be on or before to");
  });
});

describe("an order refunded whole after a return restocked some of it", () => {
  it("puts back only the units the return did not", async () => {
    const order = await shipped("restock-once@example.com", 2);
    const before = await stockOf(t);
    const ret = await startReturn(t.deps, "demo", order.number!, await one(order), { actor });
    await approveReturn(t.deps, "demo", ret.id);
    const line = (await getReturn(t.deps.db, "demo", ret.id)).lines[0];
    await receiveReturn(t.deps, "demo", ret.id, [line.id]);
    await refundOrder(t.deps, "demo", order.number!, { restock: true });
    expect(await stockOf(t)).toBe(before + 2);
  });
});
