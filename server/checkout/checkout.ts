/**
 * A one-time purchase's checkout: a session opened for the stored cart as the browser saw it, its previews and tax,
 * and its submit, which places the cart's order (cart-orders.ts) and starts or reuses its payment. Every amount is the
 * quote's (quote.ts); a cart holding a subscription checks out in subscription-checkout.ts. A bad request changes
 * nothing: no session, no order, no stock held.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gte, inArray } from "drizzle-orm";
import { lineTotalCents } from "../../core/cart";
import { toApiCartItem } from "../../core/cart-wire";
import { formatMoney } from "../../core/money";
import type { CheckoutSessionData, calculateTaxSchema, createCheckoutSessionSchema, sessionCheckoutSchema } from "../../core/schemas/checkout";
import type { z } from "zod";
import type { AppDeps } from "../context";
import { checkoutSessions, orders } from "../db/schema";
import { findDiscount } from "../cart/discounts";
import { priceCart, problemText, totalsOf } from "../cart/pricing";
import { getCartDiscountCode, type StoredCartLine } from "../cart/store";
import { isPlaced, ORDER_GROUPS } from "../../core/order-lifecycle";
import { type Order } from "../orders/orders";
import { unlessNotFound } from "../payments/provider";
import { recordReminderConsent } from "./cart-reminders";
import { quote } from "./quote";
import { SESSION_NOT_FOUND_MESSAGE, SUPERSEDED_MESSAGE, PAYMENT_PROCESSING_MESSAGE, CheckoutPaidError } from "./refusals";
import { checkoutableCart, checkoutDetails, isSubscribed, orderFields, placeCartOrder, staleLines } from "./cart-orders";
import { conflict, notFound, ruleBroken } from "../../core/errors";

type CreateSessionRequest = z.infer<typeof createCheckoutSessionSchema>;

/** The checkout session for the stored cart; what the browser believes it holds must match what the server prices. */
export async function createCheckoutSession(deps: AppDeps, storeId: string, cartId: string | undefined, body: CreateSessionRequest) {
  const { priced, stored } = await checkoutableCart(deps, storeId, cartId);
  const sent = body.checkout_items
    .map((item) => (item.bundle_id != null ? `bundle:${item.bundle_id}` : `sku:${item.sku}:${item.subscription ?? ""}`) + `x${item.quantity}`)
    .sort();
  const held = priced.lines
    .map((line) => (line.kind === "bundle" ? `bundle:${line.bundleId}` : `sku:${line.sku}:${line.subscription?.id ?? ""}`) + `x${line.quantity}`)
    .sort();
  if (sent.join("|") !== held.join("|")) {
    throw conflict("your cart changed in another window; please review it and try again", "checkout_items");
  }
  if (body.cost_of_checkout !== priced.totalCents) {
    throw conflict(`prices changed; your cart now comes to ${formatMoney(priced.totalCents)}, please review it`,
      "cost_of_checkout",
    );
  }
  const id = `cs_${randomBytes(16).toString("hex")}`;
  const snapshot: StoredCartLine[] = priced.lines.map((line, index) => ({ ...stored[index], unitPriceCents: line.unitCents }));
  await deps.db.insert(checkoutSessions).values({ id, storeId, cartId: cartId!, items: snapshot, costCents: priced.totalCents });
  return { session_id: id };
}

/**
 * The session, for the browser that made it only: its cart cookie names the session's cart. Another browser holding
 * the link is told what a made-up id is told, so it can neither read the checkout nor submit it as its own.
 */
async function sessionRow(deps: AppDeps, storeId: string, sessionId: string, cartId: string | undefined) {
  if (!cartId) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.storeId, storeId), eq(checkoutSessions.id, sessionId), eq(checkoutSessions.cartId, cartId)));
  if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  return session;
}

type SessionRow = Awaited<ReturnType<typeof sessionRow>>;

/**
 * The session and its order, while it can still be paid: not once its order was paid, nor once any order of its
 * cart was paid after it was opened (paying empties the cart, so it was opened for what has been bought since).
 */
