import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy, stockOf } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { auditEvents, mailOutbox, refunds, simulatedRefunds, variants } from "../db/schema";
import type { SimulatedPaymentProvider } from "../payments/simulated";
import { createStaff, setOrderNotices } from "../staff/accounts";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { changeStoreRules, getStoreRules } from "../store/rules";
import { getDeskOrder, listDeskOrders } from "./desk";
import { addOrderNote, cancelOrder, fulfilOrder, refundOrder, resendOrderConfirmation } from "./operations";

const PUBLIC_URL = "https://shop.example.com";
const actor: AuditActor = { storeId: "demo", kind: "staff", id: 7, label: "packer@example.com" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  // Enough bags for every order below.
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
});
afterAll(async () => {
  await t.database.dispose();
});

const paidBy = (email: string, name: string, quantity = 2) => paidOrderBy(t, { email, name }, quantity);

const drain = () => (t.deps.payments as SimulatedPaymentProvider).drain();

const mailOf = (orderId: number, kind: string) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.id));

const ledgerOf = (paymentId: string) =>
  t.deps.db
    .select({ amountCents: simulatedRefunds.amountCents, idempotencyKey: simulatedRefunds.idempotencyKey })
    .from(simulatedRefunds)
    .where(eq(simulatedRefunds.paymentId, paymentId))
    .orderBy(asc(simulatedRefunds.createdAt));

describe("the orders desk's list", () => {
  it("finds orders by status, number, email or name and dates, newest first, a page at a time", async () => {
    const alice = await paidBy("alice@example.com", "Alice Archer");
    const bob = await paidBy("bob@example.com", "Bob Baker");
    const carol = await paidBy("carol@example.com", "Carol 100% Cook");
    const numbers = (page: { orders: { number: number }[] }) => page.orders.map((order) => order.number);

    const all = await listDeskOrders(t.deps.db, "demo");
    expect(numbers(all).slice(0, 3)).toEqual([carol.number, bob.number, alice.number]);
    expect(all.orders[0]).toMatchObject({ email: "carol@example.com", customerName: "Carol 100% Cook", itemCount: 2, refundedCents: 0 });

    expect(numbers(await listDeskOrders(t.deps.db, "demo", { q: "ALICE" }))).toEqual([alice.number]);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { q: "baker" }))).toEqual([bob.number]);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { q: `#${bob.number}` }))).toEqual([bob.number]);
    // A wildcard in the search is a character to find, not a pattern.
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { q: "100%" }))).toEqual([carol.number]);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { q: "%" }))).toEqual([carol.number]);

    await fulfilOrder(t.deps, "demo", bob.number!);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { status: "fulfilled" }))).toContain(bob.number);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { status: "paid" }))).not.toContain(bob.number);

    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await listDeskOrders(t.deps.db, "demo", { from: tomorrow })).toMatchObject({ orders: [], nextCursor: null });
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { from: alice.createdAt, before: tomorrow }))).toEqual([
      carol.number,
      bob.number,
      alice.number,
    ]);
    expect(numbers(await listDeskOrders(t.deps.db, "demo", { from: alice.createdAt, before: bob.createdAt }))).toEqual([alice.number]);

    const first = await listDeskOrders(t.deps.db, "demo", { from: alice.createdAt, limit: 2 });
    expect(numbers(first)).toEqual([carol.number, bob.number]);
    const second = await listDeskOrders(t.deps.db, "demo", { from: alice.createdAt, limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ nextCursor: null });
    expect(numbers(second)).toEqual([alice.number]);
    await expect(listDeskOrders(t.deps.db, "demo", { cursor: "x" })).rejects.toMatchObject({ kind: "bad-input", field: "cursor" });
  });
});

