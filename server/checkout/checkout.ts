/**
 * The checkout: everything the shopper pays is recomputed here from the database — the stored cart's lines and
 * prices, the discount, shipping (free at the option's threshold or with a free-shipping code) and the state's tax.
 * A bad request changes nothing: no session, no order, no stock held.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, ne } from "drizzle-orm";
import { INVALID_DISCOUNT_MESSAGE, lineTotalCents, subtotalCents, type CartLine, type Discount } from "../../core/cart";
import { toApiCartItem } from "../../core/cart-wire";
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
  shippingOptionsRequestSchema,
} from "../../core/schemas/checkout";
import type { z } from "zod";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { checkoutSessions, orders, shippingOptions, taxRates, type PostalAddress } from "../db/schema";
import { discountForBuyer, findDiscount, minimumSubtotalRefusal } from "../cart/discounts";
import { priceCart, problemText, totalsOf, type PricedLine } from "../cart/pricing";
import { getCartDiscountCode, getCartLines, priceStoredCart, setCartDiscountCode, type StoredCartLine } from "../cart/store";
import { HttpError } from "../http/errors";
import { isPlaced, ORDER_GROUPS } from "../../core/order-lifecycle";
import { abandonOrder, closeSupersededOrder, createPendingOrder, isPendingCartConflict, rewriteUnpaidOrder, type NewOrder, type Order } from "../orders/orders";
import { unlessNotFound } from "../payments/provider";
import { getStoreSettings } from "../store/settings";
import { recordReminderConsent } from "./cart-reminders";

export type CheckoutDetails = {
  address: CheckoutAddress;
  email: string;
  name: string | null | undefined;
  shippingOptionKey: string;
  discountCode: string | null | undefined;
};

type ShippingRow = typeof shippingOptions.$inferSelect;

/** The options for the shopper's address; the email it comes with carries the reminder box's answer (decision 0037). */
export async function shippingOptionsFor(
  deps: AppDeps,
  storeId: string,
  cartId: string | undefined,
  body: z.infer<typeof shippingOptionsRequestSchema>,
): Promise<ShippingOption[]> {
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  return listShippingOptions(deps.db, storeId);
}

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
    free_shipping_threshold: row.freeShippingThresholdCents === null ? null : centsToDollars(row.freeShippingThresholdCents),
  }));
}

async function shippingOption(db: Database, storeId: string, key: string): Promise<ShippingRow> {
  const [row] = await db
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.storeId, storeId), eq(shippingOptions.key, key)));
  if (!row) throw new HttpError(400, `unknown shipping option "${key}"`, "shipping_option");
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

/** The one free-shipping rule: free from the option's threshold on the discounted subtotal, or with a free-shipping code. */
export function shippingCents(option: Pick<ShippingRow, "priceCents" | "freeShippingThresholdCents">, goodsCents: number, discount: Discount | null) {
  if (discount?.freeShipping) return 0;
  if (option.freeShippingThresholdCents !== null && goodsCents >= option.freeShippingThresholdCents) return 0;
  return option.priceCents;
}

/** Tax on the goods after discount and, where the state taxes it, on shipping; basis points, rounded to the cent. */
export function taxCents(rate: { rateBasisPoints: number; taxesShipping: boolean } | null, goodsCents: number, shipping: number) {
  if (!rate) return 0;
  return roundCents(((goodsCents + (rate.taxesShipping ? shipping : 0)) * rate.rateBasisPoints) / 10_000);
}

export { RESTRICTED_DISCOUNT_MESSAGE } from "../cart/discounts";

async function resolveDiscount(db: Database, storeId: string, code: string | null | undefined, email: string) {
  if (!code || code.trim() === "") return null;
  const found = await discountForBuyer(db, storeId, code, email);
  if ("discount" in found) return found.discount;
  // The cart, which knows no email, may have accepted the code: "invalid" alone would not tell the shopper why it stopped.
  throw new HttpError(400, found.refusal ?? INVALID_DISCOUNT_MESSAGE, "discount_code");
}

export type Quote = {
  priceInfo: PriceInfo;
  discount: Discount | null;
  shipping: ShippingRow;
};

