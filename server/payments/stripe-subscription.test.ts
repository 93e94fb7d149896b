import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersCommand } from "../commands/orders";
import { secondInstance, type TestApp } from "../../tests/support/app";
import { ADDRESS, orderRow, stockOf, type Submitted } from "../../tests/support/checkout";
import type { FakeStripe } from "../../tests/support/fake-stripe";
import { createStripeTestApp, postWebhook } from "../../tests/support/stripe-app";
import { discounts, mailOutbox, orderLines, orders, payments, subscriptionEvents, subscriptionOptions, subscriptionRenewals, subscriptions, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import type { StripePaymentProvider } from "./stripe";
import { cancel, changeFrequency, pause, resume, skipNext, startCardSetup } from "../subscriptions/changes";
import { quoteRenewal } from "../subscriptions/renewals";

const { sku: BLEND, everyTwoWeeks, monthly } = DEMO.subscriptions.houseBlend;
/** Bought once beside the subscription: $7.00. */
const FILTERS = "FILT-100";
/** Two bags of the house blend every two weeks, at the subscription price of $14.40 a bag. */
const RECURRING_CENTS = 2 * 1440;
const EMAIL = "sue@example.com";

let fake: FakeStripe;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp());
});
afterAll(() => close());


const setStock = (sku: string, stock: number) => t.deps.db.update(variants).set({ stock }).where(eq(variants.sku, sku));


async function ordersPaidBy(paymentReference: string) {
  return t.deps.db.select().from(orders).where(eq(orders.paymentReference, paymentReference));
}

const confirmationsOf = (number: number) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "order-confirmation"), eq(mailOutbox.subject, `Order #${number} confirmed`)));

const webhook = async (event: { body: string; headers: Record<string, string> }) =>
  (await postWebhook(t, event)).json();

const owner = (...args: string[]) => ordersCommand(t.deps, "demo", args);

const latestInvoice = (subscriptionId: string) => fake.invoices.get(fake.subscriptions.get(subscriptionId)!.latest_invoice)!;

/** A stored cart of the subscription and a pack of filters bought once, and the checkout page's request for it. */
async function subscriptionCart(attempt: string, discountCode: string | null = null) {
  const saved = await t.call("POST", "/api/cart-items", {
    cartItems: [
      { kind: "product", sku: BLEND, quantity: 2, subscription: { subscription_id: everyTwoWeeks } },
      { kind: "product", sku: FILTERS, quantity: 1 },
    ],
  });
  expect(saved.status).toBe(200);
  return {
    cookie: saved.headers.getSetCookie()[0].split(";")[0],
    payload: {
      address: ADDRESS,
      shipping_option: "standard",
      email: EMAIL,
      store_id: "demo",
      fullName: "Sue Scriber",
      checkout_items: [
        { quantity: 2, sku: BLEND, subscription: everyTwoWeeks },
        { quantity: 1, sku: FILTERS },
      ],
      discount_code: discountCode,
      idempotency_key: attempt,
    },
  };
}

type PriceInfo = { subtotal: number; discount: number; shipping: number; tax: number; total: number };