async function openSession(deps: AppDeps, storeId: string, sessionId: string, cartId: string | undefined) {
  const session = await sessionRow(deps, storeId, sessionId, cartId);
  const order = session.orderId ? await orderById(deps, session.orderId) : null;
  if (order && isPlaced(order.status)) throw new CheckoutPaidError(order.number);
  const [paidSince] = await deps.db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.cartId, session.cartId!),
        inArray(orders.status, [...ORDER_GROUPS.placed]),
        gte(orders.paidAt, session.createdAt),
      ),
    )
    .limit(1);
  if (paidSince) throw new CheckoutPaidError(paidSince.number);
  return { session, order: order ?? null };
}

async function sessionLines(deps: AppDeps, storeId: string, session: typeof checkoutSessions.$inferSelect) {
  const snapshot = session.items as StoredCartLine[];
  const priced = await priceCart(deps.db, storeId, snapshot, null);
  const changes = [...priced.problems.map(problemText), ...staleLines(priced.lines, snapshot)];
  if (changes.length > 0) throw conflict(`Your cart changed: ${changes.join("; ")}`);
  return priced.lines;
}

/**
 * The session's provider payment, made once (idempotency key per session) and reused by every later call. A payment
 * that cannot be paid any more (one the provider no longer has, or a canceled one) is replaced by a fresh one for
 * the same sum, on the session and on its unpaid order, so an old checkout link still takes the shopper to paying;
 * a payment that already succeeded closes the checkout.
 */
async function sessionPayment(deps: AppDeps, session: SessionRow, order: Order | null) {
  const previous = session.paymentReference;
  if (previous) {
    const payment = await unlessNotFound(deps.payments.retrievePayment(previous));
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
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...ORDER_GROUPS.unpaid])));
  }
  return payment;
}

/** The goods of the session with the cart's own code, as the drawer showed them: the summary before any address. */
async function cartDiscount(deps: AppDeps, storeId: string, cartId: string) {
  const code = await getCartDiscountCode(deps.db, storeId, cartId);
  return code ? findDiscount(deps.db, storeId, code) : null;
}

export async function getCheckoutSession(
  deps: AppDeps,
  storeId: string,
  sessionId: string,
  cartId: string | undefined,
): Promise<CheckoutSessionData> {
  const { session, order } = await openSession(deps, storeId, sessionId, cartId);
  const lines = await sessionLines(deps, storeId, session);
  const [payment, discount] = await Promise.all([sessionPayment(deps, session, order), cartDiscount(deps, storeId, session.cartId!)]);
  const totals = totalsOf(lines, discount);
  return {
    session_id: session.id,
    client_secret: payment.clientSecret,
    cost_of_checkout: session.costCents,
    price_info: { subtotal: totals.subtotalCents, discount: totals.discountCents, shipping: 0, tax: 0, total: totals.totalCents },
    line_items: lines.map((line) => ({ item: toApiCartItem(line), line_total: lineTotalCents(line) })),
    has_subscription: lines.some(isSubscribed),
    discount_code: discount?.code ?? null,
  };
}

type SessionCheckoutRequest = z.infer<typeof sessionCheckoutSchema>;

const detailsOf = (deps: AppDeps, storeId: string, cartId: string, body: SessionCheckoutRequest) =>
  checkoutDetails(deps, storeId, cartId, { address: body.address, email: body.email, name: body.name, shippingOptionKey: body.shipping_option }, body.discount_code);

export async function previewSessionCheckout(deps: AppDeps, storeId: string, cartId: string | undefined, body: SessionCheckoutRequest) {
  const { session } = await openSession(deps, storeId, body.session_id, cartId);
  const lines = await sessionLines(deps, storeId, session);
  const { priceInfo } = await quote(deps.db, storeId, lines, await detailsOf(deps, storeId, session.cartId!, body));
  await recordReminderConsent(deps.db, storeId, session.cartId!, body.email, body.remind_me);
  return priceInfo;
}

