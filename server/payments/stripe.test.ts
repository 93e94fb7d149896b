import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../tests/support/app";
import { asBrowserOf, checkoutDetails, orderRow, startCheckout, stockOf, submitOrder } from "../../tests/support/checkout";
import type { FakeStripe } from "../../tests/support/fake-stripe";
import { createStripeTestApp, postWebhook } from "../../tests/support/stripe-app";
import { mailOutbox } from "../db/schema";
import type { StripePaymentProvider } from "./stripe";

let fake: FakeStripe;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp({ STRIPE_ACCOUNT_ID: "acct_test123" }));
});
afterAll(() => close());




describe("the Stripe provider against a local fake Stripe", () => {
  it("makes one PaymentIntent per checkout with an idempotency key and sets it to the order's total", async () => {
    expect(t.deps.payments.clientConfig).toEqual({ provider: "stripe", publishableKey: "pk_test_shop", accountId: "acct_test123" });
    const { sessionId } = await startCheckout(t, 2);
    const first = await t.call("GET", `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`, undefined, asBrowserOf(sessionId));
    const second = await t.call("GET", `/api/stripe/client_secret?session_id=${sessionId}`, undefined, asBrowserOf(sessionId));
    const { session_data } = (await first.json()) as { session_data: { client_secret: string } };
    expect(((await second.json()) as { client_secret: string }).client_secret).toBe(session_data.client_secret);
    const creates = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(creates).toEqual([{ method: "POST", path: "/v1/payment_intents", idempotencyKey: `checkout-session:${sessionId}` }]);
    const intentId = session_data.client_secret.split("_secret_")[0];
    expect(fake.intents.get(intentId)?.amount).toBe(3200);

    const tax = await t.call("POST", "/api/stripe/calculate_tax_final", {
      payment_intent_id: intentId,
      store_id: "demo",
      address: checkoutDetails(sessionId).address,
      email: "shopper@example.com",
      name: "Sam Shopper",
      shipping_id: "standard",
    }, asBrowserOf(sessionId));
    expect(((await tax.json()) as { price_info: { total: number } }).price_info.total).toBe(4031);

    const [a, b] = await Promise.all([submitOrder(t, sessionId), submitOrder(t, sessionId)]);
    expect(a.body.order_id).toBe(b.body.order_id);
    expect(fake.intents.get(intentId)).toMatchObject({ amount: 4031, receipt_email: "shopper@example.com" });
  });

  it("pays the order only from a verified payment_intent.succeeded, once however often it is replayed", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const { body } = await submitOrder(t, sessionId);
    const intent = fake.intents.get(body.payment_reference)!;
    // The browser's Stripe.js confirms; the fake marks the intent as Stripe would.
    await (t.deps.payments as StripePaymentProvider).confirmPayment(intent.id, { paymentMethodId: "pm_card_visa" });
    expect((await orderRow(t, body.order_id)).status).toBe("pending");

    const event = fake.signedEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }, { id: "evt_paid_once" });
    const forged = await t.call("POST", "/api/stripe/webhook", event.body, { "stripe-signature": "t=1,v1=deadbeef" });
    expect(forged.status).toBe(400);
    const tampered = await t.call("POST", "/api/stripe/webhook", event.body.replace("2026", "2025"), event.headers);
    expect(tampered.status).toBe(400);
    const stale = fake.signedEvent("payment_intent.succeeded", intent, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(t, stale)).status).toBe(400);
    // Dated ahead of the tolerance (a signature made for later replay, or a sender's clock far off): refused alike.
    const future = fake.signedEvent("payment_intent.succeeded", intent, { timestamp: Math.floor(Date.now() / 1000) + 3600 });
    expect((await postWebhook(t, future)).status).toBe(400);
    // A minute of clock difference is within it.
    const slightlyAhead = fake.signedEvent("customer.created", { id: "cus_1", object: "customer" }, { timestamp: Math.floor(Date.now() / 1000) + 60 });
    expect((await postWebhook(t, slightlyAhead)).status).toBe(200);
    expect((await orderRow(t, body.order_id)).status).toBe("pending");

    expect(await (await postWebhook(t, event)).json()).toMatchObject({ handled: true });
    const paid = await orderRow(t, body.order_id);
    expect(paid.status).toBe("paid");
    expect(await (await postWebhook(t, event)).json()).toMatchObject({ outcome: "duplicate" });
    expect((await orderRow(t, body.order_id)).number).toBe(paid.number);
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-confirmation"));
    expect(mails).toHaveLength(1);
  });

  it("releases the stock when Stripe reports the payment failed, and ignores events it does not act on", async () => {
    const before = await stockOf(t);
    const { sessionId } = await startCheckout(t, 2);
    const { body } = await submitOrder(t, sessionId);
    expect(await stockOf(t)).toBe(before - 2);
    const intent = fake.intents.get(body.payment_reference)!;
    const failed = fake.signedEvent("payment_intent.payment_failed", { ...intent, last_payment_error: { message: "Your card was declined." } });
    expect((await postWebhook(t, failed)).status).toBe(200);
    expect((await orderRow(t, body.order_id)).status).toBe("failed");
    expect(await stockOf(t)).toBe(before);
    const other = await postWebhook(t, fake.signedEvent("customer.created", { id: "cus_1", object: "customer" }));
    expect(await other.json()).toEqual({ received: true, handled: false });
  });

  it("refunds through Stripe and reconciles a payment whose event never came", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const { body } = await submitOrder(t, sessionId);
    await (t.deps.payments as StripePaymentProvider).confirmPayment(body.payment_reference, { paymentMethodId: "pm_card_visa" });
    const { sweepPendingOrders } = await import("../orders/sweep");
    const { refundOrder } = await import("../orders/operations");
    expect((await sweepPendingOrders(t.deps, new Date(), { all: true })).paid).toBe(1);
    const order = await orderRow(t, body.order_id);
    expect(order.status).toBe("paid");
    await refundOrder(t.deps, "demo", order.number!);
    expect(fake.requests.some((r) => r.path === "/v1/refunds" && r.idempotencyKey === `refund:${order.id}`)).toBe(true);
    expect((await orderRow(t, body.order_id)).status).toBe("refunded");
  });
});
