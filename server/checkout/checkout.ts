/**
 * The checkout: everything the shopper pays is recomputed here from the database — the stored cart's lines and
 * prices, the discount, shipping (free at the option's threshold or with a free-shipping code) and the state's tax.
 * A bad request changes nothing: no session, no order, no stock held.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Discount } from "../../core/cart";
import { INVALID_DISCOUNT_MESSAGE, lineKey } from "../../core/cart";
import { centsToDollars, formatMoney, roundCents } from "../../core/money";
import { INCOMPLETE_ADDRESS_MESSAGE } from "../../core/checkout-messages";
import type {
  CheckoutAddress,
  CheckoutSessionData,
  PriceInfo,
  ShippingOption,
  calculateTaxSchema,
  cartCheckoutSchema,
  createCheckoutSessionSchema,
  sessionCheckoutSchema,
} from "../../core/schemas/checkout";
import type { z } from "zod";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { checkoutSessions, orders, shippingOptions, taxRates, type PostalAddress } from "../db/schema";
import { findDiscount } from "../cart/discounts";
import { priceCart, totalsOf, type PricedLine } from "../cart/pricing";
import { getCartLines, priceStoredCart, type StoredCartLine } from "../cart/store";
import { HttpError } from "../http/errors";
import { abandonOrder, createPendingOrder, type Order } from "../orders/orders";
import { PaymentNotFoundError } from "../payments/provider";
import { getStoreSettings } from "../store/settings";

export type CheckoutDetails = {
  address: CheckoutAddress;
  email: string;
  name: string | null | undefined;
  shippingOptionKey: string;
  discountCode: string | null | undefined;
};

type ShippingRow = typeof shippingOptions.$inferSelect;

export async function listShippingOptions(db: Database, storeId: string): Promise<ShippingOption[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.storeId, storeId))
    .orderBy(asc(shippingOptions.position), asc(shippingOptions.id));
  return rows.map((row) => ({
    shipping_option_id: row.key,
    shipping_option_name: row.name,
    additional_information: row.additionalInformation,
    price: centsToDollars(row.priceCents),
    free_shipping_threshold: row.freeShippingThreshold,
  }));
}

async function shippingOption(db: Database, storeId: string, key: string): Promise<ShippingRow> {
  const [row] = await db
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.storeId, storeId), eq(shippingOptions.key, key)));
  if (!row) throw new HttpError(400, `shipping_option: unknown shipping option "${key}"`);
  return row;
}

async function taxRate(db: Database, storeId: string, address: CheckoutAddress) {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(
      and(
        eq(taxRates.storeId, storeId),
        eq(taxRates.country, address.country.toUpperCase()),
        eq(taxRates.region, address.state.toUpperCase()),
      ),
    );
  return row ?? null;
}

/** Shipping is free from the option's threshold (dollars) on the discounted subtotal, or with a free-shipping code. */
export function shippingCents(option: Pick<ShippingRow, "priceCents" | "freeShippingThreshold">, goodsCents: number, discount: Discount | null) {
  if (discount?.free_shipping) return 0;
  if (option.freeShippingThreshold !== null && goodsCents >= option.freeShippingThreshold * 100) return 0;
  return option.priceCents;
}

/** Tax on the goods after discount and, where the state taxes it, on shipping; basis points, rounded to the cent. */
export function taxCents(rate: { rateBasisPoints: number; taxesShipping: boolean } | null, goodsCents: number, shipping: number) {
  if (!rate) return 0;
  return roundCents(((goodsCents + (rate.taxesShipping ? shipping : 0)) * rate.rateBasisPoints) / 10_000);
}

/** Said when a code restricted to one address (the welcome code) is used with another address, or again. */
export const RESTRICTED_DISCOUNT_MESSAGE =
  "This code only works with the email address it was sent to, and only on that address's first order";

async function resolveDiscount(db: Database, storeId: string, code: string | null | undefined, email: string) {
  if (!code || code.trim() === "") return null;
  const discount = await findDiscount(db, storeId, code, { email });
  if (discount) return discount;
  // The cart, which knows no email, accepted the code: "invalid" alone would not tell the shopper why it stopped.
  const restricted = (await findDiscount(db, storeId, code)) !== null;
  throw new HttpError(400, `discount_code: ${restricted ? RESTRICTED_DISCOUNT_MESSAGE : INVALID_DISCOUNT_MESSAGE}`);
}

