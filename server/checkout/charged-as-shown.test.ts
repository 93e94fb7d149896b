/**
 * What is charged is what was shown (issue 17, section 2): a checkout answers only the browser that started it, a
 * resubmit after a declined card is charged for its own details, the store's minimum holds after a code on every
 * path, and one cart makes one paid order however many sessions or concurrent submits it has. Concurrency runs on
 * both databases; `TEST_DB=postgres` proves it with real parallel transactions.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import {
  ADDRESS,
  SKU,
  asBrowserOf,
  cartWith,
  checkoutDetails,
  orderRow,
  payWithCard,
  startCheckout,
  stockOf,
  submitOrder,
  type Submitted,
} from "../../tests/support/checkout";
import { DEMO } from "../db/seed";
import { discounts, orders, payments, variants } from "../db/schema";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import { ALREADY_PAID_MESSAGE, CANCELED_PAYMENT_MESSAGE, SESSION_NOT_FOUND_MESSAGE } from "./refusals";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // $15 off: two $16 bags come to $17, below the $20 minimum.
  await t.deps.db.insert(discounts).values({ storeId: "demo", code: "BIG15", amountCents: 1500, maxRedemptions: 1000 });
  // Enough bags for every checkout of this file: a refusal here must come from the rule under test, not the shelf.
  await t.deps.db.update(variants).set({ stock: 1000 }).where(eq(variants.sku, SKU));
});
afterAll(async () => {
  await t.database.dispose();
});

const simulated = () => t.deps.payments as SimulatedPaymentProvider;



async function redemptionsOf(code: string) {
  const [row] = await t.deps.db.select({ redemptions: discounts.redemptions }).from(discounts).where(eq(discounts.code, code));
  return row.redemptions;
}

/** Each test below checks out under an address of its own, so its paid orders are the ones with that email. */
const ordersOf = async (email: string, status: "paid" | "pending") =>
  t.deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.status, status)));

/** A second checkout session of the cart `cookie` names, as a second click on the drawer's Checkout. */
async function anotherSession(cookie: string, quantity: number) {
  const response = await t.call(
    "POST",
    "/api/stripe/create_checkout_session",
    { checkout_items: [{ quantity, sku: SKU }], store_id: "demo", cost_of_checkout: 1600 * quantity },
    { cookie },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

async function preview(sessionId: string, extra: Record<string, unknown> = {}, headers = asBrowserOf(sessionId)) {
  const response = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(sessionId, extra), headers);
  return { status: response.status, body: (await response.json()) as { price_info: { total: number }; error?: string } };
}

describe("a checkout session belongs to the browser that started it", () => {
  it("answers another browser 404 on every call, and the shopper's own submit is theirs", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const stranger = await cartWith(t, 1);
    const notFound = { error: SESSION_NOT_FOUND_MESSAGE };
    for (const headers of [{}, { cookie: stranger.cookie }] as Record<string, string>[]) {
      const session = await t.call("GET", `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`, undefined, headers);
      expect([session.status, await session.json()]).toEqual([404, notFound]);
      const secret = await t.call("GET", `/api/stripe/client_secret?session_id=${sessionId}&store_id=demo`, undefined, headers);
      expect([secret.status, await secret.json()]).toEqual([404, notFound]);
      const priced = await preview(sessionId, {}, headers);
      expect([priced.status, priced.body]).toEqual([404, notFound]);
      const hijack = await submitOrder(t, sessionId, { email: "thief@example.com", shipping_option: "overnight" }, headers);
      expect([hijack.status, hijack.body]).toEqual([404, notFound]);
    }
    const own = await t.call("GET", `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`, undefined, asBrowserOf(sessionId));
    const { session_data } = (await own.json()) as { session_data: { client_secret: string } };
    const paymentId = session_data.client_secret.split("_secret_")[0];
    const tax = { payment_intent_id: paymentId, store_id: "demo", address: ADDRESS, email: "t@example.com", shipping_id: "overnight" };
    for (const path of ["/api/stripe/calculate_tax", "/api/stripe/calculate_tax_final"]) {
      const response = await t.call("POST", path, tax, { cookie: stranger.cookie });
      expect([response.status, await response.json()]).toEqual([404, notFound]);
    }
    expect((await simulated().retrievePayment(paymentId)).amountCents).toBe(3200);

    const shown = await preview(sessionId);
    const { status, body } = await submitOrder(t, sessionId);
    expect(status).toBe(200);
    expect(body.total).toBe(shown.body.price_info.total);
    expect(await orderRow(t, body.order_id)).toMatchObject({ email: "shopper@example.com", shippingOptionKey: "standard" });
  });
});

