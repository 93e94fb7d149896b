import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { DEMO } from "../db/seed";
import { discounts, mailOutbox, taxRates, orders, paymentEvents, payments, variants, cartLines } from "../db/schema";
import { sweepPendingOrders } from "../orders/sweep";
import { SimulatedPaymentProvider, SIMULATED_SIGNATURE_HEADER, TEST_CARDS } from "../payments/simulated";
import {
  ADDRESS,
  SKU,
  asBrowserOf,
  cartWith as cartWithIn,
  checkoutDetails,
  orderRow,
  payWithCard,
  startCheckout as startCheckoutIn,
  stockOf,
  submitOrder,
} from "../../tests/support/checkout";
import { shippingCents } from "./quote";
import { totalTax } from "../../core/tax";
import { namedError } from "../../tests/support/errors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const simulated = () => t.deps.payments as SimulatedPaymentProvider;
const cartWith = (quantity: number) => cartWithIn(t, quantity);
const startCheckout = (quantity: number) => startCheckoutIn(t, quantity);
const details = checkoutDetails;
const submit = (sessionId: string, extra: Record<string, unknown> = {}) => submitOrder(t, sessionId, extra);
const pay = (clientSecret: string, number?: string) => payWithCard(t, clientSecret, number);



describe("checkout with the simulated provider", () => {
  it("takes a cart from session to a paid, numbered order with its email, and empties the cart", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId, cookie } = await startCheckout(2);

    const session = await t.call("GET", `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`, undefined, { cookie });
    const { session_data } = (await session.json()) as { session_data: { client_secret: string; cost_of_checkout: number } };
    expect(session_data.client_secret).toMatch(/_secret_/);
    expect(session_data.cost_of_checkout).toBe(3200);

    const options = await t.call("POST", "/api/stripe/get_shipping_options", { address: ADDRESS, store_id: "demo", email: "a@b.co" });
    const { shipping_options } = (await options.json()) as { shipping_options: { shipping_option_id: string; price: number }[] };
    expect(shipping_options.map((o) => o.shipping_option_id)).toEqual(["standard", "express", "overnight"]);
    expect(shipping_options[0].price).toBe(5.99);

    const preview = await t.call("POST", "/api/stripe/preview_tax", details(sessionId), { cookie });
    const { price_info } = (await preview.json()) as { price_info: Record<string, number> };
    // $32 of goods in California (7.25 %, shipping untaxed), $5.99 standard shipping below the $40 threshold.
    expect(price_info).toEqual({ subtotal: 3200, discount: 0, shipping: 599, tax: 232, total: 4031 });

    const { status, body } = await submit(sessionId);
    expect(status).toBe(200);
    expect(body.total).toBe(4031);
    expect(await stockOf(t, SKU)).toBe(before - 2);
    const pending = await orderRow(t, body.order_id);
    expect(pending.status).toBe("pending");
    expect(pending.number).toBeNull();

    const paid = await pay(body.client_secret);
    expect(paid.body.status).toBe("succeeded");
    const order = await orderRow(t, body.order_id);
    expect(order.status).toBe("paid");
    expect(order.number).toBeGreaterThan(1000);
    expect(await stockOf(t, SKU)).toBe(before - 2);

    const mail = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-confirmation"));
    expect(mail.at(-1)?.to).toBe("shopper@example.com");
    expect(mail.at(-1)?.text).toContain(`Order number: ${order.number}`);
    expect(mail.at(-1)?.text).toContain("Total: $40.31");
    expect(mail.at(-1)?.html).toContain("Sacramento, CA 95814");

    const cart = await t.call("GET", "/api/cart-items", undefined, { cookie });
    expect(((await cart.json()) as { cartItems: unknown[] }).cartItems).toEqual([]);
  });

  it("names a name or address line that is too long, in the words of the required fields", async () => {
    const { sessionId } = await startCheckout(2);
    const long = "x".repeat(201);
    for (const [change, field] of [
      [{ name: long }, "name"],
      [{ address: { ...ADDRESS, line2: long } }, "address.line2"],
      [{ address: { ...ADDRESS, line1: long } }, "address.line1"],
    ] as const) {
      const response = await t.call("POST", "/api/stripe/preview_tax", details(sessionId, change), asBrowserOf(sessionId));
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toBe(`${field}: is too long`);
    }
  });

  it("releases the stock of a declined card and keeps the order unpaid", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId } = await startCheckout(2);
    const { body } = await submit(sessionId);
    expect(await stockOf(t, SKU)).toBe(before - 2);
    const declined = await pay(body.client_secret, TEST_CARDS.declined);
    expect(declined.body).toMatchObject({ status: "requires_payment_method", error: "Your card was declined." });
    expect((await orderRow(t, body.order_id)).status).toBe("failed");
    expect(await stockOf(t, SKU)).toBe(before);

    const broke = await startCheckout(2);
    const second = await submit(broke.sessionId);
    expect((await pay(second.body.client_secret, TEST_CARDS.insufficientFunds)).body.error).toBe("Your card has insufficient funds.");
    expect(await stockOf(t, SKU)).toBe(before);
  });

  it("refuses impossible card details before any attempt", async () => {
    const { sessionId } = await startCheckout(2);
    const { body } = await submit(sessionId);
    const response = await t.call("POST", "/api/stripe/simulated/confirm", {
      client_secret: body.client_secret,
      card: { number: TEST_CARDS.succeeds, exp_month: 1, exp_year: 2020, cvc: "123" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Your card's expiration date is in the past." });
    const badCvc = await t.call("POST", "/api/stripe/simulated/confirm", {
      client_secret: body.client_secret,
      card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: 2099, cvc: "1" },
    });
    expect(await badCvc.json()).toEqual({ error: "Your card's security code is invalid." });
    expect((await orderRow(t, body.order_id)).status).toBe("pending");
  });

  it("makes one order and one charge however often the same checkout is submitted or paid", async () => {
    const { sessionId } = await startCheckout(2);
    const [a, b, c] = await Promise.all([submit(sessionId), submit(sessionId), submit(sessionId)]);
    expect(new Set([a.body.order_id, b.body.order_id, c.body.order_id]).size).toBe(1);
    expect(a.body.client_secret).toBe(b.body.client_secret);
    const rows = await t.deps.db.select().from(orders).where(eq(orders.idempotencyKey, `checkout:${sessionId}`));
    expect(rows).toHaveLength(1);
    await pay(a.body.client_secret);
    await pay(a.body.client_secret);
    const events = await t.deps.db.select().from(paymentEvents).where(eq(paymentEvents.type, "payment.succeeded"));
    const order = await orderRow(t, a.body.order_id);
    expect(order.status).toBe("paid");
    expect(events.length).toBeGreaterThan(0);
  });

  it("answers bad input with a precise 4xx and makes no order and holds no stock", async () => {
    const before = await stockOf(t, SKU);
    const count = async () => (await t.deps.db.select().from(orders)).length;
    const orderCount = await count();
    const { sessionId } = await startCheckout(2);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: "nope" }, 400, "email: Please enter a valid email"],
      [{ address: { ...ADDRESS, city: "" } }, 400, "address.city: Please complete the address"],
      [{ address: { line1: "1 Main St" } }, 400, "address.city: Please complete the address"],
      [{ name: "", address: ADDRESS }, 400, "name: Please complete the address (full name is required)"],
      [{ shipping_option: "" }, 400, "shipping_option: Please fill in all required fields"],
      [{ shipping_option: "teleport" }, 400, 'shipping_option: unknown shipping option "teleport"'],
      [{ discount_code: "NOPE" }, 400, "discount_code: Invalid discount code"],
      [{ discount_code: DEMO.discountCodes.exhausted }, 400, "discount_code: Invalid discount code"],
      [{ session_id: "cs_missing" }, 404, "Checkout session not found"],
    ];
    for (const [extra, status, message] of cases) {
      const result = await submit(sessionId, extra);
      expect([result.status, namedError(result.body)]).toEqual([status, message]);
    }
    expect(await count()).toBe(orderCount);
    expect(await stockOf(t, SKU)).toBe(before);
  });

  it("refuses an empty cart, a cart below the minimum and a cart that changed", async () => {
    const empty = await t.call("POST", "/api/stripe/create_checkout_session", {
      checkout_items: [{ quantity: 1, sku: SKU }],
      store_id: "demo",
      cost_of_checkout: 1600,
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({ error: "Your cart is empty" });

    const small = await cartWith(1);
    const below = await t.call(
      "POST",
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity: 1, sku: SKU }], store_id: "demo", cost_of_checkout: 1600 },
      { cookie: small.cookie },
    );
    expect(below.status).toBe(422);
    expect(await below.json()).toEqual({ error: "Minimum order amount is $20.00" });

    const cart = await cartWith(2);
    const stale = await t.call(
      "POST",
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity: 2, sku: SKU }], store_id: "demo", cost_of_checkout: 2000 },
      { cookie: cart.cookie },
    );
    expect(stale.status).toBe(409);
    expect(namedError(await stale.json())).toMatch(/^cost_of_checkout: prices changed; your cart now comes to \$32\.00/);

    const unknownStore = await t.call("POST", "/api/stripe/get_shipping_options", { address: ADDRESS, store_id: "nope", email: "a@b.co" });
    expect(unknownStore.status).toBe(404);

    // A price raised after the session was opened: the submit is refused, nothing is held.
    const { sessionId } = await startCheckout(2);
    await t.deps.db.update(variants).set({ priceCents: 1700 }).where(eq(variants.sku, SKU));
    const result = await submit(sessionId);
    expect(result.status).toBe(409);
    expect(result.body.error).toContain("the price of");
    await t.deps.db.update(variants).set({ priceCents: 1600 }).where(eq(variants.sku, SKU));
  });

  it("prices free shipping at the threshold, capped percentages and tax on shipping where the state taxes it", async () => {
    const standard = { priceCents: 599, freeShippingThresholdCents: 4000 };
    expect(shippingCents(standard, 3999, null)).toBe(599);
    expect(shippingCents(standard, 4000, null)).toBe(0);
    expect(shippingCents({ priceCents: 1499, freeShippingThresholdCents: null }, 100_000, null)).toBe(1499);
    expect(shippingCents(standard, 100, { code: "F", percentage: null, maxRedeemableCents: null, amountCents: 0, maxRedemptions: 1, freeShipping: true })).toBe(0);
    expect(totalTax([{ cents: 4800, rateBasisPoints: 400 }, { cents: 1499, rateBasisPoints: 400 }])).toBe(252);
    expect(totalTax([{ cents: 4800, rateBasisPoints: 400 }, { cents: 1499, rateBasisPoints: null }])).toBe(192);

    // 7 bags = $112; SAVE15 would be $16.80 but is capped at $10; Georgia, where the shop collects, taxes shipping; $102 ships free.
    await t.deps.db.insert(taxRates).values({ storeId: t.deps.storeId, country: "US", region: "GA", rateBasisPoints: 400, taxesShipping: true });
    const { sessionId } = await startCheckout(7);
    const preview = await t.call(
      "POST",
      "/api/stripe/preview_tax",
      details(sessionId, { discount_code: DEMO.discountCodes.percentCapped, address: { ...ADDRESS, state: "GA" }, shipping_option: "express" }),
      asBrowserOf(sessionId),
    );
    const { price_info } = (await preview.json()) as { price_info: Record<string, number> };
    expect(price_info).toEqual({ subtotal: 11200, discount: 1000, shipping: 1499, tax: 468, total: 10200 + 1499 + 468 });

    const free = await t.call("POST", "/api/stripe/preview_tax", details(sessionId, { discount_code: DEMO.discountCodes.freeShipping, shipping_option: "overnight" }), asBrowserOf(sessionId));
    expect(((await free.json()) as { price_info: { shipping: number } }).price_info.shipping).toBe(0);
  });

  it("redeems a code no more often than max_redemptions allows, and gives it back when the payment fails", async () => {
    await t.deps.db.update(discounts).set({ maxRedemptions: 1, redemptions: 0 }).where(eq(discounts.code, "TENOFF"));
    const first = await startCheckout(2);
    const second = await startCheckout(2);
    const a = await submit(first.sessionId, { discount_code: "TENOFF" });
    expect(a.status).toBe(200);
    const b = await submit(second.sessionId, { discount_code: "TENOFF" });
    expect(b.status).toBe(400);
    await pay(a.body.client_secret, TEST_CARDS.declined);
    const c = await submit(second.sessionId, { discount_code: "TENOFF" });
    expect(c.status).toBe(200);
  });

  it("expires an abandoned order after 30 minutes and gives its stock back", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId } = await startCheckout(3);
    const { body } = await submit(sessionId);
    expect(await stockOf(t, SKU)).toBe(before - 3);
    await sweepPendingOrders(t.deps, new Date(Date.now() + 29 * 60_000));
    expect((await orderRow(t, body.order_id)).status).toBe("pending");
    expect((await sweepPendingOrders(t.deps, new Date(Date.now() + 31 * 60_000))).expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, body.order_id)).status).toBe("expired");
    // Earlier tests' unpaid orders expire in the same sweep; this order's 3 bags are back among them.
    expect(await stockOf(t, SKU)).toBeGreaterThanOrEqual(before);
  });

  it("reconciles an order whose payment event was lost", async () => {
    const { sessionId } = await startCheckout(2);
    const { body } = await submit(sessionId);
    const paymentId = body.client_secret.split("_secret_")[0];
    // Confirm straight at the provider with nobody listening: the event never reaches the order.
    const lonely = new SimulatedPaymentProvider(t.deps.db);
    await lonely.confirmPayment(paymentId, { card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: "123" } });
    expect((await orderRow(t, body.order_id)).status).toBe("pending");
    expect(await sweepPendingOrders(t.deps, new Date(), { all: true })).toMatchObject({ paid: 1 });
    expect((await orderRow(t, body.order_id)).status).toBe("paid");
  });

  it("never pays an order on a payment of another sum: the money and the stock go back", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId } = await startCheckout(2);
    const { body } = await submit(sessionId);
    const paymentId = body.client_secret.split("_secret_")[0];
    // Changed at the provider behind the shop's back, then paid.
    await simulated().updatePayment(paymentId, { amountCents: body.total - 500 });
    await pay(body.client_secret);
    const order = await orderRow(t, body.order_id);
    expect(order.status).toBe("refunded");
    expect(order.number).toBeNull();
    expect(await stockOf(t, SKU)).toBe(before);
    expect((await simulated().retrievePayment(paymentId)).status).toBe("succeeded");
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.orderId, body.order_id));
    expect(payment.status).toBe("refunded");
  });

  it("verifies webhook signatures and ignores a replayed event", async () => {
    const { sessionId } = await startCheckout(2);
    const { body } = await submit(sessionId);
    const paymentId = body.client_secret.split("_secret_")[0];
    const before = await stockOf(t, SKU);
    const event = JSON.stringify({ id: "evt_replayed", type: "payment.failed", paymentId, amountCents: 1, failureMessage: "x" });
    const forged = await t.call("POST", "/api/stripe/webhook", event, { [SIMULATED_SIGNATURE_HEADER]: "0".repeat(64) });
    expect(forged.status).toBe(400);
    expect((await orderRow(t, body.order_id)).status).toBe("pending");
    const signed = { [SIMULATED_SIGNATURE_HEADER]: simulated().sign(event) };
    const first = await t.call("POST", "/api/stripe/webhook", event, signed);
    expect(await first.json()).toMatchObject({ handled: true });
    expect(await stockOf(t, SKU)).toBe(before + 2);
    const replay = await t.call("POST", "/api/stripe/webhook", event, signed);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
    expect(await stockOf(t, SKU)).toBe(before + 2);
    const recorded = await t.deps.db.select().from(paymentEvents).where(and(eq(paymentEvents.id, "evt_replayed")));
    expect(recorded).toHaveLength(1);
  });
});

