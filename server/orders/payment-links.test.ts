import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { adminApi } from "../../tests/support/api-tokens";
import { ADDRESS, SKU, owingOrder, paidOrderBy, stockOf } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { auditEvents, invoices, mailOutbox, orderLines, orders, paymentLinks, payments, refunds, simulatedRefunds, variants } from "../db/schema";
import type { AuditActor } from "../audit/audit";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import { refundOrder } from "./operations";
import { revenueCentsOf } from "./revenue";
import { getDeskOrder } from "./desk";
import { formatMoney } from "../../core/money";
import { linkOfToken, markPaidAnotherWay, payLinkWithCard, requestPayment, sendPaymentLink, type PaymentLink } from "./payment-links";

const actor: AuditActor = { storeId: "demo", kind: "staff", id: 7, label: "packer@example.com" };
const card = (number: string = TEST_CARDS.succeeds) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" });

const drain = (t: TestApp) => (t.deps.payments as SimulatedPaymentProvider).drain();

const mailsOf = (t: TestApp, orderId: number, kind: string) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.id));

/** The token of the newest payment link emailed for the order, read from the email as the customer reads it. */
async function emailedToken(t: TestApp, orderId: number): Promise<string> {
  const [mail] = (await mailsOf(t, orderId, "order-payment-link")).reverse();
  const token = /\/pay\?token=(\S+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

async function orderOf(t: TestApp, id: number) {
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** What the order counts for in the shop's revenue (the dashboard's, the customers' and the codes' figures). */
async function revenueOf(t: TestApp, id: number) {
  const [row] = await t.deps.db.select({ cents: revenueCentsOf() }).from(orders).where(eq(orders.id, id));
  return Number(row.cents);
}

async function linkRow(t: TestApp, id: number) {
  const [link] = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
  return link;
}

/** A paid order that owes $4.00 after a change, its link emailed; answers the order, the link and the link's token. */
async function owing(t: TestApp, email: string, cents = 400) {
  const order = await paidOrderBy(t, { email, name: "Olive Owing" });
  const link = await owingOrder(t, order, cents);
  await sendPaymentLink(t.deps, link);
  return { order, link, token: await emailedToken(t, order.id) };
}

describe("payment links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
    await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("holds a changed order back until the customer pays the difference by card from the emailed link, once", async () => {
    const { order, link, token } = await owing(t, "owing@example.com");
    expect((await orderOf(t, order.id)).status).toBe("awaiting_payment");
    // The $4.00 asked is not revenue until it is paid.
    expect(await revenueOf(t, order.id)).toBe(order.totalCents);
    const [asked] = await mailsOf(t, order.id, "order-payment-link");
    expect(asked.subject).toBe(`Payment of $4.00 for order #${order.number}`);
    expect(asked.text).toContain("$4.00 is due for the change to your order");

    // A declined card leaves the link open, and a card that works pays it on the same payment.
    const declined = await payLinkWithCard(t.deps, "demo", token, card(TEST_CARDS.declined));
    expect(declined.status).not.toBe("succeeded");
    await drain(t);
    expect((await orderOf(t, order.id)).status).toBe("awaiting_payment");
    const paid = await payLinkWithCard(t.deps, "demo", token, card());
    expect(paid).toMatchObject({ status: "succeeded", id: declined.id, amountCents: 400 });
    await drain(t);

    expect((await orderOf(t, order.id)).status).toBe("paid");
    expect(await revenueOf(t, order.id)).toBe(order.totalCents + 400);
    // The timeline gives each payment as it was taken: the checkout's, then the link's.
    const { timeline } = await getDeskOrder(t.deps.db, "demo", order.number!);
    const said = timeline.map((entry) => entry.text);
    expect(said).toContain(`Paid ${formatMoney(order.totalCents)} (simulated)`);
    expect(said).toContainEqual(expect.stringContaining("Payment link for $4.00 paid by card"));
    expect(await linkRow(t, link.id)).toMatchObject({ status: "paid", paidWith: "card", paymentReference: paid.id });
    const recorded = await t.deps.db.select().from(payments).where(eq(payments.providerPaymentId, paid.id));
    expect(recorded).toMatchObject([{ orderId: order.id, status: "succeeded", amountCents: 400 }]);
    expect((await mailsOf(t, order.id, "order-payment-received")).map((mail) => mail.subject)).toEqual([`Payment received for order #${order.number}`]);

    // Paid, the link is done: asking again is refused, and the page reads it as paid.
    await expect(payLinkWithCard(t.deps, "demo", token, card())).rejects.toThrow("no longer needed");
    expect((await linkOfToken(t.deps.db, "demo", token)).link.status).toBe("paid");
  });

  it("refuses a forged or altered token without saying which link it named", async () => {
    const { token } = await owing(t, "forged@example.com");
    await expect(linkOfToken(t.deps.db, "demo", `${token}x`)).rejects.toMatchObject({ kind: "bad-input", field: "token" });
    await expect(linkOfToken(t.deps.db, "demo", "nonsense")).rejects.toMatchObject({ kind: "bad-input" });
  });

  it("settles with a payment staff took another way, audited; a card payment after it goes back to the customer", async () => {
    const { order, link, token } = await owing(t, "cash@example.com");
    // The customer opened the page before the owner marked it paid: the payment exists, not yet confirmed.
    const started = await t.deps.payments.createPayment({ amountCents: 400, metadata: {}, idempotencyKey: `payment-link:${link.id}` });
    await t.deps.db.update(paymentLinks).set({ paymentReference: started.id }).where(eq(paymentLinks.id, link.id));

    const settled = await markPaidAnotherWay(t.deps, "demo", actor, link.id, { paidWith: "bank transfer", note: "ref 4471" });
    expect(settled.status).toBe("paid");
    expect(await linkRow(t, link.id)).toMatchObject({ status: "paid", paidWith: "bank transfer", note: "ref 4471" });
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "order.payment-link.mark-paid")).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ actorLabel: "packer@example.com", entityId: String(order.number) });
    await expect(markPaidAnotherWay(t.deps, "demo", actor, link.id, { paidWith: "cash", note: null })).rejects.toThrow("paid already");

    // The card confirmed after all (a page left open): the link cannot take it, so it is refunded whole.
    await t.deps.payments.confirmPayment(started.id, { card: card() });
    await drain(t);
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.paymentReference, started.id));
    expect(owed).toMatchObject([{ idempotencyKey: `payment-link-refund:${link.id}`, status: "succeeded" }]);
    expect((await orderOf(t, order.id)).status).toBe("paid");
    await expect(payLinkWithCard(t.deps, "demo", token, card())).rejects.toThrow("no longer needed");
  });

  it("a second change replaces the open link: the first can no longer be paid", async () => {
    const { order, link, token } = await owing(t, "twice@example.com");
    const second = await t.deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      return requestPayment(tx, current, { amountCents: 650, purpose: "edit", actorLabel: "packer@example.com" });
    });
    expect((await linkRow(t, link.id)).status).toBe("cancelled");
    await expect(payLinkWithCard(t.deps, "demo", token, card())).rejects.toThrow("no longer needed");
    await sendPaymentLink(t.deps, second);
    const paid = await payLinkWithCard(t.deps, "demo", await emailedToken(t, order.id), card());
    expect(paid).toMatchObject({ status: "succeeded", amountCents: 650 });
    await drain(t);
    expect((await orderOf(t, order.id)).status).toBe("paid");
  });

  it("refunds an order paid in two parts from both payments, never the balance still owed", async () => {
    const { order, token } = await owing(t, "split@example.com", 500);
    // While the $5.00 is owed, only what was paid can go back.
    await expect(refundOrder(t.deps, "demo", order.number!, { amountCents: order.totalCents + 1, actor })).rejects.toThrow(
      `more than the ${formatMoney(order.totalCents)} left to refund`,
    );
    const link = await payLinkWithCard(t.deps, "demo", token, card());
    await drain(t);

    // A refund of the checkout's whole payment empties that payment, and its provider's event says so; the order,
    // with the link's $5.00 still paid, stays as it is.
    const first = await refundOrder(t.deps, "demo", order.number!, { amountCents: order.totalCents, actor });
    expect(first.order.status).toBe("paid");
    await drain(t);
    expect((await orderOf(t, order.id)).status).toBe("paid");
    const whole = await refundOrder(t.deps, "demo", order.number!, { actor });
    expect(whole.refundedCents).toBe(500);
    expect(whole.order.status).toBe("refunded");
    // The link's payment invoiced the changed order anew (cancelling the first invoice); each refund has its note.
    const documents = await t.deps.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id));
    expect(documents.map((document) => [document.kind, document.totalCents, document.refundId !== null])).toEqual([
      ["invoice", order.totalCents, false],
      ["invoice", order.totalCents + 500, false],
      ["credit_note", order.totalCents, false],
      ["credit_note", order.totalCents, true],
      ["credit_note", 500, true],
    ]);
    const ledger = await t.deps.db.select({ paymentId: simulatedRefunds.paymentId, amountCents: simulatedRefunds.amountCents }).from(simulatedRefunds);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { paymentId: order.paymentReference, amountCents: order.totalCents },
        { paymentId: link.id, amountCents: 500 },
      ]),
    );
  });

  it("a draft paid by its link takes its stock and its number then, or is backordered when the stock is short", async () => {
    const draft = async (quantity: number) => {
      const [row] = await t.deps.db
        .insert(orders)
        .values({
          storeId: "demo",
          status: "draft",
          email: "phone@example.com",
          customerName: "Phoebe Phone",
          shippingAddress: { name: "Phoebe Phone", ...ADDRESS },
          shippingOptionKey: "standard",
          subtotalCents: 1600 * quantity,
          totalCents: 1600 * quantity,
          idempotencyKey: `draft-test-${quantity}-${Date.now()}`,
          paymentProvider: t.deps.payments.name,
          paymentReference: null,
        })
        .returning();
      await t.deps.db.insert(orderLines).values({
        storeId: "demo",
        orderId: row.id,
        kind: "product",
        title: "Tidewater House Blend",
        sku: SKU,
        stockComponents: { [SKU]: 1 },
        quantity,
        unitPriceCents: 1600,
        lineTotalCents: 1600 * quantity,
      });
      const link: PaymentLink = await t.deps.db.transaction((tx) => requestPayment(tx, row, { amountCents: row.totalCents, purpose: "draft", actorLabel: "packer@example.com" }));
      await sendPaymentLink(t.deps, link);
      return row;
    };
    const shelf = await stockOf(t);
    const held = await draft(3);
    expect(await stockOf(t)).toBe(shelf);
    const paid = await payLinkWithCard(t.deps, "demo", await emailedToken(t, held.id), card());
    await drain(t);
    const settled = await orderOf(t, held.id);
    expect(settled).toMatchObject({ status: "paid", paymentReference: paid.id });
    expect(settled.number).toBeGreaterThan(1000);
    expect(await stockOf(t)).toBe(shelf - 3);
    expect(await mailsOf(t, held.id, "order-confirmation")).toHaveLength(1);

    const short = await draft(2);
    await t.deps.db.update(variants).set({ stock: 1 }).where(eq(variants.sku, SKU));
    await payLinkWithCard(t.deps, "demo", await emailedToken(t, short.id), card());
    await drain(t);
    expect((await orderOf(t, short.id)).status).toBe("backordered");
    expect(await stockOf(t)).toBe(1);
    await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  });
});