/** calculate_tax and calculate_tax_final: the preview for a payment; the final one also sets the payment's amount. */
export async function calculateTax(
  deps: AppDeps,
  storeId: string,
  cartId: string | undefined,
  body: z.infer<typeof calculateTaxSchema>,
  final: boolean,
) {
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.storeId, storeId), eq(checkoutSessions.paymentReference, body.payment_intent_id)));
  if (!session) throw notFound("no checkout has this payment", "payment_intent_id");
  if (session.cartId !== cartId) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const lines = await sessionLines(deps, storeId, session);
  const buyer = { address: body.address, email: body.email, name: body.name, shippingOptionKey: body.shipping_id };
  const { priceInfo } = await quote(deps.db, storeId, lines, await checkoutDetails(deps, storeId, session.cartId!, buyer, body.discount_code));
  if (final && !session.orderId) {
    await deps.payments.updatePayment(body.payment_intent_id, { amountCents: priceInfo.total, email: body.email });
  }
  return priceInfo;
}

export type SubmittedOrder = { order_id: number; client_secret: string; payment_reference: string; total: number };

/**
 * Submits a one-time order: one per checkout session, whatever the number of submits, and the last submit's details
 * are the order's (a retry after a declined card with another address, shipping or code is charged for those). Its
 * stock is held and the session's payment set to the order's total, ready for the browser to confirm.
 */
export async function submitSessionOrder(
  deps: AppDeps,
  storeId: string,
  cartId: string | undefined,
  body: SessionCheckoutRequest,
): Promise<SubmittedOrder> {
  const { session, order: existing } = await openSession(deps, storeId, body.session_id, cartId);
  const lines = await sessionLines(deps, storeId, session);
  if (lines.some(isSubscribed)) {
    throw ruleBroken("A cart with a subscription is checked out with confirm_subscription");
  }
  const details = await detailsOf(deps, storeId, session.cartId!, body);
  const q = await quote(deps.db, storeId, lines, details);
  const fields = orderFields(storeId, deps, session.cartId!, lines, details, q);
  await recordReminderConsent(deps.db, storeId, session.cartId!, body.email, body.remind_me);
  const payment = await sessionPayment(deps, session, existing);
  if (payment.status === "processing") throw conflict(PAYMENT_PROCESSING_MESSAGE);
  const key = `checkout:${session.id}`;
  const { order, changed } = await placeCartOrder(deps, { ...fields, idempotencyKey: key, paymentReference: payment.id });
  await deps.db.update(checkoutSessions).set({ orderId: order.id }).where(eq(checkoutSessions.id, session.id));
  if (changed || payment.amountCents !== order.totalCents) {
    try {
      await deps.payments.updatePayment(payment.id, { amountCents: order.totalCents, email: order.email, metadata: { order_key: key } });
    } catch (error) {
      // Another checkout of the cart canceled this payment in between: the order went with it.
      const now = await orderById(deps, order.id);
      if (now.status !== "pending") throw conflict(SUPERSEDED_MESSAGE);
      throw error;
    }
  }
  return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
}

async function orderById(deps: AppDeps, orderId: number) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}


/**
 * The checkout session that made a payment, when it belongs to this browser's cart: where 'Return to checkout' goes
 * from a failed payment. Null for a subscription checkout (it has no session) or another browser's payment.
 */
export async function checkoutSessionIdOfPayment(deps: AppDeps, storeId: string, paymentReference: string, cartId: string | undefined) {
  if (!cartId) return null;
  const [session] = await deps.db
    .select({ id: checkoutSessions.id, items: checkoutSessions.items })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.storeId, storeId),
        eq(checkoutSessions.paymentReference, paymentReference),
        eq(checkoutSessions.cartId, cartId),
      ),
    );
  // A subscription checkout records its payment on a row without goods: there is no page of it to go back to.
  return session && session.items.length > 0 ? session.id : null;
}

/** What the confirmation page shows: the order a payment belongs to, with its lines. */
export async function findOrderByPayment(deps: AppDeps, storeId: string, paymentReference: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.paymentReference, paymentReference)));
  return order ?? null;
}
