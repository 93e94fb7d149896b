/** Drives the checkout API the way the checkout page does, for tests of what comes after (orders, payments, CLI). */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, subscriptions, variants } from "../../server/db/schema";
import { DEMO } from "../../server/db/seed";
import type { SimulatedPaymentProvider } from "../../server/payments/simulated";
import { TEST_CARDS } from "../../server/payments/simulated";
import { requestPayment } from "../../server/orders/payment-links";
import type { PaymentLinkPurpose } from "../../core/payment-links";
import type { TestApp } from "./app";

/** $16.00 a bag. */
export const SKU = DEMO.subscriptions.houseBlend.sku;
export const ADDRESS = { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };

/** A stored cart of `quantity` units of `sku` and the cookie that names it. */
export async function cartWith(t: TestApp, quantity: number, sku: string = SKU) {
  const response = await t.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku, quantity }] });
  expect(response.status).toBe(200);
  return { cookie: response.headers.getSetCookie()[0].split(";")[0], quantity, sku };
}

/** The cart cookie of the browser that started each checkout: a session answers that browser only. */
const browsers = new Map<string, string>();

/** Headers of the browser that started the checkout `sessionId`. */
export const asBrowserOf = (sessionId: string): Record<string, string> => {
  const cookie = browsers.get(sessionId);
  return cookie ? { cookie } : {};
};

export async function startCheckout(t: TestApp, quantity: number, sku: string = SKU, unitCents = 1600) {
  const cart = await cartWith(t, quantity, sku);
  const response = await t.call(
    "POST",
    "/api/stripe/create_checkout_session",
    { checkout_items: [{ quantity, sku }], store_id: "demo", cost_of_checkout: unitCents * quantity },
    { cookie: cart.cookie },
  );
  expect(response.status).toBe(201);
  const { session_id } = (await response.json()) as { session_id: string };
  browsers.set(session_id, cart.cookie);
  return { ...cart, sessionId: session_id };
}

export const checkoutDetails = (sessionId: string, extra: Record<string, unknown> = {}) => ({
  session_id: sessionId,
  store_id: "demo",
  address: ADDRESS,
  email: "shopper@example.com",
  name: "Sam Shopper",
  shipping_option: "standard",
  ...extra,
});

export type Submitted = { order_id: number; client_secret: string; payment_reference: string; total: number; error?: string };

export async function submitOrder(t: TestApp, sessionId: string, extra: Record<string, unknown> = {}, headers = asBrowserOf(sessionId)) {
  const response = await t.call("POST", "/api/stripe/submit_order", checkoutDetails(sessionId, extra), headers);
  return { status: response.status, body: (await response.json()) as Submitted };
}

/** Pays through the simulated card form and waits until its event has been applied. */
export async function payWithCard(t: TestApp, clientSecret: string, number: string = TEST_CARDS.succeeds) {
  const response = await t.call("POST", "/api/stripe/simulated/confirm", {
    client_secret: clientSecret,
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
  });
  await (t.deps.payments as SimulatedPaymentProvider).drain();
  return { status: response.status, body: (await response.json()) as { status: string; error: string | null } };
}

/** A paid order of `quantity` bags, start to finish. */
export async function paidOrder(t: TestApp, quantity = 2) {
  const { sessionId } = await startCheckout(t, quantity);
  const { body } = await submitOrder(t, sessionId);
  await payWithCard(t, body.client_secret);
  return body;
}

/** A paid order of `quantity` bags by the customer named, as its row. */
export async function paidOrderBy(t: TestApp, customer: { email: string; name: string }, quantity = 2) {
  const { sessionId } = await startCheckout(t, quantity);
  const { body } = await submitOrder(t, sessionId, customer);
  await payWithCard(t, body.client_secret);
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
  expect(order.status).toBe("paid");
  return order;
}

/** The stock on the shelf of one variant. */
export async function stockOf(t: TestApp, sku: string = SKU) {
  const [row] = await t.deps.db.select({ stock: variants.stock }).from(variants).where(eq(variants.sku, sku));
  return row.stock;
}

export async function orderRow(t: TestApp, id: number) {
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/**
 * A subscription bought through the subscription checkout by `email`: `quantity` bags of House Blend every two weeks,
 * paid with `card` through the simulated form; its record, which the paid order started.
 */
export async function subscribedBy(t: TestApp, email: string, { quantity = 2, card = TEST_CARDS.succeeds as string, name = "Sue Scriber" } = {}) {
  const { everyTwoWeeks } = DEMO.subscriptions.houseBlend;
  const stored = await t.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity, subscription: { subscription_id: everyTwoWeeks } }] });
  const cookie = stored.headers.getSetCookie()[0].split(";")[0];
  const details = { address: ADDRESS, shipping_option: "standard", email, store_id: "demo", fullName: name };
  const response = await t.call("POST", "/api/stripe/confirm_subscription", { ...details, checkout_items: [{ quantity, sku: SKU, subscription: everyTwoWeeks }] }, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  const submitted = (await response.json()) as Submitted;
  await payWithCard(t, submitted.client_secret, card);
  const [subscription] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, submitted.order_id));
  expect(subscription).toBeDefined();
  return subscription;
}

/**
 * A paid order that owes `cents` more, as an edit that raised its total leaves it: the total raised and a payment link
 * asked for the difference (server/orders/payment-links.ts). Answers the link.
 */
export async function owingOrder(t: TestApp, order: typeof orders.$inferSelect, cents: number, purpose: PaymentLinkPurpose = "edit") {
  return t.deps.db.transaction(async (tx) => {
    const [raised] = await tx
      .update(orders)
      .set({ subtotalCents: order.subtotalCents + cents, totalCents: order.totalCents + cents })
      .where(eq(orders.id, order.id))
      .returning();
    return requestPayment(tx, raised, { amountCents: cents, purpose, actorLabel: "packer@example.com" });
  });
}