describe("payment links in the admin API", () => {
  const api = adminApi();

  it("says what is owed, emails the link again and marks it paid another way, each audited", async () => {
    const { t } = api;
    await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
    const order = await paidOrderBy(t, { email: "api.owing@example.com", name: "Api Owing" });
    await owingOrder(t, order, 250, "exchange");

    const detail = await api.call("GET", `/api/admin/orders/${order.number}`);
    expect(detail.body.order).toMatchObject({
      status: "awaiting_payment",
      payment_due: { amount_cents: 250, purpose: "exchange" },
      payment: { refundable_cents: order.totalCents },
    });
    expect((await api.call("POST", `/api/admin/orders/${order.number}/payment-link/resend`)).status).toBe(200);
    expect(await mailsOf(t, order.id, "order-payment-link")).toHaveLength(1);
    expect((await api.lastAudit("order")).action).toBe("order.payment-link.resend");

    const refused = await api.call("POST", `/api/admin/orders/${order.number}/payment-link/mark-paid`, { paid_with: "cheque" });
    expect(refused).toMatchObject({ status: 400, body: { field: "paid_with" } });
    const marked = await api.call("POST", `/api/admin/orders/${order.number}/payment-link/mark-paid`, { paid_with: "cash", note: "At the counter" });
    expect(marked.status).toBe(200);
    expect(marked.body.order).toMatchObject({ status: "paid", payment_due: null });
    expect((await api.lastAudit("order")).action).toBe("order.payment-link.mark-paid");
    expect((await api.call("POST", `/api/admin/orders/${order.number}/payment-link/mark-paid`, { paid_with: "cash" })).status).toBe(409);
  });
});