export type Quote = {
  priceInfo: PriceInfo;
  discount: Discount | null;
  shipping: ShippingRow;
};

/** The order's amounts in cents: goods after discount, shipping, tax and total. */
export async function quote(db: Database, storeId: string, lines: readonly PricedLine[], details: CheckoutDetails): Promise<Quote> {
  const [discount, shipping, rate] = await Promise.all([
    resolveDiscount(db, storeId, details.discountCode, details.email),
    shippingOption(db, storeId, details.shippingOptionKey),
    taxRate(db, storeId, details.address),
  ]);
  const totals = totalsOf(lines, discount);
  const shippingAmount = shippingCents(shipping, totals.totalCents, discount);
  const tax = taxCents(rate, totals.totalCents, shippingAmount);
  return {
    discount,
    shipping,
    priceInfo: {
      subtotal: totals.subtotalCents,
      discount: totals.discountCents,
      shipping: shippingAmount,
      tax,
      total: totals.totalCents + shippingAmount + tax,
    },
  };
}

/** The stored cart, refused when it cannot be checked out: empty, changed under the shopper, below the minimum. */
async function checkoutableCart(deps: AppDeps, storeId: string, cartId: string | undefined) {
  const settings = await getStoreSettings(deps.db, storeId);
  if (!settings.checkout.enabled) throw new HttpError(403, "Checkout is currently not available");
  if (!cartId) throw new HttpError(422, "Your cart is empty");
  const [priced, stored] = await Promise.all([priceStoredCart(deps.db, storeId, cartId), getCartLines(deps.db, storeId, cartId)]);
  if (priced.problems.length > 0) {
    throw new HttpError(409, `Your cart changed: ${priced.problems.map((problem) => problem.message).join("; ")}`);
  }
  if (priced.lines.length === 0) throw new HttpError(422, "Your cart is empty");
  if (priced.totalCents < settings.checkout.minimumOrderCents) {
    throw new HttpError(422, `Minimum order amount is ${formatMoney(settings.checkout.minimumOrderCents)}`);
  }
  return { priced, stored };
}

function staleLines(lines: readonly PricedLine[], snapshot: readonly StoredCartLine[]): string[] {
  return lines.flatMap((line, index) =>
    snapshot[index]?.unitPriceCents != null && snapshot[index].unitPriceCents !== line.unitPriceCents
      ? [`the price of ${line.title} is now ${formatMoney(line.unitPriceCents)}`]
      : [],
  );
}

function addressOf(address: CheckoutAddress, name: string | null | undefined): PostalAddress {
  const addressee = (name ?? address.name ?? "").trim();
  if (!addressee) throw new HttpError(400, `name: ${INCOMPLETE_ADDRESS_MESSAGE} (full name is required)`);
  return {
    name: addressee,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    state: address.state.toUpperCase(),
    postal_code: address.postal_code,
    country: address.country.toUpperCase(),
  };
}

// ---------------------------------------------------------------- one-time purchases: a checkout session

type CreateSessionRequest = z.infer<typeof createCheckoutSessionSchema>;

/** The checkout session for the stored cart; what the browser believes it holds must match what the server prices. */
export async function createCheckoutSession(deps: AppDeps, storeId: string, cartId: string | undefined, body: CreateSessionRequest) {
  const { priced, stored } = await checkoutableCart(deps, storeId, cartId);
  const sent = body.checkout_items
    .map((item) => (item.bundle_id != null ? `bundle:${item.bundle_id}` : `sku:${item.sku}:${item.subscription ?? ""}`) + `x${item.quantity}`)
    .sort();
  const held = priced.lines
    .map((line) => (line.bundleId !== null ? `bundle:${line.bundleId}` : `sku:${line.sku}:${line.subscriptionId ?? ""}`) + `x${line.quantity}`)
    .sort();
  if (sent.join("|") !== held.join("|")) {
    throw new HttpError(409, "checkout_items: your cart changed in another window; please review it and try again");
  }
  if (body.cost_of_checkout !== priced.totalCents) {
    throw new HttpError(
      409,
      `cost_of_checkout: prices changed; your cart now comes to ${formatMoney(priced.totalCents)}, please review it`,
    );
  }
  const id = `cs_${randomBytes(16).toString("hex")}`;
  const snapshot: StoredCartLine[] = priced.lines.map((line, index) => ({ ...stored[index], unitPriceCents: line.unitPriceCents }));
  await deps.db.insert(checkoutSessions).values({ id, storeId, cartId: cartId!, items: snapshot, costCents: priced.totalCents });
  return { session_id: id };
}