async function preview(cart: Awaited<ReturnType<typeof subscriptionCart>>) {
  const response = await t.call("POST", "/api/stripe/preview_tax_and_shipping", cart.payload, { cookie: cart.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { price_info: PriceInfo }).price_info;
}

async function confirmSubscription(cart: Awaited<ReturnType<typeof subscriptionCart>>) {
  const response = await t.call("POST", "/api/stripe/confirm_subscription", cart.payload, { cookie: cart.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Submitted;
}

/** What Stripe.js does with the first invoice's confirmation secret in the browser. */
const payFirstInvoice = (clientSecret: string, paymentMethodId = "pm_card_visa") =>
  (t.deps.payments as StripePaymentProvider).confirmPayment(clientSecret.split("_secret_")[0], { paymentMethodId });

/** A subscription order paid through its first invoice, as Stripe's invoice.paid reports it. */
async function paidSubscriptionOrder(attempt: string) {
  const submitted = await confirmSubscription(await subscriptionCart(attempt));
  await payFirstInvoice(submitted.client_secret);
  expect(await webhook(fake.signedEvent("invoice.paid", latestInvoice(submitted.payment_reference)))).toMatchObject({ handled: true });
  const order = await orderRow(t, submitted.order_id);
  expect(order.status).toBe("paid");
  return order;
}

/** Stripe charging the next cycle and telling the shop. */
async function renewal(subscriptionId: string) {
  const invoice = fake.renewSubscription(subscriptionId);
  expect(await webhook(fake.signedEvent("invoice.paid", invoice))).toMatchObject({ handled: true, outcome: "applied" });
  const [order] = await ordersPaidBy(invoice.id);
  return { invoice, order };
}

describe("a cart with a subscription, through Stripe Subscriptions on a local fake Stripe", () => {
  it("makes one subscription per order: the recurring lines as its items, everything one-time as an invoice item", async () => {
    const [blend, filters] = [await stockOf(t, BLEND), await stockOf(t, FILTERS)];
    const cart = await subscriptionCart("attempt-first-0001");
    const price_info = await preview(cart);
    expect(price_info).toMatchObject({ subtotal: RECURRING_CENTS + 700, shipping: 599 });
    const subscriptionsBefore = fake.subscriptions.size;

    const submitted = await confirmSubscription(cart);
    expect(await confirmSubscription(cart)).toEqual(submitted);
    // A crash after Stripe made the subscription but before the shop saved it: the retry asks again with the same
    // idempotency key and gets the same subscription back.
    await t.deps.db.update(orders).set({ paymentReference: null }).where(eq(orders.id, submitted.order_id));
    expect(await confirmSubscription(cart)).toEqual(submitted);
    expect(fake.subscriptions.size).toBe(subscriptionsBefore + 1);
    const creates = fake.requests.filter((request) => request.method === "POST" && request.path === "/v1/subscriptions");
    expect(creates.filter((request) => request.idempotencyKey === `order:${submitted.order_id}`)).toHaveLength(2);

    const subscription = fake.subscriptions.get(submitted.payment_reference)!;
    expect(subscription).toMatchObject({ status: "incomplete", metadata: { store_id: "demo", order_id: String(submitted.order_id) } });
    expect(subscription.items.data).toMatchObject([
      { quantity: 2, price: { unit_amount: 1440, currency: "usd", recurring: { interval: "week", interval_count: 2 } } },
    ]);
    expect(fake.customers.get(subscription.customer)).toMatchObject({ email: EMAIL, name: "Sue Scriber" });
    const invoice = latestInvoice(subscription.id);
    expect(invoice).toMatchObject({ billing_reason: "subscription_create", status: "open", amount_due: price_info.total });
    expect(invoice.total_discount_amounts).toEqual([]);
    expect(invoice.lines.data.map((line) => [line.parent.type, line.amount])).toEqual([
      ["subscription_item_details", RECURRING_CENTS],
      ["invoice_item_details", 700 + price_info.shipping + price_info.tax],
    ]);
    expect(submitted).toMatchObject({ client_secret: fake.invoiceIntent(invoice.id).client_secret, total: price_info.total });
    expect(await orderRow(t, submitted.order_id)).toMatchObject({ status: "pending", paymentReference: subscription.id });
    expect([await stockOf(t, BLEND), await stockOf(t, FILTERS)]).toEqual([blend - 2, filters - 1]);
  });

  it("pays the order only from a verified invoice.paid for the first invoice, once however often it is replayed", async () => {
    const submitted = await confirmSubscription(await subscriptionCart("attempt-paid-00001"));
    await payFirstInvoice(submitted.client_secret);
    const invoice = latestInvoice(submitted.payment_reference);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: submitted.total });

    const event = fake.signedEvent("invoice.paid", invoice, { id: "evt_first_invoice_paid" });
    const forged = await t.call("POST", "/api/stripe/webhook", event.body, { "stripe-signature": "t=1,v1=deadbeef" });
    expect(forged.status).toBe(400);
    expect((await orderRow(t, submitted.order_id)).status).toBe("pending");

    expect(await webhook(event)).toMatchObject({ handled: true, outcome: "applied" });
    const paid = await orderRow(t, submitted.order_id);
    expect(paid).toMatchObject({ status: "paid", totalCents: submitted.total });
    expect(await webhook(event)).toMatchObject({ handled: false, outcome: "duplicate" });
    expect((await orderRow(t, submitted.order_id)).number).toBe(paid.number);
    expect(await confirmationsOf(paid.number!)).toMatchObject([{ to: EMAIL }]);
  });

  it("gives the stock back when Stripe reports the first invoice unpaid", async () => {
    const [blend, filters] = [await stockOf(t, BLEND), await stockOf(t, FILTERS)];
    const submitted = await confirmSubscription(await subscriptionCart("attempt-declined-1"));
    expect([await stockOf(t, BLEND), await stockOf(t, FILTERS)]).toEqual([blend - 2, filters - 1]);
    await payFirstInvoice(submitted.client_secret, "pm_card_chargeDeclined");
    const invoice = latestInvoice(submitted.payment_reference);
    expect(invoice.status).toBe("open");

    expect(await webhook(fake.signedEvent("invoice.payment_failed", invoice))).toMatchObject({ handled: true });
    expect((await orderRow(t, submitted.order_id)).status).toBe("failed");
    expect([await stockOf(t, BLEND), await stockOf(t, FILTERS)]).toEqual([blend, filters]);
  });

  it("cancels a paid order as the owner asks: refunded through Stripe, subscription ended, stock back, status cancelled", async () => {
    const order = await paidSubscriptionOrder("attempt-cancel-001");
    const [blend, filters] = [await stockOf(t, BLEND), await stockOf(t, FILTERS)];
    expect(await owner("cancel", String(order.number))).toBe(`Order #${order.number} is cancelled and refunded; its stock is back.`);
    expect((await orderRow(t, order.id)).status).toBe("cancelled");
    expect([await stockOf(t, BLEND), await stockOf(t, FILTERS)]).toEqual([blend + 2, filters + 1]);
    const intent = fake.invoiceIntent(latestInvoice(order.paymentReference!).id);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id)).toMatchObject([{ amount: order.totalCents }]);
    expect(fake.subscriptions.get(order.paymentReference!)!.status).toBe("canceled");
  });
});