/** The store's minimum, on the goods after every discount: the same cart is refused by a code on any path. */
function assertMinimumOrder(settings: Awaited<ReturnType<typeof getStoreSettings>>, goodsCents: number) {
  if (goodsCents < settings.checkout.minimumOrderCents) {
    throw new HttpError(422, `Minimum order amount is ${formatMoney(settings.checkout.minimumOrderCents)}`);
  }
}

/** The order's amounts in cents: goods after discount, shipping, tax and total; refused below the store's minimum. */
export async function quote(db: Database, storeId: string, lines: readonly PricedLine[], details: CheckoutDetails): Promise<Quote> {
  const [discount, shipping, rate, settings] = await Promise.all([
    resolveDiscount(db, storeId, details.discountCode, details.email),
    shippingOption(db, storeId, details.shippingOptionKey),
    taxRate(db, storeId, details.address),
    getStoreSettings(db, storeId),
  ]);
  const totals = totalsOf(lines, discount);
  const belowCodeMinimum = minimumSubtotalRefusal(totals.subtotalCents, discount);
  if (belowCodeMinimum) throw new HttpError(400, belowCodeMinimum, "discount_code");
  assertMinimumOrder(settings, totals.totalCents);
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
    throw new HttpError(409, `Your cart changed: ${priced.problems.map(problemText).join("; ")}`);
  }
  if (priced.lines.length === 0) throw new HttpError(422, "Your cart is empty");
  assertMinimumOrder(settings, priced.totalCents);
  return { priced, stored };
}

function staleLines(lines: readonly PricedLine[], snapshot: readonly StoredCartLine[]): string[] {
  return lines.flatMap((line, index) =>
    snapshot[index]?.unitPriceCents != null && snapshot[index].unitPriceCents !== line.unitCents
      ? [`the price of ${line.title} is now ${formatMoney(line.unitCents)}`]
      : [],
  );
}

function addressOf(address: CheckoutAddress, name: string | null | undefined): PostalAddress {
  const addressee = (name ?? address.name ?? "").trim();
  if (!addressee) throw new HttpError(400, `${INCOMPLETE_ADDRESS_MESSAGE} (full name is required)`, "name");
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
    .map((line) => (line.kind === "bundle" ? `bundle:${line.bundleId}` : `sku:${line.sku}:${line.subscription?.id ?? ""}`) + `x${line.quantity}`)
    .sort();
  if (sent.join("|") !== held.join("|")) {
    throw new HttpError(409, "your cart changed in another window; please review it and try again", "checkout_items");
  }
  if (body.cost_of_checkout !== priced.totalCents) {
    throw new HttpError(
      409,
      `prices changed; your cart now comes to ${formatMoney(priced.totalCents)}, please review it`,
      "cost_of_checkout",
    );
  }
  const id = `cs_${randomBytes(16).toString("hex")}`;
  const snapshot: StoredCartLine[] = priced.lines.map((line, index) => ({ ...stored[index], unitPriceCents: line.unitCents }));
  await deps.db.insert(checkoutSessions).values({ id, storeId, cartId: cartId!, items: snapshot, costCents: priced.totalCents });
  return { session_id: id };
}

export const SESSION_NOT_FOUND_MESSAGE = "Checkout session not found";

/**
 * The session, for the browser that made it only: its cart cookie names the session's cart. Another browser holding
 * the link is told what a made-up id is told, so it can neither read the checkout nor submit it as its own.
 */
async function sessionRow(deps: AppDeps, storeId: string, sessionId: string, cartId: string | undefined) {
  if (!cartId) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.storeId, storeId), eq(checkoutSessions.id, sessionId), eq(checkoutSessions.cartId, cartId)));
  if (!session) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
  return session;
}

type SessionRow = Awaited<ReturnType<typeof sessionRow>>;

export const ALREADY_PAID_MESSAGE = "This order has already been paid.";

/** Said to a submit whose order another checkout of the same cart took over (two tabs, or a second session). */
export const SUPERSEDED_MESSAGE = "This checkout was replaced by a newer one for the same cart. Please reload the page.";

/** Said to a card form confirming a payment that was canceled when another checkout of its cart took over. */
export const CANCELED_PAYMENT_MESSAGE = "This payment was canceled because the cart was checked out again. Please reload the page.";