async function sessionRow(deps: AppDeps, storeId: string, sessionId: string) {
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.storeId, storeId), eq(checkoutSessions.id, sessionId)));
  if (!session) throw new HttpError(404, "Checkout session not found");
  return session;
}

type SessionRow = Awaited<ReturnType<typeof sessionRow>>;

export const ALREADY_PAID_MESSAGE = "This order has already been paid.";

/** A checkout whose order is paid (or was, and was shipped or given back since): it can never be paid again. */
export class CheckoutPaidError extends HttpError {
  constructor(readonly orderNumber: number | null) {
    super(409, ALREADY_PAID_MESSAGE);
  }
}

/** Order states that come only after a payment; "failed" and "expired" orders may still be paid (a retry). */
const PAID_STATES: readonly Order["status"][] = ["paid", "backordered", "fulfilled", "cancelled", "refunded"];

/** The session and its order, while it can still be paid. */
async function openSession(deps: AppDeps, storeId: string, sessionId: string) {
  const session = await sessionRow(deps, storeId, sessionId);
  const order = session.orderId ? await orderById(deps, session.orderId) : null;
  if (order && PAID_STATES.includes(order.status)) throw new CheckoutPaidError(order.number);
  return { session, order: order ?? null };
}

async function sessionLines(deps: AppDeps, storeId: string, session: typeof checkoutSessions.$inferSelect) {
  const snapshot = session.items as StoredCartLine[];
  const priced = await priceCart(deps.db, storeId, snapshot, null);
  const changes = [...priced.problems.map((problem) => problem.message), ...staleLines(priced.lines, snapshot)];
  if (changes.length > 0) throw new HttpError(409, `Your cart changed: ${changes.join("; ")}`);
  return priced.lines;
}

/**
 * The session's provider payment, made once (idempotency key per session) and reused by every later call. A payment
 * that cannot be paid any more (one the provider no longer has, as the simulated provider forgets its payments on a
 * restart, or a canceled one) is replaced by a fresh one for the same sum, on the session and on its unpaid order, so
 * an old checkout link still takes the shopper to paying; a payment that already succeeded closes the checkout.
 */
async function sessionPayment(deps: AppDeps, session: SessionRow, order: Order | null) {
  const previous = session.paymentReference;
  if (previous) {
    const payment = await deps.payments.retrievePayment(previous).catch((error: unknown) => {
      if (error instanceof PaymentNotFoundError) return null;
      throw error;
    });
    // Paid, and the provider's event not applied yet: closed all the same.
    if (payment?.status === "succeeded") throw new CheckoutPaidError(order?.number ?? null);
    if (payment && payment.status !== "canceled") return payment;
  }
  const payment = await deps.payments.createPayment({
    amountCents: order?.totalCents ?? session.costCents,
    email: order?.email,
    metadata: { store_id: session.storeId, checkout_session_id: session.id, ...(order ? { order_key: order.idempotencyKey } : {}) },
    // Concurrent calls make one replacement; the replaced payment's id keeps Stripe from answering with it again.
    idempotencyKey: previous ? `checkout-session:${session.id}:replacing:${previous}` : `checkout-session:${session.id}`,
  });
  await deps.db.update(checkoutSessions).set({ paymentReference: payment.id }).where(eq(checkoutSessions.id, session.id));
  if (order) {
    await deps.db
      .update(orders)
      .set({ paymentReference: payment.id })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ["pending", "failed", "expired"])));
  }
  return payment;
}