describe("renewals", () => {
  it("makes each paid billing cycle a new paid order, numbered and emailed, once however often it is replayed", async () => {
    const first = await paidSubscriptionOrder("attempt-renew-0001");
    const [blend, filters] = [await stockOf(t, BLEND), await stockOf(t, FILTERS)];
    const invoice = fake.renewSubscription(first.paymentReference!);
    const event = fake.signedEvent("invoice.paid", invoice, { id: "evt_cycle_paid" });

    expect(await webhook(event)).toMatchObject({ handled: true, outcome: "applied" });
    const [renewed] = await ordersPaidBy(invoice.id);
    expect(renewed).toMatchObject({
      status: "paid",
      number: first.number! + 1,
      email: EMAIL,
      customerName: "Sue Scriber",
      shippingAddress: first.shippingAddress,
      shippingOptionKey: "standard",
      subtotalCents: RECURRING_CENTS,
      shippingCents: 0,
      taxCents: 0,
      totalCents: RECURRING_CENTS,
      paymentProvider: "stripe",
    });
    expect(await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, renewed.id))).toMatchObject([
      { sku: BLEND, subscriptionId: everyTwoWeeks, quantity: 2, unitPriceCents: 1440, lineTotalCents: RECURRING_CENTS },
    ]);
    expect([await stockOf(t, BLEND), await stockOf(t, FILTERS)]).toEqual([blend - 2, filters]);
    const mails = await confirmationsOf(renewed.number!);
    expect(mails).toMatchObject([{ to: EMAIL }]);
    expect(mails[0].text).toContain("2 x Tidewater House Blend");
    expect(await t.deps.db.select().from(payments).where(eq(payments.providerPaymentId, invoice.id))).toMatchObject([
      { orderId: renewed.id, status: "succeeded", amountCents: RECURRING_CENTS },
    ]);

    expect(await webhook(event)).toMatchObject({ handled: false, outcome: "duplicate" });
    expect(await ordersPaidBy(invoice.id)).toHaveLength(1);
    expect(await confirmationsOf(renewed.number!)).toHaveLength(1);
    expect(await stockOf(t, BLEND)).toBe(blend - 2);
    expect((await orderRow(t, first.id)).status).toBe("paid");

    // A cycle Stripe could not charge ships nothing; Stripe retries it.
    const unpaid = { ...invoice, id: "in_unpaid_cycle", status: "open", amount_paid: 0 };
    expect(await webhook(fake.signedEvent("invoice.payment_failed", unpaid))).toMatchObject({ received: true, handled: false });
  });

  it("records a renewal short of stock as backordered: paid and emailed, holding no stock until the owner fulfils it", async () => {
    const first = await paidSubscriptionOrder("attempt-short-0001");
    await setStock(BLEND, 1);
    const { order: short } = await renewal(first.paymentReference!);
    expect(short.status).toBe("backordered");
    expect(await stockOf(t, BLEND)).toBe(1);
    expect(await confirmationsOf(short.number!)).toHaveLength(1);
    expect(await owner("list")).toMatch(new RegExp(`#${short.number}  backordered`));
    expect(await owner("show", String(short.number))).toContain("Backordered: a subscription renewal paid while its stock was short");

    await expect(owner("fulfil", String(short.number))).rejects.toThrow(
      `Order ${short.number} is backordered: there is not enough ${BLEND} in stock yet to fulfil it`,
    );
    expect([(await orderRow(t, short.id)).status, await stockOf(t, BLEND)]).toEqual(["backordered", 1]);
    await setStock(BLEND, 5);
    expect(await owner("fulfil", String(short.number))).toBe(`Order #${short.number} is fulfilled.`);
    expect(await stockOf(t, BLEND)).toBe(3);

    // Cancelling one that is still short refunds it and gives back nothing, since it took nothing.
    await setStock(BLEND, 0);
    const { invoice, order: unshipped } = await renewal(first.paymentReference!);
    expect(unshipped.status).toBe("backordered");
    await owner("cancel", String(unshipped.number));
    expect([(await orderRow(t, unshipped.id)).status, await stockOf(t, BLEND)]).toEqual(["cancelled", 0]);
    expect([...fake.refunds.values()].map((refund) => refund.payment_intent)).toContain(fake.invoiceIntent(invoice.id).id);
    expect(fake.subscriptions.get(first.paymentReference!)!.status).toBe("active");
    await setStock(BLEND, 40);
  });

  it("refunds a renewal alone, and the first order from the first invoice's payment, which ends the subscription", async () => {
    const first = await paidSubscriptionOrder("attempt-refund-001");
    const subscriptionId = first.paymentReference!;
    const firstInvoice = latestInvoice(subscriptionId);
    const { invoice, order: renewed } = await renewal(subscriptionId);
    const blend = await stockOf(t, BLEND);
    const refundsTo = (intentId: string) => [...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId);

    expect(await owner("refund", String(renewed.number))).toBe(`Order #${renewed.number} is refunded; its stock is back.`);
    expect(refundsTo(fake.invoiceIntent(invoice.id).id)).toMatchObject([{ amount: RECURRING_CENTS }]);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe("active");
    expect(await stockOf(t, BLEND)).toBe(blend + 2);

    // The subscription's latest invoice is now the renewal's; the first order's money came with the first one.
    expect(latestInvoice(subscriptionId).id).toBe(invoice.id);
    await owner("refund", String(first.number));
    expect(refundsTo(fake.invoiceIntent(firstInvoice.id).id)).toMatchObject([{ amount: first.totalCents }]);
    expect(fake.requests.some((request) => request.path === "/v1/refunds" && request.idempotencyKey === `refund:${first.id}`)).toBe(true);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect((await orderRow(t, first.id)).status).toBe("refunded");
    expect(await stockOf(t, BLEND)).toBe(blend + 4);
  });

  it("adds shipping and tax to each cycle's draft invoice, so the charge and the order equal a fresh quote, however often the events come", async () => {
    const first = await paidSubscriptionOrder("attempt-quoted-001");
    const [record] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, first.id));
    expect(record).toMatchObject({ status: "active", paymentProvider: "stripe", paymentReference: first.paymentReference });
    const recurringOnly = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "product", sku: BLEND, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }],
    });
    const fresh = await preview({
      cookie: recurringOnly.headers.getSetCookie()[0].split(";")[0],
      payload: { ...(await subscriptionCart("attempt-quoted-002")).payload, checkout_items: [{ quantity: 2, sku: BLEND, subscription: everyTwoWeeks }] },
    });
    expect(fresh.shipping).toBeGreaterThan(0);
    expect(fresh.tax).toBeGreaterThan(0);

    const draft = fake.draftRenewal(first.paymentReference!, record.nextRenewalAt);
    const created = fake.signedEvent("invoice.created", draft, { id: "evt_cycle_drafted" });
    expect(await webhook(created)).toMatchObject({ handled: true, outcome: "applied" });
    // Stripe sends an event again when it heard no answer: the same items under the same keys, not a second set.
    expect(await webhook(created)).toMatchObject({ outcome: "applied" });
    expect(await webhook(fake.signedEvent("invoice.created", draft))).toMatchObject({ outcome: "applied" });
    const charged = fake.chargeDraft(draft.id);
    expect(charged.lines.data.map((line) => [line.parent.type, line.amount])).toEqual([
      ["subscription_item_details", RECURRING_CENTS],
      ["invoice_item_details", fresh.shipping],
      ["invoice_item_details", fresh.tax],
    ]);
    expect(charged).toMatchObject({ status: "paid", amount_paid: fresh.total });

    // Delivered twice at once (Stripe retrying while the first delivery is still being handled): one order.
    const paid = fake.signedEvent("invoice.paid", charged);
    const outcomes = await Promise.all([webhook(paid), webhook(paid), webhook(fake.signedEvent("invoice.paid", charged))]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    const [renewed] = await ordersPaidBy(charged.id);
    expect(renewed).toMatchObject({ subtotalCents: RECURRING_CENTS, shippingCents: fresh.shipping, taxCents: fresh.tax, totalCents: fresh.total });
    expect(await webhook(fake.signedEvent("invoice.paid", charged))).toMatchObject({ outcome: "duplicate" });
    expect(await ordersPaidBy(charged.id)).toHaveLength(1);
  });
});