describe("a resubmit after a declined card", () => {
  it("charges the new email, address, shipping and code, not the first submit's", async () => {
    const before = await stockOf(t, SKU);
    const codeBefore = await redemptionsOf(DEMO.discountCodes.fixedAmount);
    const { sessionId } = await startCheckout(t, 3);
    const first = await submitOrder(t, sessionId, {
      email: "first@example.com",
      shipping_option: "overnight",
      address: { ...ADDRESS, line1: "9 Old Rd" },
      discount_code: DEMO.discountCodes.fixedAmount,
    });
    expect(first.status).toBe(200);
    expect(await redemptionsOf(DEMO.discountCodes.fixedAmount)).toBe(codeBefore + 1);
    expect((await payWithCard(t, first.body.client_secret, TEST_CARDS.declined)).body.status).toBe("requires_payment_method");
    expect(await stockOf(t, SKU)).toBe(before);

    const changes = { email: "second@example.com", shipping_option: "standard", discount_code: DEMO.discountCodes.freeShipping };
    const shown = await preview(sessionId, changes);
    const second = await submitOrder(t, sessionId, changes);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ order_id: first.body.order_id, total: shown.body.price_info.total });
    expect(second.body.total).not.toBe(first.body.total);
    expect(await stockOf(t, SKU)).toBe(before - 3);
    expect(await redemptionsOf(DEMO.discountCodes.fixedAmount)).toBe(codeBefore);

    expect((await payWithCard(t, second.body.client_secret)).body.status).toBe("succeeded");
    const order = await orderRow(t, second.body.order_id);
    expect(order).toMatchObject({
      status: "paid",
      email: "second@example.com",
      shippingOptionKey: "standard",
      discountCode: DEMO.discountCodes.freeShipping,
      shippingCents: 0,
      totalCents: shown.body.price_info.total,
      shippingAddress: expect.objectContaining({ line1: ADDRESS.line1 }),
    });
    const [charged] = await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(charged).toMatchObject({ status: "succeeded", amountCents: shown.body.price_info.total });
  });
});

describe("the minimum order after a code", () => {
  it("is refused with the spec's text on preview, submit, and the subscription paths, holding nothing", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId } = await startCheckout(t, 2);
    const minimum = { error: "Minimum order amount is $20.00" };
    const priced = await preview(sessionId, { discount_code: "BIG15" });
    expect([priced.status, priced.body]).toEqual([422, minimum]);
    const submitted = await submitOrder(t, sessionId, { discount_code: "BIG15" });
    expect([submitted.status, submitted.body]).toEqual([422, minimum]);
    expect(await stockOf(t, SKU)).toBe(before);

    const { everyTwoWeeks, sku } = DEMO.subscriptions.houseBlend;
    const saved = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "product", sku, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }],
    });
    const cookie = saved.headers.getSetCookie()[0].split(";")[0];
    const payload = {
      address: ADDRESS,
      shipping_option: "standard",
      email: "sub@example.com",
      store_id: "demo",
      fullName: "Sue Scriber",
      checkout_items: [{ quantity: 2, sku, subscription: everyTwoWeeks }],
      discount_code: "BIG15",
      idempotency_key: "attempt-minimum",
    };
    for (const path of ["/api/stripe/preview_tax_and_shipping", "/api/stripe/confirm_subscription"]) {
      const response = await t.call("POST", path, payload, { cookie });
      expect([response.status, await response.json()]).toEqual([422, minimum]);
    }
    expect(await stockOf(t, SKU)).toBe(before);
  });
});