describe("refunds", () => {
  it("refunds part, then the rest: never more than was paid, each with its own idempotency key, emailed with its amount", async () => {
    const order = await paidBy("dana@example.com", "Dana Diaz");
    const stock = await stockOf(t);

    const part = await refundOrder(t.deps, "demo", order.number!, { amountCents: 1000, actor });
    expect(part).toMatchObject({ order: { status: "paid" }, refundedCents: 1000, refundOwed: false });
    expect(await stockOf(t)).toBe(stock);
    await drain();
    expect((await getDeskOrder(t.deps.db, "demo", order.number!)).order.status).toBe("paid");

    await expect(refundOrder(t.deps, "demo", order.number!, { amountCents: order.totalCents })).rejects.toMatchObject({
      kind: "rule-broken",
      field: "amount_cents",
    });
    const rest = await refundOrder(t.deps, "demo", order.number!, { actor });
    expect(rest).toMatchObject({ order: { status: "refunded" }, refundedCents: order.totalCents - 1000 });
    // Refunded whole before it shipped: it never will, so its stock is back.
    expect(await stockOf(t)).toBe(stock + 2);
    await drain();
    expect(await stockOf(t)).toBe(stock + 2);
    await expect(refundOrder(t.deps, "demo", order.number!, { amountCents: 1 })).rejects.toMatchObject({ kind: "conflict" });

    expect(await ledgerOf(order.paymentReference!)).toEqual([
      { amountCents: 1000, idempotencyKey: `refund:${order.id}` },
      { amountCents: order.totalCents - 1000, idempotencyKey: `refund:${order.id}:2` },
    ]);
    const detail = await getDeskOrder(t.deps.db, "demo", order.number!);
    expect(detail.payment).toMatchObject({ refundedCents: order.totalCents, refunds: [{ status: "succeeded" }, { status: "succeeded" }] });

    const mails = await mailOf(order.id, "order-refunded");
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of $10.00 for order #${order.number}`,
      `Refund of $${((order.totalCents - 1000) / 100).toFixed(2)} for order #${order.number}`,
    ]);
    expect(mails[0]).toMatchObject({ to: "dana@example.com" });
    expect(mails[0].text).toContain(`We have refunded $10.00 for order #${order.number} (of $${(order.totalCents / 100).toFixed(2)})`);

    const trail = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "order"), eq(auditEvents.entityId, String(order.number))))
      .orderBy(asc(auditEvents.id));
    expect(trail).toMatchObject([
      { action: "order.refund", actorLabel: actor.label, changes: { refunded_cents: { before: 0, after: 1000 } } },
      {
        action: "order.refund",
        changes: { status: { before: "paid", after: "refunded" }, refunded_cents: { before: 1000, after: order.totalCents } },
      },
    ]);
  });

  it("restocks a shipped order once, however many refunds ask", async () => {
    const order = await paidBy("erin@example.com", "Erin Evans");
    await fulfilOrder(t.deps, "demo", order.number!);
    const stock = await stockOf(t);
    await refundOrder(t.deps, "demo", order.number!, { amountCents: 500 });
    expect(await stockOf(t)).toBe(stock);
    await refundOrder(t.deps, "demo", order.number!, { amountCents: 500, restock: true });
    expect(await stockOf(t)).toBe(stock + 2);
    const rest = await refundOrder(t.deps, "demo", order.number!, { restock: true });
    expect(rest.order.status).toBe("refunded");
    await drain();
    expect(await stockOf(t)).toBe(stock + 2);
  });

  it("cancels what is left after a partial refund, tells the customer the amount and puts the stock back", async () => {
    const order = await paidBy("finn@example.com", "Finn Ford");
    const stock = await stockOf(t);
    await refundOrder(t.deps, "demo", order.number!, { amountCents: 700 });
    const cancelled = await cancelOrder(t.deps, "demo", order.number!, { actor });
    expect(cancelled).toMatchObject({ order: { status: "cancelled" }, refundedCents: order.totalCents - 700 });
    expect(await stockOf(t)).toBe(stock + 2);
    await drain();
    expect(await stockOf(t)).toBe(stock + 2);
    const [mail] = await mailOf(order.id, "order-cancelled");
    expect(mail.subject).toBe(`Order #${order.number} cancelled`);
    expect(mail.text).toContain(`We have refunded $${((order.totalCents - 700) / 100).toFixed(2)}`);
    const { timeline } = await getDeskOrder(t.deps.db, "demo", order.number!);
    expect(timeline.map((entry) => entry.type)).toEqual(expect.arrayContaining(["created", "paid", "refund", "cancelled", "email"]));
    expect(timeline.filter((entry) => entry.type === "refund")).toHaveLength(2);
  });

  // Two connections at once need PostgreSQL: PGlite runs one query at a time.
  it.skipIf(!usingPostgres())("two partial refunds at once whose sum exceeds the total: one is made, the other refused", async () => {
    const order = await paidBy("gia@example.com", "Gia Grant");
    const each = Math.ceil(order.totalCents * 0.6);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2 }, () => refundOrder(t.deps, "demo", order.number!, { amountCents: each })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ kind: "rule-broken", field: "amount_cents" });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await ledgerOf(order.paymentReference!)).toEqual([{ amountCents: each, idempotencyKey: `refund:${order.id}` }]);
  });
});