describe("the subscriber's changes, mirrored to Stripe's schedule", () => {
  it("skips by pausing collection until the next date, pauses and resumes, and cancels at Stripe", async () => {
    const first = await paidSubscriptionOrder("attempt-mirror-001");
    const [record] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, first.id));
    const subscriber = { kind: "subscriber" } as const;
    const skipped = await skipNext(t.deps, "demo", record.id, subscriber);
    expect(fake.pauseCollectionOf(first.paymentReference!)).toEqual({
      behavior: "void",
      resumes_at: String(Math.floor(skipped.nextRenewalAt.getTime() / 1000)),
    });
    // The skipped cycle's bill is Stripe's to void: the shop claims and adds nothing to it.
    const draft = fake.draftRenewal(first.paymentReference!, record.nextRenewalAt);
    expect(await webhook(fake.signedEvent("invoice.created", draft))).toMatchObject({ outcome: "ignored" });
    expect(draft.lines.data).toHaveLength(1);

    await pause(t.deps, "demo", record.id, subscriber, null);
    expect(fake.pauseCollectionOf(first.paymentReference!)).toEqual({ behavior: "void" });
    await resume(t.deps, "demo", record.id, subscriber);
    expect(fake.pauseCollectionOf(first.paymentReference!)).toBeNull();
    await cancel(t.deps, "demo", record.id, subscriber, null);
    expect(fake.subscriptions.get(first.paymentReference!)!.status).toBe("canceled");
  });
});