/** Said while the provider is still settling a payment: changing the order now could charge another sum. */
export const PAYMENT_PROCESSING_MESSAGE = "Your payment is being processed. Please wait a moment before trying again.";

/** A checkout whose order is paid (or was, and was shipped or given back since): it can never be paid again. */
export class CheckoutPaidError extends HttpError {
  constructor(readonly orderNumber: number | null) {
    super(409, ALREADY_PAID_MESSAGE);
  }
}

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
  if (changes.length > 0) throw new HttpError(409, `Your cart changed: ${changes.join("; ")}`);
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

/**
 * The discount lives in the stored cart alone: a code the request names (the spec's `discount_code`) is applied to
 * the cart first, as the drawer's Apply would, and the quote reads the cart's code.
 */
async function cartCodeFor(deps: AppDeps, storeId: string, cartId: string, requested: string | null | undefined) {
  return requested === undefined ? getCartDiscountCode(deps.db, storeId, cartId) : setCartDiscountCode(deps.db, storeId, cartId, requested);
}

const detailsOf = async (deps: AppDeps, storeId: string, cartId: string, body: SessionCheckoutRequest): Promise<CheckoutDetails> => ({
  address: body.address,
  email: body.email,
  name: body.name,
  shippingOptionKey: body.shipping_option,
  discountCode: await cartCodeFor(deps, storeId, cartId, body.discount_code),
});

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
  if (!session) throw new HttpError(404, "no checkout has this payment", "payment_intent_id");
  if (session.cartId !== cartId) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
  const lines = await sessionLines(deps, storeId, session);
  const { priceInfo } = await quote(deps.db, storeId, lines, {
    address: body.address,
    email: body.email,
    name: body.name,
    shippingOptionKey: body.shipping_id,
    discountCode: await cartCodeFor(deps, storeId, session.cartId!, body.discount_code),
  });
  if (final && !session.orderId) {
    await deps.payments.updatePayment(body.payment_intent_id, { amountCents: priceInfo.total, email: body.email });
  }
  return priceInfo;
}

const isSubscribed = (line: CartLine) => line.kind === "product" && line.subscription !== null;

function orderLinesOf(lines: readonly PricedLine[]) {
  return lines.map((line) => ({
    kind: line.kind,
    title: line.title,
    productHandle: line.kind === "product" ? line.handle : null,
    sku: line.kind === "product" ? line.sku : null,
    bundleId: line.kind === "bundle" ? line.bundleId : null,
    subscriptionId: line.kind === "product" ? (line.subscription?.id ?? null) : null,
    attributes: line.kind === "product" ? line.attributes : { ...line.selectedVariants },
    stockComponents: line.stockComponents,
    quantity: line.quantity,
    unitPriceCents: line.unitCents,
    lineTotalCents: lineTotalCents(line),
  }));
}