describe("one cart, one paid order", () => {
  it("cancels the first session's payment when a second session of the cart is submitted", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId: first, cookie } = await startCheckout(t, 2);
    const second = await anotherSession(cookie, 2);
    const email = { email: "second-tab@example.com" };
    const a = await submitOrder(t, first, email);
    const b = await submitOrder(t, second, email, { cookie });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stockOf(t, SKU)).toBe(before - 2);
    expect((await orderRow(t, a.body.order_id)).status).toBe("failed");

    const paidA = await payWithCard(t, a.body.client_secret);
    expect([paidA.status, paidA.body.error]).toEqual([409, CANCELED_PAYMENT_MESSAGE]);
    expect((await payWithCard(t, b.body.client_secret)).body.status).toBe("succeeded");
    expect((await ordersOf(email.email, "paid")).map((order) => order.id)).toEqual([b.body.order_id]);
    expect(await stockOf(t, SKU)).toBe(before - 2);
    // The first session is closed for good: the cart it was opened for has been paid.
    expect((await submitOrder(t, first)).body.error).toBe(ALREADY_PAID_MESSAGE);
  });

  it("refuses a second session once the first is paid, and closes a declined first session's payment", async () => {
    const paidFirst = await startCheckout(t, 2);
    const later = await anotherSession(paidFirst.cookie, 2);
    const a = await submitOrder(t, paidFirst.sessionId);
    await payWithCard(t, a.body.client_secret);
    expect(await submitOrder(t, later, {}, { cookie: paidFirst.cookie })).toEqual({ status: 409, body: { error: ALREADY_PAID_MESSAGE } });

    const declinedFirst = await startCheckout(t, 2);
    const retry = await anotherSession(declinedFirst.cookie, 2);
    const email = { email: "declined-tab@example.com" };
    const d = await submitOrder(t, declinedFirst.sessionId, email);
    await payWithCard(t, d.body.client_secret, TEST_CARDS.declined);
    const r = await submitOrder(t, retry, email, { cookie: declinedFirst.cookie });
    expect(r.status).toBe(200);
    // The old tab's card form, tried again with a good card, can no longer pay the declined order.
    expect((await payWithCard(t, d.body.client_secret)).status).toBe(409);
    await payWithCard(t, r.body.client_secret);
    expect((await ordersOf(email.email, "paid")).map((order) => order.id)).toEqual([r.body.order_id]);
  });

  it("makes one paid order of two sessions submitted and paid at the same time", async () => {
    const before = await stockOf(t, SKU);
    const { sessionId: first, cookie } = await startCheckout(t, 2);
    const second = await anotherSession(cookie, 2);
    const email = { email: "same-time@example.com" };
    const submitted = await Promise.all([submitOrder(t, first, email), submitOrder(t, second, email, { cookie })]);
    const accepted = submitted.filter((result) => result.status === 200).map((result) => result.body);
    await Promise.all(accepted.map((body) => payWithCard(t, body.client_secret)));
    await simulated().drain();
    expect(await ordersOf(email.email, "paid")).toHaveLength(1);
    expect(await ordersOf(email.email, "pending")).toEqual([]);
    expect(await stockOf(t, SKU)).toBe(before - 2);
  });

  it("makes one paid order of six concurrent subscription submits with different attempt keys", async () => {
    const { everyTwoWeeks, sku } = DEMO.subscriptions.houseBlend;
    const before = await stockOf(t, sku);
    const saved = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "product", sku, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }],
    });
    const cookie = saved.headers.getSetCookie()[0].split(";")[0];
    const payload = (attempt: number) => ({
      address: ADDRESS,
      shipping_option: "standard",
      email: "six@example.com",
      store_id: "demo",
      fullName: "Six Tabs",
      checkout_items: [{ quantity: 2, sku, subscription: everyTwoWeeks }],
      idempotency_key: `attempt-concurrent-${attempt}`,
    });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, attempt) => t.call("POST", "/api/stripe/confirm_subscription", payload(attempt), { cookie })),
    );
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Submitted[];
    // Each is either the cart's order or told another submit took its place; never a server error.
    expect(bodies.filter((_, index) => ![200, 409].includes(responses[index].status))).toEqual([]);
    const accepted = bodies.filter((body) => body.client_secret);
    expect(accepted.length).toBeGreaterThan(0);
    expect(await ordersOf("six@example.com", "pending")).toHaveLength(1);

    await Promise.all(accepted.map((body) => payWithCard(t, body.client_secret)));
    await simulated().drain();
    expect(await ordersOf("six@example.com", "paid")).toHaveLength(1);
    expect(await stockOf(t, sku)).toBe(before - 2);
  });
});