describe("a discount code on a subscription order", () => {
  it("charges the order's total, discount included, when the discount is more than the one-time part; renewals pay in full", async () => {
    // $15 off $35.80 of goods: more than the one-time part, and the order stays above the $20 minimum.
    await t.deps.db.insert(discounts).values({ storeId: "demo", code: "FIFTEENOFF", amountCents: 1500, maxRedemptions: 100 });
    const cart = await subscriptionCart("attempt-discount-1", "FIFTEENOFF");
    const price_info = await preview(cart);
    const oneTimeCents = 700 + price_info.shipping + price_info.tax;
    expect(price_info.discount).toBe(1500);
    expect(price_info.discount).toBeGreaterThan(oneTimeCents);

    const submitted = await confirmSubscription(cart);
    expect(submitted.total).toBe(price_info.total);
    // A retry after a crash asks for the same coupon and subscription again, and gets them, not a second discount.
    const couponsBefore = fake.coupons.size;
    await t.deps.db.update(orders).set({ paymentReference: null }).where(eq(orders.id, submitted.order_id));
    expect(await confirmSubscription(cart)).toEqual(submitted);
    expect(fake.coupons.size).toBe(couponsBefore);

    const invoice = latestInvoice(submitted.payment_reference);
    expect(invoice.lines.data.map((line) => [line.parent.type, line.amount])).toEqual([
      ["subscription_item_details", RECURRING_CENTS],
      ["invoice_item_details", oneTimeCents],
    ]);
    expect(invoice.total_discount_amounts).toMatchObject([{ amount: price_info.discount }]);
    expect(invoice.amount_due).toBe(price_info.total);
    const [coupon] = [...fake.coupons.values()].slice(-1);
    expect(coupon).toMatchObject({ amount_off: price_info.discount, currency: "usd", duration: "once", times_redeemed: 1 });
    expect(fake.requests.filter((request) => request.path === "/v1/coupons").map((request) => request.idempotencyKey)).toContain(
      `order:${submitted.order_id}:coupon`,
    );

    await payFirstInvoice(submitted.client_secret);
    expect(await webhook(fake.signedEvent("invoice.paid", latestInvoice(submitted.payment_reference)))).toMatchObject({ handled: true });
    expect(await orderRow(t, submitted.order_id)).toMatchObject({ status: "paid", discountCents: price_info.discount, totalCents: price_info.total });
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, submitted.order_id))).toMatchObject([
      { status: "succeeded", amountCents: price_info.total },
    ]);

    // The code discounted this order; the next delivery is a new order at the recurring price.
    const { invoice: cycle, order: renewed } = await renewal(submitted.payment_reference);
    expect(cycle).toMatchObject({ amount_due: RECURRING_CENTS, total_discount_amounts: [] });
    expect(renewed).toMatchObject({ totalCents: RECURRING_CENTS, discountCents: 0 });
  });
});