function orderFields(storeId: string, deps: AppDeps, cartId: string, lines: readonly PricedLine[], details: CheckoutDetails, q: Quote) {
  const address = addressOf(details.address, details.name);
  return {
    storeId,
    cartId,
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

type OrderFields = Omit<NewOrder, "idempotencyKey" | "paymentReference">;

/** Whether a pending order already says what this submit asks for (a double click, a retry), lines aside: a
 * checkout's lines are fixed by its session or its attempt key, and a changed price is refused before this. */
function holdsAlready(order: Order, fields: OrderFields) {
  return (
    order.status === "pending" &&
    order.email === fields.email &&
    order.customerName === fields.customerName &&
    JSON.stringify(order.shippingAddress) === JSON.stringify(fields.shippingAddress) &&
    order.shippingOptionKey === fields.shippingOptionKey &&
    order.discountCode === fields.discountCode &&
    order.subtotalCents === fields.subtotalCents &&
    order.discountCents === fields.discountCents &&
    order.shippingCents === fields.shippingCents &&
    order.taxCents === fields.taxCents &&
    order.totalCents === fields.totalCents
  );
}

/**
 * Takes another checkout's order of the cart out of the way: its payment canceled first, so it can never be paid,
 * then the order closed, its stock and discount given back. A payment that succeeded (or is being settled) refuses
 * the new checkout instead: the cart is paid for. An order whose payment was replaced meanwhile has that one canceled.
 */
async function supersede(deps: AppDeps, other: Order) {
  let order = other;
  for (;;) {
    const reference = order.paymentReference;
    if (reference) {
      const payment = await unlessNotFound(
        deps.payments.cancelPayment(reference, { idempotencyKey: `supersede:${order.id}:${reference}` }),
      );
      if (payment?.status === "succeeded" || payment?.status === "processing") throw new CheckoutPaidError(order.number);
    }
    const { order: now, settled } = await closeSupersededOrder(deps, order.id, reference);
    if (isPlaced(now.status)) throw new CheckoutPaidError(now.number);
    if (settled) return;
    order = now;
  }
}

/** Every other unpaid order of the cart: a pending one holds the cart's one pending place, a failed one's payment could still be paid. */
async function supersedeOtherOrders(deps: AppDeps, storeId: string, cartId: string, keepKey: string) {
  const others = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.cartId, cartId),
        inArray(orders.status, [...ORDER_GROUPS.unpaid]),
        ne(orders.idempotencyKey, keepKey),
      ),
    );
  for (const other of others) await supersede(deps, other);
}

/** Concurrent submits of one cart each take the pending place from the others at most this often before giving up. */
const CART_ORDER_ATTEMPTS = 10;

/**
 * The checkout's order as the cart's one pending order: made, or (made by an earlier submit of the same checkout)
 * rewritten to this submit's details and held again. Any other checkout's unpaid order of the cart is superseded
 * first; one that a concurrent submit makes meanwhile meets the unique index and is superseded in turn.
 */
async function placeCartOrder(deps: AppDeps, input: NewOrder & { cartId: string }): Promise<{ order: Order; changed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    await supersedeOtherOrders(deps, input.storeId, input.cartId, input.idempotencyKey);
    try {
      const { order, created } = await createPendingOrder(deps, input);
      if (created) return { order, changed: true };
      if (holdsAlready(order, input)) return { order, changed: false };
      const { idempotencyKey: _key, paymentReference: _reference, ...fields } = input;
      const rewritten = await rewriteUnpaidOrder(deps, order.id, fields);
      if (isPlaced(rewritten.status)) throw new CheckoutPaidError(rewritten.number);
      return { order: rewritten, changed: true };
    } catch (error) {
      if (!isPendingCartConflict(error)) throw error;
      if (attempt === CART_ORDER_ATTEMPTS) throw new HttpError(409, SUPERSEDED_MESSAGE);
    }
  }
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
    throw new HttpError(422, "A cart with a subscription is checked out with confirm_subscription");
  }
  const details = await detailsOf(deps, storeId, session.cartId!, body);
  const q = await quote(deps.db, storeId, lines, details);
  const fields = orderFields(storeId, deps, session.cartId!, lines, details, q);
  await recordReminderConsent(deps.db, storeId, session.cartId!, body.email, body.remind_me);
  const payment = await sessionPayment(deps, session, existing);
  if (payment.status === "processing") throw new HttpError(409, PAYMENT_PROCESSING_MESSAGE);
  const key = `checkout:${session.id}`;
  const { order, changed } = await placeCartOrder(deps, { ...fields, idempotencyKey: key, paymentReference: payment.id });
  await deps.db.update(checkoutSessions).set({ orderId: order.id }).where(eq(checkoutSessions.id, session.id));
  if (changed || payment.amountCents !== order.totalCents) {
    try {
      await deps.payments.updatePayment(payment.id, { amountCents: order.totalCents, email: order.email, metadata: { order_key: key } });
    } catch (error) {
      // Another checkout of the cart canceled this payment in between: the order went with it.
      const now = await orderById(deps, order.id);
      if (now.status !== "pending") throw new HttpError(409, SUPERSEDED_MESSAGE);
      throw error;
    }
  }
  return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
}

async function orderById(deps: AppDeps, orderId: number) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

// ---------------------------------------------------------------- carts with a subscription

type CartCheckoutRequest = z.infer<typeof cartCheckoutSchema>;