export async function getCheckoutSession(deps: AppDeps, storeId: string, sessionId: string): Promise<CheckoutSessionData> {
  const { session, order } = await openSession(deps, storeId, sessionId);
  const lines = await sessionLines(deps, storeId, session);
  const payment = await sessionPayment(deps, session, order);
  const totals = totalsOf(lines, null);
  return {
    session_id: session.id,
    client_secret: payment.clientSecret,
    cost_of_checkout: session.costCents,
    price_info: { subtotal: totals.subtotalCents, discount: 0, shipping: 0, tax: 0, total: totals.totalCents },
    has_subscription: lines.some((line) => line.subscriptionId !== null),
    discount_code: null,
  };
}

type SessionCheckoutRequest = z.infer<typeof sessionCheckoutSchema>;

const detailsOf = (body: SessionCheckoutRequest): CheckoutDetails => ({
  address: body.address,
  email: body.email,
  name: body.name,
  shippingOptionKey: body.shipping_option,
  discountCode: body.discount_code,
});

export async function previewSessionCheckout(deps: AppDeps, storeId: string, body: SessionCheckoutRequest) {
  const { session } = await openSession(deps, storeId, body.session_id);
  const lines = await sessionLines(deps, storeId, session);
  return (await quote(deps.db, storeId, lines, detailsOf(body))).priceInfo;
}

/** calculate_tax and calculate_tax_final: the preview for a payment; the final one also sets the payment's amount. */
export async function calculateTax(deps: AppDeps, storeId: string, body: z.infer<typeof calculateTaxSchema>, final: boolean) {
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.storeId, storeId), eq(checkoutSessions.paymentReference, body.payment_intent_id)));
  if (!session) throw new HttpError(404, "payment_intent_id: no checkout has this payment");
  const lines = await sessionLines(deps, storeId, session);
  const { priceInfo } = await quote(deps.db, storeId, lines, {
    address: body.address,
    email: body.email,
    name: body.name,
    shippingOptionKey: body.shipping_id,
    discountCode: body.discount_code,
  });
  if (final && !session.orderId) {
    await deps.payments.updatePayment(body.payment_intent_id, { amountCents: priceInfo.total, email: body.email });
  }
  return priceInfo;
}

function orderLinesOf(lines: readonly PricedLine[]) {
  return lines.map((line) => ({
    kind: line.kind,
    title: line.title,
    productHandle: line.productHandle,
    sku: line.sku,
    bundleId: line.bundleId,
    subscriptionId: line.subscriptionId,
    attributes: line.attributes ?? (line.selectedVariants ? { ...line.selectedVariants } : null),
    stockComponents: line.stockComponents,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  }));
}

function orderFields(storeId: string, deps: AppDeps, lines: readonly PricedLine[], details: CheckoutDetails, q: Quote) {
  const address = addressOf(details.address, details.name);
  return {
    storeId,
    email: details.email,
    customerName: address.name,
    shippingAddress: address,
    shippingOptionKey: q.shipping.key,
    subtotalCents: q.priceInfo.subtotal,
    discountCents: q.priceInfo.discount,
    shippingCents: q.priceInfo.shipping,
    taxCents: q.priceInfo.tax,
    totalCents: q.priceInfo.total,
    discountCode: q.discount?.code ?? null,
    paymentProvider: deps.payments.name,
    lines: orderLinesOf(lines),
  };
}

export type SubmittedOrder = { order_id: number; client_secret: string; payment_reference: string; total: number };

/**
 * Submits a one-time order: one per checkout session, whatever the number of submits; its stock is held and the
 * session's payment set to the order's total, ready for the browser to confirm.
 */