// Real concurrency needs real connections: PGlite runs one query at a time.
describe.skipIf(!usingPostgres())("payment links racing on PostgreSQL, two instances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("a card payment and a mark-paid at once settle the link once; the card's money goes back only when it lost", async () => {
    const other = secondInstance(t);
    for (let round = 0; round < 6; round++) {
      const { order, link, token } = await owing(t, `race${round}@example.com`);
      const [byCard, byHand] = await Promise.allSettled([
        payLinkWithCard(other.deps, "demo", token, card()).then(async (payment) => {
          await drain(other);
          return payment;
        }),
        markPaidAnotherWay(t.deps, "demo", actor, link.id, { paidWith: "cash", note: null }),
      ]);
      const settled = await linkRow(t, link.id);
      expect(settled.status).toBe("paid");
      expect((await orderOf(t, order.id)).status).toBe("paid");
      const cardWon = settled.paidWith === "card";
      // The hand lost: it was told so. The card lost (or never reached the provider): its money, if taken, goes back.
      expect(byHand.status).toBe(cardWon ? "rejected" : "fulfilled");
      const taken = byCard.status === "fulfilled" && byCard.value.status === "succeeded";
      const given = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(given).toHaveLength(taken && !cardWon ? 1 : 0);
      const notes = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.action, "order.payment-link.mark-paid"), eq(auditEvents.entityId, String(order.number))));
      expect(notes).toHaveLength(cardWon ? 0 : 1);
    }
  });
});