const cartDetailsOf = async (deps: AppDeps, storeId: string, cartId: string, body: CartCheckoutRequest): Promise<CheckoutDetails> => ({
  address: body.address,
  email: body.email,
  name: body.fullName,
  shippingOptionKey: body.shipping_option,
  discountCode: await cartCodeFor(deps, storeId, cartId, body.discount_code),
});

export async function previewCartCheckout(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  const { priceInfo } = await quote(deps.db, storeId, priced.lines, await cartDetailsOf(deps, storeId, cartId!, body));
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  return priceInfo;
}

/**
 * Orders a cart holding a subscription: the order and its stock hold first, then the provider's subscription whose
 * first invoice charges the order's total: the recurring lines plus everything one-time, less the order's discount.
 * One order per attempt and details: a submit with other details (after a declined card) is a new order, and the
 * cart's earlier one is superseded, as is any concurrent attempt's.
 */
export async function confirmSubscription(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  const details = await cartDetailsOf(deps, storeId, cartId!, body);
  const q = await quote(deps.db, storeId, priced.lines, details);
  const fields = orderFields(storeId, deps, cartId!, priced.lines, details, q);
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  // The subscription's amount cannot follow a changed order, so other details make another order.
  const attempt = createHash("sha256")
    .update(JSON.stringify([body.idempotency_key ?? null, priced.lines.map((line) => [line.key, line.quantity]), fields]))
    .digest("hex");
  const { order } = await placeCartOrder(deps, { ...fields, idempotencyKey: `subscription:${cartId}:${attempt}`, paymentReference: null });
  if (order.paymentReference) {
    const payment = await unlessNotFound(deps.payments.retrievePayment(order.paymentReference));
    if (payment?.status === "succeeded") throw new CheckoutPaidError(order.number);
    if (payment && payment.status !== "canceled") {
      return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
    }
  }
  const recurring = priced.lines.flatMap((line) => (line.kind === "product" && line.subscription ? [{ ...line, subscription: line.subscription }] : []));
  const recurringCents = subtotalCents(recurring);
  let subscriptionId: string | null = null;
  try {
    const started = await deps.payments.createSubscription({
      email: details.email,
      name: order.customerName,
      items: recurring.map((line) => ({
        title: line.title,
        unitAmountCents: line.unitCents,
        quantity: line.quantity,
        interval: line.subscription.intervalUnit as "day" | "week" | "month" | "year",
        intervalCount: line.subscription.interval,
      })),
      // Before its discount the order is the recurring lines plus everything charged once (other lines, shipping, tax).
      oneTimeCents: order.totalCents + order.discountCents - recurringCents,
      discountCents: order.discountCents,
      metadata: { store_id: storeId, order_id: String(order.id) },
      // A replaced (canceled) subscription of the same order is not answered again.
      idempotencyKey: order.paymentReference ? `order:${order.id}:replacing:${order.paymentReference}` : `order:${order.id}`,
    });
    subscriptionId = started.subscriptionId;
    // Only while the order is still the cart's pending one: a concurrent submit that superseded it meanwhile saw no
    // payment to cancel, so this one is canceled here.
    const attached = await deps.db
      .update(orders)
      .set({ paymentReference: subscriptionId })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (attached.length === 0) {
      const payment = await deps.payments.cancelPayment(subscriptionId, { idempotencyKey: `superseded:${subscriptionId}` });
      throw payment.status === "succeeded" ? new CheckoutPaidError(null) : new HttpError(409, SUPERSEDED_MESSAGE);
    }
    await deps.db
      .insert(checkoutSessions)
      .values({ id: `cs_order_${order.id}`, storeId, cartId: cartId!, items: [], costCents: order.totalCents, orderId: order.id, paymentReference: subscriptionId })
      .onConflictDoUpdate({ target: checkoutSessions.id, set: { paymentReference: subscriptionId } });
    return {
      order_id: order.id,
      client_secret: started.payment.clientSecret,
      payment_reference: subscriptionId,
      total: order.totalCents,
    };
  } catch (error) {
    if (!(error instanceof HttpError) || subscriptionId === null) await abandonOrder(deps, order);
    throw error;
  }
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