export async function submitSessionOrder(deps: AppDeps, storeId: string, body: SessionCheckoutRequest): Promise<SubmittedOrder> {
  const { session, order: existing } = await openSession(deps, storeId, body.session_id);
  const key = `checkout:${session.id}`;
  if (existing) {
    const payment = await sessionPayment(deps, session, existing);
    return { order_id: existing.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: existing.totalCents };
  }
  const lines = await sessionLines(deps, storeId, session);
  if (lines.some((line) => line.subscriptionId !== null)) {
    throw new HttpError(422, "A cart with a subscription is checked out with confirm_subscription");
  }
  const details = detailsOf(body);
  const q = await quote(deps.db, storeId, lines, details);
  const fields = orderFields(storeId, deps, lines, details, q);
  const payment = await sessionPayment(deps, session, null);
  if (payment.status === "requires_payment_method") {
    await deps.payments.updatePayment(payment.id, {
      amountCents: q.priceInfo.total,
      email: details.email,
      metadata: { order_key: key },
    });
  }
  const { order } = await createPendingOrder(deps, { ...fields, idempotencyKey: key, paymentReference: payment.id });
  await deps.db.update(checkoutSessions).set({ orderId: order.id }).where(eq(checkoutSessions.id, session.id));
  return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
}

async function orderById(deps: AppDeps, orderId: number) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

async function submitted(deps: AppDeps, order: Order): Promise<SubmittedOrder> {
  const payment = await deps.payments.retrievePayment(order.paymentReference!);
  return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
}

// ---------------------------------------------------------------- carts with a subscription

type CartCheckoutRequest = z.infer<typeof cartCheckoutSchema>;

const cartDetailsOf = (body: CartCheckoutRequest): CheckoutDetails => ({
  address: body.address,
  email: body.email,
  name: body.fullName,
  shippingOptionKey: body.shipping_option,
  discountCode: body.discount_code,
});

export async function previewCartCheckout(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  return (await quote(deps.db, storeId, priced.lines, cartDetailsOf(body))).priceInfo;
}

/**
 * Orders a cart holding a subscription: the order and its stock hold first, then the provider's subscription whose
 * first invoice charges the order's total: the recurring lines plus everything one-time, less the order's discount.
 * One order per attempt key.
 */
export async function confirmSubscription(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  const details = cartDetailsOf(body);
  const q = await quote(deps.db, storeId, priced.lines, details);
  const fields = orderFields(storeId, deps, priced.lines, details, q);
  const attempt =
    body.idempotency_key ??
    createHash("sha256")
      .update(JSON.stringify([priced.lines.map((line) => [lineKey(line.item), line.quantity]), fields.shippingAddress, details]))
      .digest("hex");
  const { order, created } = await createPendingOrder(deps, {
    ...fields,
    idempotencyKey: `subscription:${cartId}:${attempt}`,
    paymentReference: null,
  });
  if (!created && order.paymentReference) return submitted(deps, order);
  const recurring = priced.lines.filter((line) => line.item.kind === "product" && line.item.subscription);
  const recurringCents = recurring.reduce((sum, line) => sum + line.lineTotalCents, 0);
  try {
    const { subscriptionId, payment } = await deps.payments.createSubscription({
      email: details.email,
      name: order.customerName,
      items: recurring.map((line) => {
        const subscription = line.item.kind === "product" ? line.item.subscription! : null;
        return {
          title: line.title,
          unitAmountCents: line.unitPriceCents,
          quantity: line.quantity,
          interval: subscription!.subscription_interval_unit as "day" | "week" | "month" | "year",
          intervalCount: subscription!.subscription_interval,
        };
      }),
      // Before its discount the order is the recurring lines plus everything charged once (other lines, shipping, tax).
      oneTimeCents: order.totalCents + order.discountCents - recurringCents,
      discountCents: order.discountCents,
      metadata: { store_id: storeId, order_id: String(order.id) },
      idempotencyKey: `order:${order.id}`,
    });
    await deps.db.update(orders).set({ paymentReference: subscriptionId }).where(eq(orders.id, order.id));
    await deps.db
      .insert(checkoutSessions)
      .values({ id: `cs_order_${order.id}`, storeId, cartId: cartId!, items: [], costCents: order.totalCents, orderId: order.id, paymentReference: subscriptionId })
      .onConflictDoNothing();
    return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: subscriptionId, total: order.totalCents };
  } catch (error) {
    await abandonOrder(deps, order);
    throw error;
  }
}

/** What the confirmation page shows: the order a payment belongs to, with its lines. */
export async function findOrderByPayment(deps: AppDeps, storeId: string, paymentReference: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.paymentReference, paymentReference)));
  return order ?? null;
}
