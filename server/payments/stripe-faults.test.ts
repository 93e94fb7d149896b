/**
 * Money paths when Stripe cannot be reached or its events arrive out of order: a refund the shop owes is recorded
 * before Stripe is asked and made once Stripe answers, and an unreadable payment never expires an order.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../tests/support/app";
import { orderRow, startCheckout, stockOf, submitOrder } from "../../tests/support/checkout";
import type { FakeStripe } from "../../tests/support/fake-stripe";
import { createStripeTestApp, postWebhook } from "../../tests/support/stripe-app";
import { payments, refunds } from "../db/schema";
import { refundOrder } from "../orders/operations";
import { sweepPendingOrders } from "../orders/sweep";
import type { StripePaymentProvider } from "./stripe";

let fake: FakeStripe;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp());
});
afterAll(() => close());




/** A pending order whose PaymentIntent the shopper's browser has confirmed at Stripe. */
async function confirmedOrder() {
  const { sessionId } = await startCheckout(t, 2);
  const { body } = await submitOrder(t, sessionId);
  await (t.deps.payments as StripePaymentProvider).confirmPayment(body.payment_reference, { paymentMethodId: "pm_card_visa" });
  return { body, intent: fake.intents.get(body.payment_reference)! };
}

const refundsOf = (orderId: number) => t.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe("refunds the shop owes", () => {
  it("records the refund of a payment of the wrong sum while Stripe is down, and makes it once Stripe is back", async () => {
    const before = await stockOf(t);
    const { body, intent } = await confirmedOrder();
    const wrongSum = fake.signedEvent("payment_intent.succeeded", { ...intent, amount: intent.amount - 500 });
    fake.setReachable(false);
    try {
      // The event is handled (the order closes, its stock goes back) and the refund is owed, not lost with a 500.
      expect((await postWebhook(t, wrongSum)).status).toBe(200);
      expect(await (await postWebhook(t, wrongSum)).json()).toMatchObject({ outcome: "duplicate" });
      expect((await orderRow(t, body.order_id)).status).toBe("refunded");
      expect(await stockOf(t)).toBe(before);
      const [owed] = await refundsOf(body.order_id);
      expect(owed).toMatchObject({ status: "owed", attempts: 1, paymentReference: intent.id });
      expect(owed.lastError).toBeTruthy();
      expect((await sweepPendingOrders(t.deps)).refundsOwed).toBe(1);
    } finally {
      fake.setReachable(true);
    }
    expect((await sweepPendingOrders(t.deps)).refundsOwed).toBe(0);
    const [made] = await refundsOf(body.order_id);
    expect(made).toMatchObject({ status: "succeeded", attempts: 3, lastError: null });
    const atStripe = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(atStripe).toEqual([expect.objectContaining({ id: made.providerRefundId, amount: intent.amount })]);
    const asked = fake.requests.filter((r) => r.path === "/v1/refunds" && r.idempotencyKey === `late-payment-refund:${body.order_id}`);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    // Settled refunds are not asked for again.
    await sweepPendingOrders(t.deps);
    expect(fake.requests.filter((r) => r.path === "/v1/refunds")).toHaveLength(asked.length);
  });

  it("closes an order the owner refunds while Stripe is down, and refunds it once Stripe is back", async () => {
    const { body, intent } = await confirmedOrder();
    await postWebhook(t, fake.signedEvent("payment_intent.succeeded", intent));
    const paid = await orderRow(t, body.order_id);
    expect(paid.status).toBe("paid");
    const before = await stockOf(t);
    fake.setReachable(false);
    try {
      const { order, refundOwed } = await refundOrder(t.deps, "demo", paid.number!);
      expect(order.status).toBe("refunded");
      expect(refundOwed).toBe(true);
      expect(await stockOf(t)).toBe(before + 2);
      expect(await refundsOf(body.order_id)).toMatchObject([{ status: "owed", attempts: 1, idempotencyKey: `refund:${body.order_id}` }]);
    } finally {
      fake.setReachable(true);
    }
    await sweepPendingOrders(t.deps);
    expect(await refundsOf(body.order_id)).toMatchObject([{ status: "succeeded", attempts: 2 }]);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe("events and reads that come late or not at all", () => {
  it("keeps a paid order's payment succeeded when a failure of an earlier attempt arrives after it", async () => {
    const { body, intent } = await confirmedOrder();
    await postWebhook(t, fake.signedEvent("payment_intent.succeeded", intent));
    const declined = { ...intent, status: "requires_payment_method", last_payment_error: { message: "Your card was declined." } };
    expect((await postWebhook(t, fake.signedEvent("payment_intent.payment_failed", declined))).status).toBe(200);
    expect((await orderRow(t, body.order_id)).status).toBe("paid");
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, body.order_id))).toMatchObject([
      { providerPaymentId: intent.id, status: "succeeded" },
    ]);
  });

  it("does not expire an order whose payment cannot be read while Stripe is down; pays it once Stripe answers", async () => {
    const { body } = await confirmedOrder();
    const afterHold = new Date(Date.now() + 31 * 60_000);
    fake.setReachable(false);
    try {
      expect(await sweepPendingOrders(t.deps, afterHold)).toMatchObject({ paid: 0, expired: 0 });
      expect((await orderRow(t, body.order_id)).status).toBe("pending");
    } finally {
      fake.setReachable(true);
    }
    expect(await sweepPendingOrders(t.deps, afterHold)).toMatchObject({ paid: 1 });
    expect((await orderRow(t, body.order_id)).status).toBe("paid");
  });
});