describe("subscription carts", () => {
  const { everyTwoWeeks, sku } = DEMO.subscriptions.houseBlend;

  /** A stored cart of bags of the house blend every two weeks, and the checkout page's request for it. */
  async function subscriptionCheckout(attempt: string, discountCode: string | null = null, quantity = 2) {
    const saved = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "product", sku, quantity, subscription: { subscription_id: everyTwoWeeks } }],
    });
    return {
      cookie: saved.headers.getSetCookie()[0].split(";")[0],
      payload: {
        address: ADDRESS,
        shipping_option: "standard",
        email: "sub@example.com",
        store_id: "demo",
        fullName: "Sue Scriber",
        checkout_items: [{ quantity, sku, subscription: everyTwoWeeks }],
        discount_code: discountCode,
        idempotency_key: attempt,
      },
    };
  }

  it("previews and confirms a subscription order once per attempt", async () => {
    const { cookie, payload } = await subscriptionCheckout("attempt-123456");
    const preview = await t.call("POST", "/api/stripe/preview_tax_and_shipping", payload, { cookie });
    expect(preview.status).toBe(200);
    const first = await t.call("POST", "/api/stripe/confirm_subscription", payload, { cookie });
    const again = await t.call("POST", "/api/stripe/confirm_subscription", payload, { cookie });
    const a = (await first.json()) as { order_id: number; client_secret: string };
    const b = (await again.json()) as { order_id: number };
    expect(a.order_id).toBe(b.order_id);
    await pay(a.client_secret);
    expect((await orderRow(t, a.order_id)).status).toBe("paid");
    const left = await t.deps.db.select().from(cartLines);
    expect(left.filter((line) => line.subscriptionId === everyTwoWeeks)).toHaveLength(0);
  });

  it("charges the order's total, discount included, when the discount is more than shipping and tax", async () => {
    await t.deps.db.insert(discounts).values({ storeId: "demo", code: "CLUB10", amountCents: 1000, maxRedemptions: 100 });
    // Three bags: two ($28.80) less $10 would be below the $20 minimum.
    const { cookie, payload } = await subscriptionCheckout("attempt-discounted", "CLUB10", 3);
    const preview = await t.call("POST", "/api/stripe/preview_tax_and_shipping", payload, { cookie });
    const { price_info } = (await preview.json()) as { price_info: Record<string, number> };
    expect(price_info).toMatchObject({ subtotal: 3 * 1440, discount: 1000 });
    expect(price_info.discount).toBeGreaterThan(price_info.shipping + price_info.tax);

    const confirmed = await t.call("POST", "/api/stripe/confirm_subscription", payload, { cookie });
    const body = (await confirmed.json()) as { order_id: number; client_secret: string; payment_reference: string; total: number };
    expect(body.total).toBe(price_info.total);
    expect((await simulated().retrievePayment(body.payment_reference)).amountCents).toBe(price_info.total);
    await pay(body.client_secret);
    expect(await orderRow(t, body.order_id)).toMatchObject({ status: "paid", totalCents: price_info.total });
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, body.order_id))).toMatchObject([
      { status: "succeeded", amountCents: price_info.total },
    ]);
  });
});