const subscriber = { kind: "subscriber" } as const;

const recordOf = async (firstOrderId: number) => (await t.deps.db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstOrderId)))[0];

const timelineOf = (id: number) =>
  t.deps.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(asc(subscriptionEvents.id));

const changeMailsTo = (email: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "subscription-changed")));

const requestsKeyed = (path: string, prefix: string) => fake.requests.filter((request) => request.path === path && request.idempotencyKey?.startsWith(prefix));

/** The subscriber on Stripe's setup page with a test card, and the event Stripe then sends. */
async function setUpCard(recordId: number, paymentMethod: string, eventId?: string) {
  const url = await startCardSetup(t.deps, "demo", recordId, `http://localhost/profile/subscriptions/${recordId}?card=set-up`);
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  return fake.signedEvent("checkout.session.completed", fake.completeSetup(session.id, paymentMethod), { id: eventId });
}

describe("the card, changed on Stripe's own setup page", () => {
  it("sends the subscriber to a Checkout Session in setup mode for the subscription, and makes its card the subscription's once per event", async () => {
    const first = await paidSubscriptionOrder("attempt-card-00001");
    const record = await recordOf(first.id);
    const stripeId = first.paymentReference!;
    // The first invoice's card is the subscription's default payment method, and the record shows it.
    expect(record).toMatchObject({ cardBrand: "visa", cardLast4: "4242" });

    const back = `http://localhost/subscriptions/manage?token=abc&card=set-up`;
    const url = await startCardSetup(t.deps, "demo", record.id, back);
    expect(await startCardSetup(t.deps, "demo", record.id, back)).toBe(url);
    const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
    expect(session).toMatchObject({
      mode: "setup",
      status: "open",
      customer: fake.subscriptions.get(stripeId)!.customer,
      success_url: back,
      cancel_url: back,
      setupMetadata: { subscription_id: stripeId, shop_subscription_id: String(record.id), store_id: "demo" },
    });
    expect(requestsKeyed("/v1/checkout/sessions", `subscription:${record.id}:card-setup:`)).toHaveLength(2);

    const completed = fake.signedEvent("checkout.session.completed", fake.completeSetup(session.id, "pm_card_mastercard"), { id: "evt_setup_done" });
    expect(await webhook(completed)).toMatchObject({ handled: true, outcome: "applied" });
    const changed = await recordOf(first.id);
    expect(changed).toMatchObject({ status: "active", cardBrand: "mastercard", cardLast4: "4444" });
    const setupIntent = fake.checkoutSessions.get(session.id)!.setup_intent!;
    const method = fake.subscriptions.get(stripeId)!.default_payment_method!;
    expect(method).toMatch(/^pm_/);
    expect(requestsKeyed(`/v1/subscriptions/${stripeId}`, `subscription:${record.id}:card:${setupIntent}`)).toHaveLength(1);

    // Stripe delivering the event again, once alone and twice at once: nothing is asked of Stripe, nothing changes.
    expect(await webhook(completed)).toMatchObject({ handled: false, outcome: "duplicate" });
    const again = await Promise.all([webhook(completed), webhook(completed)]);
    expect(again.map((answer) => answer.outcome)).toEqual(["duplicate", "duplicate"]);
    expect(requestsKeyed(`/v1/subscriptions/${stripeId}`, `subscription:${record.id}:card:`)).toHaveLength(1);
    expect((await timelineOf(record.id)).filter((entry) => entry.kind === "card")).toMatchObject([
      { text: "Charged to mastercard ending 4444 from now on.", actorLabel: "subscriber" },
    ]);
    const mails = (await changeMailsTo(EMAIL)).filter((mail) => mail.text.includes("mastercard ending 4444"));
    expect(mails).toHaveLength(1);

    // A session that ends no subscription's setup (a payment-mode one, or another account's) changes nothing.
    const unrelated = fake.signedEvent("checkout.session.completed", { ...fake.checkoutSessions.get(session.id)!, mode: "payment", setupMetadata: undefined });
    expect(await webhook(unrelated)).toMatchObject({ handled: false });
    // A cancelled subscription's card is not changed any more.
    await cancel(t.deps, "demo", record.id, subscriber, null);
    await expect(startCardSetup(t.deps, "demo", record.id, back)).rejects.toThrow("This subscription is cancelled");
  });

  it("pays a past-due cycle's open invoice at once with the new card, once, and the subscription is active again", async () => {
    const first = await paidSubscriptionOrder("attempt-pastdue-01");
    const record = await recordOf(first.id);
    const stripeId = first.paymentReference!;
    // A card Stripe saves but whose every charge is declined.
    expect(await webhook(await setUpCard(record.id, "pm_card_visa_chargeDeclined"))).toMatchObject({ outcome: "applied" });
    expect(await recordOf(first.id)).toMatchObject({ cardBrand: "visa", cardLast4: "0341" });

    const draft = fake.draftRenewal(stripeId, record.nextRenewalAt);
    expect(await webhook(fake.signedEvent("invoice.created", draft))).toMatchObject({ outcome: "applied" });
    const declined = fake.chargeDraft(draft.id);
    expect(declined.status).toBe("open");
    // Stripe's retries, each declined, until the shop's dunning is done.
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await webhook(fake.signedEvent("invoice.payment_failed", declined))).toMatchObject({ outcome: "applied" });
    }
    expect(await recordOf(first.id)).toMatchObject({ status: "past_due" });

    const newCard = await setUpCard(record.id, "pm_card_visa", "evt_setup_after_decline");
    expect(await webhook(newCard)).toMatchObject({ outcome: "applied" });
    const [renewal] = await t.deps.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.paymentReference, draft.id));
    expect(fake.invoices.get(draft.id)).toMatchObject({ status: "paid", amount_paid: renewal.quote!.totalCents });
    expect(requestsKeyed(`/v1/invoices/${draft.id}/pay`, `renewal:${renewal.id}:try:4`)).toHaveLength(1);
    expect(await recordOf(first.id)).toMatchObject({ status: "active", cardBrand: "visa", cardLast4: "4242" });
    expect(renewal.status).toBe("paid");
    const [order] = await ordersPaidBy(draft.id);
    expect(order).toMatchObject({ status: "paid", totalCents: renewal.quote!.totalCents, shippingCents: renewal.quote!.shippingCents, taxCents: renewal.quote!.taxCents });

    // The replayed setup pays nothing again; Stripe's own invoice.paid finds the order made.
    expect(await webhook(newCard)).toMatchObject({ outcome: "duplicate" });
    expect(await webhook(fake.signedEvent("invoice.paid", fake.invoices.get(draft.id)))).toMatchObject({ outcome: "duplicate" });
    expect(fake.requests.filter((request) => request.path === `/v1/invoices/${draft.id}/pay`)).toHaveLength(1);
    expect(await ordersPaidBy(draft.id)).toHaveLength(1);
  });

  it("changes the card once when two instances handle the same completed setup at once", async () => {
    const first = await paidSubscriptionOrder("attempt-card-twice");
    const record = await recordOf(first.id);
    const other = secondInstance(t);
    const completed = await setUpCard(record.id, "pm_card_amex", "evt_setup_two_instances");
    const outcomes = await Promise.all([
      postWebhook(t, completed).then((response) => response.json()),
      postWebhook(other, completed).then((response) => response.json()),
      postWebhook(t, completed).then((response) => response.json()),
      postWebhook(other, completed).then((response) => response.json()),
    ]);
    expect(outcomes.map((answer) => answer.outcome).sort()).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect(await recordOf(first.id)).toMatchObject({ cardBrand: "amex", cardLast4: "8431" });
    expect((await timelineOf(record.id)).filter((entry) => entry.kind === "card")).toHaveLength(1);
    expect((await changeMailsTo(EMAIL)).filter((mail) => mail.text.includes("amex ending 8431"))).toHaveLength(1);
    await other.deps.mailer.close();
  });
});

