/**
 * The simulated provider's ledger is the database's: several instances of the shop (each with its own provider
 * object, as separate processes have) see one set of payments, and each payment moves once however many of them act
 * on it at the same moment.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { ADDRESS, SKU } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { orders, simulatedPayments, simulatedRefunds } from "../db/schema";
import type { PaymentEvent } from "./provider";
import { SimulatedPaymentProvider, TEST_CARDS } from "./simulated";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const card = (number: string = TEST_CARDS.succeeds) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" });

/** Two providers over one database, as two processes would have, each recording the events it delivers. */
function twoProviders() {
  return [0, 1].map(() => {
    const provider = new SimulatedPaymentProvider(t.deps.db);
    const events: PaymentEvent[] = [];
    provider.onEvent(async (event) => {
      events.push(event);
    });
    return { provider, events };
  });
}

describe("the simulated provider's ledger", () => {
  it("gives every instance the same payment for one idempotency key, however many ask at once", async () => {
    const [a, b] = twoProviders();
    const request = { amountCents: 1234, metadata: { order: "1" }, idempotencyKey: "same-key-for-all" };
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).provider.createPayment(request)));
    expect(new Set(made.map((payment) => payment.id)).size).toBe(1);
    expect(await t.deps.db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, request.idempotencyKey))).toHaveLength(1);
    expect(await b.provider.retrievePayment(made[0].id)).toEqual(made[0]);
  });

  it("lets another instance change, decline and confirm a payment, and confirms it once when two try at once", async () => {
    const [a, b] = twoProviders();
    const payment = await a.provider.createPayment({ amountCents: 5000, metadata: { order: "2" }, idempotencyKey: "confirm-once" });
    expect((await b.provider.updatePayment(payment.id, { amountCents: 5100, metadata: { step: "shipping" } })).metadata).toEqual({
      order: "2",
      step: "shipping",
    });
    const declined = await a.provider.confirmPayment(payment.id, { card: card(TEST_CARDS.declined) });
    expect(declined).toMatchObject({ status: "requires_payment_method", failureMessage: "Your card was declined." });

    const [fromA, fromB] = await Promise.all([
      a.provider.confirmPayment(payment.id, { card: card() }),
      b.provider.confirmPayment(payment.id, { card: card() }),
    ]);
    expect([fromA.status, fromB.status]).toEqual(["succeeded", "succeeded"]);
    await Promise.all([a.provider.drain(), b.provider.drain()]);
    const succeeded = [...a.events, ...b.events].filter((event) => event.type === "payment.succeeded");
    expect(succeeded).toMatchObject([{ paymentId: payment.id, amountCents: 5100 }]);
    await expect(b.provider.updatePayment(payment.id, { amountCents: 1 })).rejects.toThrow("can no longer be changed");
    expect((await a.provider.retrievePayment(payment.id)).amountCents).toBe(5100);
  });

  it("makes one refund per idempotency key across instances, and only of a payment that succeeded", async () => {
    const [a, b] = twoProviders();
    const unpaid = await a.provider.createPayment({ amountCents: 700, metadata: {}, idempotencyKey: "refund-unpaid" });
    await expect(b.provider.refund(unpaid.id, { idempotencyKey: "refund:unpaid" })).rejects.toThrow("has not succeeded");
    const payment = await a.provider.createPayment({ amountCents: 900, metadata: {}, idempotencyKey: "refund-once" });
    await b.provider.confirmPayment(payment.id, { card: card() });
    const refunds = await Promise.all([
      a.provider.refund(payment.id, { idempotencyKey: "refund:once" }),
      b.provider.refund(payment.id, { idempotencyKey: "refund:once" }),
      a.provider.refund(payment.id, { idempotencyKey: "refund:once" }),
    ]);
    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    await Promise.all([a.provider.drain(), b.provider.drain()]);
    expect([...a.events, ...b.events].filter((event) => event.type === "payment.refunded")).toMatchObject([{ amountCents: 900 }]);
    expect(await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, payment.id))).toMatchObject([
      { idempotencyKey: "refund:once", amountCents: 900 },
    ]);
  });

  it("tells a payment it does not have from one it has", async () => {
    const [a] = twoProviders();
    await expect(a.provider.retrievePayment("pi_sim_nothing")).rejects.toThrow("No such payment");
  });
});

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL database", () => {
  it("take a checkout whose calls alternate between them to paid", async () => {
    const a = t;
    const b = secondInstance(t);
    const saved = await a.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity: 2 }] });
    const cookie = saved.headers.getSetCookie()[0].split(";")[0];
    const browser = { cookie };

    const created = await b.call(
      "POST",
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity: 2, sku: SKU }], store_id: "demo", cost_of_checkout: 3200 },
      browser,
    );
    expect(created.status).toBe(201);
    const { session_id } = (await created.json()) as { session_id: string };
    const session = await a.call("GET", `/api/stripe/checkout-session?sessionId=${session_id}&store_id=demo`, undefined, browser);
    expect(session.status).toBe(200);

    const details = {
      session_id,
      store_id: "demo",
      address: ADDRESS,
      email: "shopper@example.com",
      name: "Sam Shopper",
      shipping_option: "standard",
    };
    expect((await b.call("POST", "/api/stripe/preview_tax", details, browser)).status).toBe(200);
    const submitted = await a.call("POST", "/api/stripe/submit_order", details, browser);
    expect(submitted.status).toBe(200);
    const order = (await submitted.json()) as { order_id: number; client_secret: string };

    const confirmed = await b.call(
      "POST",
      "/api/stripe/simulated/confirm",
      { client_secret: order.client_secret, card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" } },
      browser,
    );
    expect(await confirmed.json()).toMatchObject({ status: "succeeded", error: null });
    // The confirming instance delivers the event, as Stripe delivers a webhook to whichever instance it reaches.
    await (b.deps.payments as SimulatedPaymentProvider).drain();
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row.status).toBe("paid");
    expect(row.number).not.toBeNull();
    expect((await a.deps.payments.retrievePayment(order.client_secret.split("_secret_")[0])).status).toBe("succeeded");
  });
});