describe("fulfilment, notes and the emails", () => {
  it("ships with a carrier and tracking number, emails the tracking link, and keeps asking for a review", async () => {
    const order = await paidBy("hana@example.com", "Hana Hill");
    const shipped = await fulfilOrder(t.deps, "demo", order.number!, { carrier: "royal mail", trackingNumber: "AB 123/4", actor });
    expect(shipped).toMatchObject({ status: "fulfilled", carrier: "royal mail", trackingNumber: "AB 123/4" });

    const [mail] = await mailOf(order.id, "order-shipped");
    expect(mail).toMatchObject({ to: "hana@example.com", subject: `Order #${order.number} has shipped` });
    const link = "https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%2F4";
    expect(mail.text).toContain("Carrier: Royal Mail");
    expect(mail.text).toContain("Tracking number: AB 123/4");
    expect(mail.text).toContain(`Track it: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    const [review] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "review-request"), eq(mailOutbox.to, "hana@example.com")));
    expect(review).toBeDefined();

    const detail = await getDeskOrder(t.deps.db, "demo", order.number!);
    expect(detail.shipment).toEqual({ carrier: "Royal Mail", trackingNumber: "AB 123/4", trackingUrl: link });
    expect(detail.timeline.find((entry) => entry.type === "fulfilled")?.text).toBe("Shipped with Royal Mail AB 123/4");
  });

  it("names a carrier it cannot link, without a link", async () => {
    const order = await paidBy("ivan@example.com", "Ivan Ito");
    await fulfilOrder(t.deps, "demo", order.number!, { carrier: "Bike courier", trackingNumber: "42" });
    const [mail] = await mailOf(order.id, "order-shipped");
    expect(mail.text).toContain("Carrier: Bike courier");
    expect(mail.text).not.toContain("Track it");
  });

  it("tells the owner of every paid order, with a link on PUBLIC_URL", async () => {
    const order = await paidBy("jo@example.com", "Jo Jones");
    const [mail] = await mailOf(order.id, "order-paid-owner");
    expect(mail).toMatchObject({ to: t.deps.config.SHOP_OWNER_EMAIL, subject: `New order #${order.number}: $${(order.totalCents / 100).toFixed(2)}` });
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/orders/${order.number}`);
    expect(mail.text).toContain("Jo Jones <jo@example.com>");
  });

  it("tells the store's contact email instead, once one is set", async () => {
    const rules = await getStoreRules(t.deps.db, t.deps.storeId);
    await changeStoreRules(t.deps.db, commandLineActor(t.deps.storeId), { ...rules, contact_email: "orders@roastery.example" });
    try {
      const order = await paidBy("lou@example.com", "Lou Lee");
      expect((await mailOf(order.id, "order-paid-owner")).map((mail) => mail.to)).toEqual(["orders@roastery.example"]);
    } finally {
      await changeStoreRules(t.deps.db, commandLineActor(t.deps.storeId), rules);
    }
  });

  it("tells each staff member who asked as well, once each, and stops when they no longer want it", async () => {
    const noor = await createStaff(t.deps.db, commandLineActor("demo"), {
      email: "noor@example.com",
      name: "Noor",
      password: "a long staff passphrase",
      role: "manager",
    });
    const asNoor: AuditActor = { storeId: "demo", kind: "staff", id: noor.id, label: noor.email };
    await setOrderNotices(t.deps.db, asNoor, noor.id, true);
    const noticed = await paidBy("kim@example.com", "Kim Kay");
    const recipients = (await mailOf(noticed.id, "order-paid-owner")).map((mail) => mail.to).sort();
    expect(recipients).toEqual([t.deps.config.SHOP_OWNER_EMAIL, "noor@example.com"].sort());

    await setOrderNotices(t.deps.db, asNoor, noor.id, false);
    const unnoticed = await paidBy("kit@example.com", "Kit Kay");
    expect((await mailOf(unnoticed.id, "order-paid-owner")).map((mail) => mail.to)).toEqual([t.deps.config.SHOP_OWNER_EMAIL]);
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "staff.order-notices")).orderBy(desc(auditEvents.id)).limit(1);
    expect(event.changes).toEqual({ order_notices: { before: true, after: false } });
  });

  it("pays the order when the owner's notice cannot be sent", async () => {
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    const spy = vi.spyOn(t.deps.mailer, "send").mockImplementation(async (mail) => {
      if (mail.kind === "order-paid-owner") throw new Error("mail server on fire");
      return send(mail);
    });
    try {
      const order = await paidBy("lou@example.com", "Lou Lane");
      expect(await mailOf(order.id, "order-confirmation")).toHaveLength(1);
      expect(await mailOf(order.id, "order-paid-owner")).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps notes signed by their author, resends the confirmation, and lists both on the timeline", async () => {
    const order = await paidBy("kim@example.com", "Kim Kato");
    await addOrderNote(t.deps, "demo", order.number!, "Gift wrap, please", { actor });
    await resendOrderConfirmation(t.deps, "demo", order.number!, { actor });
    expect(await mailOf(order.id, "order-confirmation")).toHaveLength(2);
    const detail = await getDeskOrder(t.deps.db, "demo", order.number!);
    expect(detail.notes).toMatchObject([{ author: actor.label, text: "Gift wrap, please" }]);
    expect(detail.timeline.map((entry) => entry.type)).toEqual(["created", "paid", "email", "email", "note", "email"]);
    const [last] = await t.deps.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(last).toMatchObject({ action: "order.resend-confirmation", entityId: String(order.number), actorLabel: actor.label });
    await expect(addOrderNote(t.deps, "demo", 999_999, "no such order")).rejects.toMatchObject({ kind: "not-found" });
  });

});