describe("a new frequency, mirrored to Stripe", () => {
  it("moves the items to the new plan's price from the next date, nothing prorated or billed now; the next cycle is priced at the new plan", async () => {
    const first = await paidSubscriptionOrder("attempt-freq-00001");
    const record = await recordOf(first.id);
    const stripeId = first.paymentReference!;
    const invoicesBefore = fake.invoices.size;
    const [monthlyOption] = await t.deps.db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, monthly));

    const changed = await changeFrequency(t.deps, "demo", record.id, subscriber, { interval: 1, intervalUnit: "month" });
    expect(changed).toMatchObject({ interval: 1, intervalUnit: "month", nextRenewalAt: record.nextRenewalAt });
    const stripe = fake.subscriptions.get(stripeId)!;
    expect(stripe.items.data).toMatchObject([{ quantity: 2, price: { unit_amount: monthlyOption.priceCents, recurring: { interval: "month", interval_count: 1 } } }]);
    expect(stripe).toMatchObject({ status: "trialing", trial_end: Math.floor(record.nextRenewalAt.getTime() / 1000) });
    expect(fake.invoices.size).toBe(invoicesBefore);
    expect(requestsKeyed(`/v1/subscriptions/${stripeId}`, `subscription:${record.id}:frequency:1-month:`)).toHaveLength(1);

    const draft = fake.draftRenewal(stripeId, record.nextRenewalAt);
    expect(await webhook(fake.signedEvent("invoice.created", draft))).toMatchObject({ outcome: "applied" });
    const charged = fake.chargeDraft(draft.id);
    expect(charged.lines.data[0]).toMatchObject({ parent: { type: "subscription_item_details" }, amount: 2 * monthlyOption.priceCents });
    // The recurring items already carry the new price: nothing is added for a price change.
    expect(charged.lines.data.slice(1).map((line) => line.parent.type)).toEqual(["invoice_item_details", "invoice_item_details"]);
    expect(await webhook(fake.signedEvent("invoice.paid", charged))).toMatchObject({ outcome: "applied" });
    const [renewed] = await ordersPaidBy(charged.id);
    expect(renewed.totalCents).toBe(charged.amount_paid);
    expect(await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, renewed.id))).toMatchObject([
      { sku: BLEND, subscriptionId: monthly, quantity: 2, unitPriceCents: monthlyOption.priceCents },
    ]);
    const after = await recordOf(first.id);
    expect(after.nextRenewalAt.getTime()).toBeGreaterThan(record.nextRenewalAt.getTime() + 27 * 86_400_000);
  });
});

describe("a code that discounts subscription renewals too", () => {
  it("stays with the subscription: each cycle's quote takes it off, and Stripe's invoice carries it as a line of its own", async () => {
    // One redemption only: the limit governs new orders, not the subscription that already holds the code.
    await t.deps.db.insert(discounts).values({ storeId: "demo", code: "EVERYCUP10", percentage: 10, maxRedemptions: 1, appliesToRenewals: true });
    const cart = await subscriptionCart("attempt-recurring-1", "EVERYCUP10");
    const submitted = await confirmSubscription(cart);
    await payFirstInvoice(submitted.client_secret);
    expect(await webhook(fake.signedEvent("invoice.paid", latestInvoice(submitted.payment_reference)))).toMatchObject({ handled: true });
    const record = await recordOf(submitted.order_id);
    expect(record.discountCode).toBe("EVERYCUP10");
    const fresh = await quoteRenewal(t.deps, record);
    expect(fresh.discountCents).toBe(Math.round(RECURRING_CENTS / 10));

    const draft = fake.draftRenewal(submitted.payment_reference, record.nextRenewalAt);
    expect(await webhook(fake.signedEvent("invoice.created", draft))).toMatchObject({ outcome: "applied" });
    const charged = fake.chargeDraft(draft.id);
    expect(charged.lines.data.map((line) => line.amount)).toEqual([RECURRING_CENTS, -fresh.discountCents, fresh.shippingCents, fresh.taxCents].filter((amount) => amount !== 0));
    expect(charged.amount_paid).toBe(fresh.totalCents);
    expect(await webhook(fake.signedEvent("invoice.paid", charged))).toMatchObject({ outcome: "applied" });
    const [renewed] = await ordersPaidBy(charged.id);
    expect(renewed).toMatchObject({ subtotalCents: RECURRING_CENTS, discountCents: fresh.discountCents, totalCents: fresh.totalCents });

    // Ended by the owner, it is off the next cycle; a code without the option never reaches a renewal (the tests above).
    await t.deps.db.update(discounts).set({ status: "ended" }).where(eq(discounts.code, "EVERYCUP10"));
    expect((await quoteRenewal(t.deps, await recordOf(submitted.order_id))).discountCents).toBe(0);
  });
});
