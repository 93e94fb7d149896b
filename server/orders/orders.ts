/**
 * The order's life: created pending with its lines and its stock held, paid only from the provider's event (each
 * event applied once, deduplicated in the same transaction as its effect), numbered when paid, released when the
 * payment fails or is abandoned, then fulfilled, cancelled or refunded by the owner. Each paid renewal of a
 * subscription is a new paid order of its own.
 */
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { PostalAddress } from "../db/schema";
import {
  cartLines,
  carts,
  checkoutSessions,
  discounts,
  orderLines,
  orderNotes,
  orders,
  paymentEvents,
  payments,
  refunds,
  stores,
} from "../db/schema";
import { claimOncePerCustomer } from "../cart/discounts";
import { HttpError } from "../http/errors";
import { logger } from "../logger";
import { COMMAND_LINE_LABEL, recordAudit, type AuditActor } from "../staff/audit";
import { unlessNotFound, type PaymentEvent, type PaymentStatusEvent, type SubscriptionRenewedEvent } from "../payments/provider";
import type { OrderEvent } from "./events";
import {
  CHECKOUT_ACTOR_LABEL,
  OutOfStockError,
  releaseStock,
  reserveStock,
  reserveStockIfAvailable,
  stockNeeded,
  type StockMove,
  type Tx,
} from "./inventory";
import { sendNewOrderToOwner, sendOrderCancelled, sendOrderConfirmation, sendOrderRefunded, sendOrderShipped } from "./email";

/** An unpaid order holds its stock this long. */
const RESERVATION_MINUTES = 30;

/** A fresh hold's end, for an order made or made pending again at `now`. */
const holdUntil = (now: Date) => new Date(now.getTime() + RESERVATION_MINUTES * 60_000);

async function insertOrderLines(tx: Tx, storeId: string, orderId: number, lines: readonly NewOrderLine[]) {
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, storeId, orderId })));
}

export type Order = typeof orders.$inferSelect;

export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "storeId" | "orderId">;

export type NewOrder = {
  storeId: string;
  idempotencyKey: string;
  email: string;
  customerName: string;
  shippingAddress: PostalAddress;
  shippingOptionKey: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  discountCode: string | null;
  paymentProvider: string;
  paymentReference: string | null;
  /** The server cart checked out; it has at most one pending order (orders_pending_cart_uq). */
  cartId: string | null;
  lines: NewOrderLine[];
};

/**
 * Creates the pending order, its lines, the stock hold and the discount redemption in one transaction, or nothing.
 * The same idempotency key gives back the order already made instead of a second one.
 */
export async function createPendingOrder(deps: AppDeps, input: NewOrder, now = new Date()): Promise<{ order: Order; created: boolean }> {
  const existing = await findOrderByKey(deps, input.storeId, input.idempotencyKey);
  if (existing) return { order: existing, created: false };
  try {
    // Locks in the order every order transaction takes them (the order's row, then stock, then the discount), so
    // that a checkout closing the cart's pending order and one taking its place wait for each other, never deadlock.
    const order = await deps.db.transaction(async (tx) => {
      const { lines, ...fields } = input;
      const [order] = await tx
        .insert(orders)
        .values({ ...fields, status: "pending", reservationExpiresAt: holdUntil(now) })
        .returning();
      await reserveStock(tx, input.storeId, stockNeeded(lines), { orderId: order.id, actorLabel: CHECKOUT_ACTOR_LABEL });
      if (input.discountCode) await redeemDiscount(tx, order, input.discountCode);
      await insertOrderLines(tx, input.storeId, order.id, lines);
      return order;
    });
    return { order, created: true };
  } catch (error) {
    // A concurrent submit of the same checkout won the unique key: its order is the one.
    const raced = await findOrderByKey(deps, input.storeId, input.idempotencyKey);
    if (raced) return { order: raced, created: false };
    throw error;
  }
}

/** The cart already has a pending order of another checkout (the unique index said so): that one must go first. */
export function isPendingCartConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === "23505" && cause.constraint === "orders_pending_cart_uq";
}

/** States of an order nobody has paid for: it may be paid later (a retry after a decline), or rewritten before. */
export const UNPAID_STATES: readonly Order["status"][] = ["pending", "failed", "expired"];

/**
 * Brings an unpaid order to a new submit of its checkout, in one transaction: the hold and discount it has (while
 * pending) go back, the new ones are taken, its lines and amounts replaced, and it is pending again with a fresh
 * hold. An order paid meanwhile is returned untouched, for the caller to see.
 */
export async function rewriteUnpaidOrder(
  deps: AppDeps,
  orderId: number,
  input: Omit<NewOrder, "idempotencyKey" | "paymentReference">,
  now = new Date(),
): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!UNPAID_STATES.includes(current.status)) return current;
    const { lines, ...fields } = input;
    // The order's row first, then stock, then discounts: the lock order of createPendingOrder.
    const [rewritten] = await tx
      .update(orders)
      .set({ ...fields, status: "pending", reservationExpiresAt: holdUntil(now) })
      .where(eq(orders.id, current.id))
      .returning();
    const held = current.status === "pending";
    const move: StockMove = { orderId: current.id, actorLabel: CHECKOUT_ACTOR_LABEL };
    if (held) await releaseStock(tx, current.storeId, stockNeeded(await linesOf(tx, current.id)), { ...move, note: "checkout changed" });
    await reserveStock(tx, input.storeId, stockNeeded(lines), move);
    if (held) await returnDiscount(tx, current.storeId, current.discountCode);
    if (input.discountCode) await redeemDiscount(tx, rewritten, input.discountCode);
    await tx.delete(orderLines).where(eq(orderLines.orderId, current.id));
    await insertOrderLines(tx, input.storeId, current.id, lines);
    return rewritten;
  });
}

/**
 * Closes an order another checkout of its cart replaces, once the caller has canceled `canceledReference`, its
 * payment: a pending one gives its stock and discount back. Only while the order still has that payment: one that
 * got another meanwhile is returned unsettled, for the caller to cancel that one too.
 */
export async function closeSupersededOrder(deps: AppDeps, orderId: number, canceledReference: string | null) {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (current.paymentReference !== canceledReference) return { order: current, settled: false };
    const closed = await closeAndRelease(tx, current, ["pending"], "failed");
    return { order: closed ?? current, settled: true };
  });
}

async function findOrderByKey(deps: AppDeps | { db: Tx }, storeId: string, key: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.idempotencyKey, key)));
  return order ?? null;
}

/**
 * One redemption of the code for the order, refused atomically once max_redemptions are used, and refused to an
 * address that has the code on another order when it is once per customer.
 */
async function redeemDiscount(tx: Tx, order: { id: number; storeId: string; email: string }, code: string) {
  const { storeId } = order;
  const taken = await tx
    .update(discounts)
    .set({ redemptions: sql`${discounts.redemptions} + 1` })
    .where(
      and(
        eq(discounts.storeId, storeId),
        eq(sql`lower(${discounts.code})`, code.toLowerCase()),
        lt(discounts.redemptions, discounts.maxRedemptions),
        eq(discounts.isPopup, false),
      ),
    )
    .returning({ id: discounts.id });
  if (taken.length === 0) throw new HttpError(409, "Invalid discount code: it has no redemptions left");
  await claimOncePerCustomer(tx, storeId, code, order.email, order.id);
}

async function returnDiscount(tx: Tx, storeId: string, code: string | null) {
  if (!code) return;
  await tx
    .update(discounts)
    .set({ redemptions: sql`greatest(${discounts.redemptions} - 1, 0)` })
    .where(and(eq(discounts.storeId, storeId), eq(sql`lower(${discounts.code})`, code.toLowerCase())));
}

async function linesOf(tx: Tx | AppDeps["db"], orderId: number) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/**
 * Moves an order from one of `from` to `to` and gives back the stock it holds (a backordered renewal holds none;
 * a paid one restocked before, by a refund, holds none any more) and, while unpaid, its discount: once, whoever
 * calls first. The stock's return is recorded as the staff member's who asked, or the checkout's.
 */
async function closeAndRelease(tx: Tx, order: Order, from: Order["status"][], to: Order["status"], actorLabel = CHECKOUT_ACTOR_LABEL) {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, order.id), inArray(orders.status, from)))
    .for("update");
  if (!current) return null;
  const move: StockMove = { orderId: order.id, actorLabel, note: `order ${to}` };
  if (current.status === "pending") {
    await releaseStock(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)), move);
    await returnDiscount(tx, order.storeId, order.discountCode);
  } else {
    await restockOnce(tx, order.id, current.status, move);
  }
  const [closed] = await tx
    .update(orders)
    .set({ status: to, reservationExpiresAt: null, ...(to === "cancelled" ? { cancelledAt: new Date() } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  return closed;
}

/**
 * Puts a paid order's stock back on the shelf, the first time only (restocked_at says it was), so a refund with
 * restock, a cancel and the provider's refund event together give it back once. A backordered renewal took none.
 */
async function restockOnce(tx: Tx, orderId: number, status: Order["status"], move: StockMove) {
  if (status === "backordered") return;
  const [restocked] = await tx
    .update(orders)
    .set({ restockedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.restockedAt)))
    .returning({ storeId: orders.storeId });
  if (restocked) await releaseStock(tx, restocked.storeId, stockNeeded(await linesOf(tx, orderId)), move);
}

async function nextOrderNumber(tx: Tx, storeId: string): Promise<number> {
  // Locking the store row serialises numbering per store; the unique index is the last line of defence. "No key
  // update" because the payment rows just written hold key-share locks on it, which a plain update lock would wait on.
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("no key update");
  const [row] = await tx
    .select({ max: sql<number | null>`max(${orders.number})` })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  return Number(row?.max ?? 1000) + 1;
}

type Outcome = "applied" | "duplicate" | "ignored" | "refund-needed";

/**
 * Applies one provider event to its order. The event id is recorded in the same transaction as the change, so a
 * replayed webhook (or a reconciliation after a crash) changes nothing the second time.
 */
export async function applyPaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<Outcome> {
  const order = await orderByPayment(deps, event.paymentId);
  if (!order) {
    logger.warn({ eventId: event.id, paymentId: event.paymentId }, "payment event for no known order");
    return "ignored";
  }
  return event.type === "subscription.renewed" ? applyRenewal(deps, order, event) : applyPaymentStatus(deps, order, event);
}

async function orderByPayment(deps: AppDeps, paymentReference: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, deps.payments.name), eq(orders.paymentReference, paymentReference)));
  return order ?? null;
}

/** Records the event id; false when it was recorded before (a replay), and the caller then changes nothing. */
async function isFirstDelivery(tx: Tx, deps: AppDeps, storeId: string, event: PaymentEvent) {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ id: event.id, storeId, provider: deps.payments.name, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

async function applyPaymentStatus(deps: AppDeps, order: Order, event: PaymentStatusEvent): Promise<Outcome> {
  let paid: Order | null = null;
  /**
   * The money goes back on a payment the order cannot keep. The refund is owed in the same transaction as the event
   * that calls for it, so a provider unreachable at that moment (the event then counts as handled, and a retried
   * webhook as a duplicate) still gets its refund from the sweep.
   */
  const refundPayment = async (tx: Tx, reason: string): Promise<Outcome> => {
    await oweRefund(tx, order, event.paymentId, `late-payment-refund:${order.id}`, reason);
    await tx.update(orders).set({ status: "refunded", reservationExpiresAt: null }).where(eq(orders.id, order.id));
    return "refund-needed";
  };
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    if (!(await isFirstDelivery(tx, deps, order.storeId, event))) return "duplicate";
    // A refund of part of the payment (the shop's own partial refund, reported back) leaves the payment and the
    // order as they are: the refunds table counts what went back.
    if (event.type === "payment.refunded" && event.amountCents < (await paidAmount(tx, order, event.paymentId))) return "ignored";
    await recordPayment(tx, order, event.paymentId, event.type.replace("payment.", ""), event.amountCents);
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    switch (event.type) {
      case "payment.succeeded": {
        if (event.amountCents !== current.totalCents) {
          // The provider took another sum than the order's total (a payment changed outside the shop, or a pricing
          // bug): nothing ships on it, the stock goes back and so does the money.
          await closeAndRelease(tx, current, ["pending"], "failed");
          return refundPayment(tx, `payment of ${event.amountCents} cents for an order of ${current.totalCents}`);
        }
        if (current.status === "failed" || current.status === "expired") {
          // Paid after its hold was let go (a retry after a decline, or a late payment): hold the stock again if it
          // is still there, otherwise the money goes back.
          const move = { orderId: order.id, actorLabel: CHECKOUT_ACTOR_LABEL, note: "paid after its hold was let go" };
          if (!(await reserveStockIfAvailable(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)), move))) {
            return refundPayment(tx, "payment arrived after the stock was gone");
          }
        } else if (current.status !== "pending") {
          return "ignored";
        }
        const number = await nextOrderNumber(tx, order.storeId);
        [paid] = await tx
          .update(orders)
          .set({ status: "paid", number, paidAt: new Date(), reservationExpiresAt: null })
          .where(eq(orders.id, order.id))
          .returning();
        await emptyCheckoutCart(tx, order.id);
        return "applied";
      }
      case "payment.failed":
      case "payment.canceled":
        return (await closeAndRelease(tx, current, ["pending"], "failed")) ? "applied" : "ignored";
      case "payment.refunded":
        return (await closeAndRelease(tx, current, ["paid", "backordered", "fulfilled"], "refunded")) ? "applied" : "ignored";
    }
  });
  if (outcome === "refund-needed") await makeOwedRefunds(deps, { orderId: order.id });
  if (paid) await afterPaid(deps, paid);
  return outcome;
}

/** What the provider took for the payment, as recorded when it succeeded (the order's total before that). */
async function paidAmount(tx: Tx, order: Order, providerPaymentId: string) {
  const [payment] = await tx
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.provider, order.paymentProvider), eq(payments.providerPaymentId, providerPaymentId)));
  return payment?.amountCents ?? order.totalCents;
}

/**
 * For each status an event reports, the recorded statuses it must not overwrite: events arrive in any order, and a
 * late failure of an attempt (a decline before the card that worked) or a late success of a refunded payment must
 * not rewrite what happened.
 */
const STATES_KEPT_AGAINST: Record<string, string[]> = {
  failed: ["succeeded", "refunded"],
  canceled: ["succeeded", "refunded"],
  succeeded: ["refunded"],
  refunded: [],
};

async function recordPayment(tx: Tx, order: Order, providerPaymentId: string, status: string, amountCents: number) {
  const keep = STATES_KEPT_AGAINST[status] ?? [];
  await tx
    .insert(payments)
    .values({ storeId: order.storeId, orderId: order.id, provider: order.paymentProvider, providerPaymentId, status, amountCents })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: { status, amountCents, updatedAt: new Date() },
      ...(keep.length > 0 ? { setWhere: notInArray(payments.status, keep) } : {}),
    });
}

/**
 * A paid billing cycle is the next delivery: a new paid order with the first order's customer, address and
 * subscription lines and the amount the provider charged (the cycle's recurring prices; shipping and tax were
 * charged once, on the first invoice), numbered and emailed like any paid order. It takes its stock like any
 * order; when there is too little, the money is taken all the same, so the order is recorded as backordered,
 * holding no stock, for the owner to restock and fulfil.
 */
async function applyRenewal(deps: AppDeps, first: Order, event: SubscriptionRenewedEvent): Promise<Outcome> {
  const lines = (await linesOf(deps.db, first.id))
    .filter((line) => line.subscriptionId !== null)
    .map(({ id: _id, orderId: _orderId, ...line }) => line);
  const key = `renewal:${event.renewalPaymentId}`;
  const renewal = await deps.db.transaction(async (tx): Promise<Order | null> => {
    if (!(await isFirstDelivery(tx, deps, first.storeId, event))) return null;
    // The same invoice under another event id (never expected) must not ship twice; the unique key backs this up.
    if (await findOrderByKey({ db: tx }, first.storeId, key)) return null;
    // Taken before the renewal's order exists (its status depends on it): the note names the first order instead.
    const move = { orderId: first.id, actorLabel: CHECKOUT_ACTOR_LABEL, note: "subscription renewal" };
    const inStock = await reserveStockIfAvailable(tx, first.storeId, stockNeeded(lines), move);
    const number = await nextOrderNumber(tx, first.storeId);
    const [order] = await tx
      .insert(orders)
      .values({
        storeId: first.storeId,
        number,
        status: inStock ? "paid" : "backordered",
        email: first.email,
        customerName: first.customerName,
        customerId: first.customerId,
        shippingAddress: first.shippingAddress,
        shippingOptionKey: first.shippingOptionKey,
        subtotalCents: event.amountCents,
        totalCents: event.amountCents,
        idempotencyKey: key,
        paymentProvider: first.paymentProvider,
        paymentReference: event.renewalPaymentId,
        paidAt: new Date(),
      })
      .returning();
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order.id })));
    await recordPayment(tx, order, event.renewalPaymentId, "succeeded", event.amountCents);
    return order;
  });
  if (!renewal) return "duplicate";
  if (renewal.status === "backordered") logger.warn({ orderId: renewal.id }, "subscription renewal paid with its stock short: backordered");
  await afterPaid(deps, renewal);
  return "applied";
}

/** A paid order's cart is done with: the server cart the checkout came from is emptied. */
async function emptyCheckoutCart(tx: Tx, orderId: number) {
  const sessions = await tx
    .select({ cartId: checkoutSessions.cartId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.orderId, orderId));
  const cartIds = sessions.flatMap((session) => (session.cartId ? [session.cartId] : []));
  if (cartIds.length === 0) return;
  await tx.delete(cartLines).where(inArray(cartLines.cartId, cartIds));
  await tx.update(carts).set({ discountCode: null, updatedAt: new Date() }).where(inArray(carts.id, cartIds));
}

function orderEvent(order: Order): OrderEvent {
  return {
    storeId: order.storeId,
    orderId: order.id,
    orderNumber: order.number!,
    email: order.email,
    customerName: order.customerName,
  };
}

/**
 * The customer's confirmation and the owner's notice, queued once the payment has committed: a mail that fails is
 * logged and never undoes or holds up the payment, and the two go at once rather than one after the other.
 */
async function afterPaid(deps: AppDeps, order: Order) {
  const lines = await linesOf(deps.db, order.id);
  await Promise.all([
    mailLogged(order, "order confirmation", () => sendOrderConfirmation(deps, order, lines)),
    mailLogged(order, "new order notice to the owner", () => sendNewOrderToOwner(deps, order, lines)),
  ]);
}

async function mailLogged(order: Order, what: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, `${what} email failed`);
  }
}

/**
 * Records that `paymentReference` is owed back to the customer (`amountCents`, or without it the payment's whole
 * amount); the same key is the same refund, owed once.
 */
async function oweRefund(
  tx: Tx,
  order: Order,
  paymentReference: string,
  idempotencyKey: string,
  reason: string,
  amountCents: number | null = null,
) {
  await tx
    .insert(refunds)
    .values({ storeId: order.storeId, orderId: order.id, provider: order.paymentProvider, paymentReference, idempotencyKey, reason, amountCents })
    .onConflictDoNothing({ target: refunds.idempotencyKey });
  logger.warn({ orderId: order.id, reason }, "refund owed");
}

/**
 * Asks the provider for every refund still owed (of one order, or all of this provider's). Each refund goes with its
 * own idempotency key, so an attempt repeated after a lost answer, or by two instances at once, is the same refund.
 * A failed attempt leaves it owed, counted and with its error, for the next sweep. Returns how many are still owed.
 */
async function makeOwedRefunds(deps: AppDeps, scope: { orderId?: number } = {}): Promise<number> {
  const owed = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "owed"),
        eq(refunds.provider, deps.payments.name),
        scope.orderId === undefined ? undefined : eq(refunds.orderId, scope.orderId),
      ),
    )
    .orderBy(asc(refunds.id));
  let stillOwed = 0;
  for (const refund of owed) {
    try {
      const made = await deps.payments.refund(refund.paymentReference, {
        idempotencyKey: refund.idempotencyKey,
        ...(refund.amountCents === null ? {} : { amountCents: refund.amountCents }),
      });
      await deps.db
        .update(refunds)
        .set({ status: "succeeded", attempts: sql`${refunds.attempts} + 1`, lastError: null, providerRefundId: made.id, settledAt: new Date() })
        .where(eq(refunds.id, refund.id));
    } catch (error) {
      stillOwed++;
      const message = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, lastError: message })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, "owed")));
      logger.error({ err: error, orderId: refund.orderId, refundId: refund.id }, "refund attempt failed; it stays owed");
    }
  }
  return stillOwed;
}

/**
 * Settles unpaid orders against the provider: one that was paid (a crash lost the event) becomes paid, one whose
 * hold has run out is expired and its stock released. Then asks again for every refund still owed. Runs at start
 * and then on an interval.
 */
export async function sweepPendingOrders(deps: AppDeps, now = new Date(), options: { all?: boolean } = {}) {
  const pending = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        eq(orders.paymentProvider, deps.payments.name),
        options.all ? undefined : lt(orders.reservationExpiresAt, now),
      ),
    );
  let paid = 0;
  let expired = 0;
  for (const order of pending) {
    try {
      // Only the provider saying it has no such payment means none; an outage throws, and the order waits for the
      // next sweep rather than being expired while it may have been paid.
      const payment = order.paymentReference
        ? await unlessNotFound(deps.payments.retrievePayment(order.paymentReference))
        : null;
      if (payment?.status === "succeeded") {
        const event: PaymentStatusEvent = {
          id: `reconcile:${payment.id}:succeeded`,
          type: "payment.succeeded",
          paymentId: payment.id,
          amountCents: payment.amountCents,
          failureMessage: null,
        };
        if ((await applyPaymentEvent(deps, event)) === "applied") paid++;
      } else if (order.reservationExpiresAt && order.reservationExpiresAt < now && payment?.status !== "processing") {
        const closed = await deps.db.transaction((tx) => closeAndRelease(tx, order, ["pending"], "expired"));
        if (closed) expired++;
      }
    } catch (error) {
      logger.error({ err: error, orderId: order.id }, "could not settle a pending order");
    }
  }
  const refundsOwed = await makeOwedRefunds(deps);
  return { paid, expired, refundsOwed };
}

// ---------------------------------------------------------------- the owner's operations

export async function listOrders(deps: AppDeps, storeId: string, limit = 50) {
  return deps.db.select().from(orders).where(eq(orders.storeId, storeId)).orderBy(desc(orders.createdAt)).limit(limit);
}

export async function getOrderByNumber(deps: AppDeps, storeId: string, number: number) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw new HttpError(404, `Order ${number} not found`);
  return { order, lines: await linesOf(deps.db, order.id) };
}

/** Who does an owner's operation, for the audit trail; the command line passes none until it names itself. */
export type OrderActor = { actor?: AuditActor };

async function audit(tx: Tx, options: OrderActor, action: string, order: Order, before: Record<string, unknown>, after: Record<string, unknown>) {
  if (options.actor) await recordAudit(tx, options.actor, { action, entity: "order", entityId: order.number, before, after });
}

/** The order by number, locked for this transaction: every owner operation on an order takes this lock first. */
async function lockOrder(tx: Tx, storeId: string, number: number): Promise<Order> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)))
    .for("update");
  if (!order) throw new HttpError(404, `Order ${number} not found`);
  return order;
}

export type Shipment = { carrier?: string; trackingNumber?: string };

/**
 * Marks a paid order shipped, with the carrier and tracking number when given, tells the customer (with a tracking
 * link where the carrier is known) and the listeners (reviews ask for a review). A backordered renewal takes its
 * stock now, and is refused while there still is too little.
 */
export async function fulfilOrder(
  deps: AppDeps,
  storeId: string,
  orderNumber: number,
  options: Shipment & OrderActor = {},
): Promise<Order> {
  const fulfilled = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, storeId, orderNumber);
    if (order.status !== "paid" && order.status !== "backordered") {
      throw new HttpError(409, `Order ${orderNumber} is ${order.status}; only a paid order can be fulfilled`);
    }
    const shipment = { carrier: options.carrier ?? null, trackingNumber: options.trackingNumber ?? null };
    const [row] = await tx
      .update(orders)
      .set({ status: "fulfilled", fulfilledAt: new Date(), ...shipment })
      .where(eq(orders.id, order.id))
      .returning();
    if (order.status === "backordered") {
      try {
        const move = { orderId: order.id, actorLabel: options.actor?.label ?? COMMAND_LINE_LABEL, note: "backorder fulfilled" };
        await reserveStock(tx, storeId, stockNeeded(await linesOf(tx, order.id)), move);
      } catch (error) {
        if (!(error instanceof OutOfStockError)) throw error;
        throw new HttpError(409, `Order ${orderNumber} is backordered: there is not enough ${error.sku} in stock yet to fulfil it`);
      }
    }
    await audit(tx, options, "order.fulfil", order, { status: order.status }, { status: row.status, ...shipment });
    return row;
  });
  await mailLogged(fulfilled, "order shipped", () => sendOrderShipped(deps, fulfilled));
  await deps.orderEvents.emitFulfilled(deps, orderEvent(fulfilled));
  return fulfilled;
}

/**
 * What has gone back for an order: each refund's amount, or the payment's whole for a refund that names none. Written
 * with explicit names because drizzle leaves a one-table select's columns unqualified, and inside this subquery
 * "id" would be the refund's: `order` is what the surrounding query calls the order's row.
 */
export const refundedCentsOf = (order = "orders") =>
  sql<string>`(select coalesce(sum(coalesce(r.amount_cents, ${sql.identifier(order)}.total_cents)), 0) from refunds r where r.order_id = ${sql.identifier(order)}.id)`;

async function refundedCents(tx: Tx, order: Order): Promise<number> {
  const [row] = await tx.select({ cents: refundedCentsOf() }).from(orders).where(eq(orders.id, order.id));
  return Number(row.cents);
}

export type RefundResult = { order: Order; refundedCents: number; refundOwed: boolean };

/**
 * Owes `amountCents` of a locked order's payment back (the one path of every owner refund, whole or partial), after
 * checking, under the order's lock, that it with every refund before stays within what was paid: two refunds at once
 * wait for each other and the second sees the first. Each refund has its own idempotency key (the first one
 * `refund:<order id>`, the next `refund:<order id>:<n>`), so a retry to the provider is the same refund.
 */
async function oweOwnerRefund(tx: Tx, order: Order, amountCents: number | undefined, reason: string) {
  if (!order.paymentReference) throw new HttpError(409, `Order ${order.number} has no payment to refund`);
  const refunded = await refundedCents(tx, order);
  const left = order.totalCents - refunded;
  const amount = amountCents ?? left;
  if (left <= 0) throw new HttpError(422, `Order ${order.number} is refunded in full already`);
  if (amount > left) {
    throw new HttpError(422, `A refund of ${amount} cents is more than the ${left} cents left to refund on order ${order.number}`, "amount_cents");
  }
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, order.id));
  const key = count === 0 ? `refund:${order.id}` : `refund:${order.id}:${count + 1}`;
  await oweRefund(tx, order, order.paymentReference, key, reason, amount);
  return { amount, whole: amount === left, refundedBefore: refunded };
}

/**
 * The provider is asked after the transaction that owes the refund; if it cannot be reached the refund stays owed
 * and the sweep makes it (`refundOwed` says so). The provider's own refund event finds the order already in the
 * state the owner chose.
 */
async function askProvider(deps: AppDeps, order: Order) {
  return (await makeOwedRefunds(deps, { orderId: order.id })) > 0;
}

export type RefundRequest = OrderActor & {
  /** Part of what was paid; without it, all that is left. */
  amountCents?: number;
  /** The order's stock goes back to the shelf (once). Without it: yes for a whole refund, no for a partial one. */
  restock?: boolean;
};

/**
 * Refunds all or part of a paid, backordered or fulfilled order. The order is `refunded` once everything paid has
 * gone back; an order refunded whole before it shipped always gives its stock back, as it will never ship.
 */
export async function refundOrder(deps: AppDeps, storeId: string, orderNumber: number, request: RefundRequest = {}): Promise<RefundResult> {
  const refundable: Order["status"][] = ["paid", "backordered", "fulfilled"];
  const { order, amount } = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, storeId, orderNumber);
    if (!refundable.includes(current.status)) throw new HttpError(409, `Order ${orderNumber} is ${current.status}; it cannot be refunded`);
    const reason = `${request.actor?.label ?? "the owner"} refunded the order`;
    const { amount, whole, refundedBefore } = await oweOwnerRefund(tx, current, request.amountCents, reason);
    const restock = request.restock ?? request.amountCents === undefined;
    let order = current;
    const actorLabel = request.actor?.label ?? COMMAND_LINE_LABEL;
    if (whole && (restock || current.status !== "fulfilled")) order = (await closeAndRelease(tx, current, refundable, "refunded", actorLabel))!;
    else {
      if (restock) await restockOnce(tx, current.id, current.status, { orderId: current.id, actorLabel, note: "order refunded in part" });
      if (whole) [order] = await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, current.id)).returning();
    }
    await audit(
      tx,
      request,
      "order.refund",
      current,
      { status: current.status, refunded_cents: refundedBefore },
      { status: order.status, refunded_cents: refundedBefore + amount, ...(restock ? { restocked: true } : {}) },
    );
    return { order, amount };
  });
  const refundOwed = await askProvider(deps, order);
  await mailLogged(order, "order refunded", () => sendOrderRefunded(deps, order, amount));
  return { order, refundedCents: amount, refundOwed };
}

/** Cancels a paid or backordered order: what is left of its payment goes back, and so does its stock. */
export async function cancelOrder(deps: AppDeps, storeId: string, orderNumber: number, options: OrderActor = {}): Promise<RefundResult> {
  const cancellable: Order["status"][] = ["paid", "backordered"];
  const { order, amount } = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, storeId, orderNumber);
    if (!cancellable.includes(current.status)) throw new HttpError(409, `Order ${orderNumber} is ${current.status}; it cannot be cancelled`);
    const { amount } = await oweOwnerRefund(tx, current, undefined, `${options.actor?.label ?? "the owner"} cancelled the order`);
    const order = (await closeAndRelease(tx, current, cancellable, "cancelled", options.actor?.label ?? COMMAND_LINE_LABEL))!;
    await audit(tx, options, "order.cancel", current, { status: current.status }, { status: order.status, refunded_cents: amount });
    return { order, amount };
  });
  const refundOwed = await askProvider(deps, order);
  await mailLogged(order, "order cancelled", () => sendOrderCancelled(deps, order, amount));
  return { order, refundedCents: amount, refundOwed };
}

/** A note on the order for the staff, signed with the actor's label (the command line's without one). */
export async function addOrderNote(deps: AppDeps, storeId: string, orderNumber: number, text: string, options: OrderActor = {}) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, storeId, orderNumber);
    const [note] = await tx
      .insert(orderNotes)
      .values({ storeId, orderId: order.id, authorLabel: options.actor?.label ?? COMMAND_LINE_LABEL, text })
      .returning();
    await audit(tx, options, "order.note", order, {}, { note: text });
    return note;
  });
}

/** Sends the order's confirmation again (the customer lost it, or their address was mistyped and fixed). */
export async function resendOrderConfirmation(deps: AppDeps, storeId: string, orderNumber: number, options: OrderActor = {}) {
  const { order, lines } = await getOrderByNumber(deps, storeId, orderNumber);
  if (order.paidAt === null) throw new HttpError(409, `Order ${orderNumber} is ${order.status}; it was never confirmed`);
  await sendOrderConfirmation(deps, order, lines);
  if (options.actor) {
    const actor = options.actor;
    await deps.db.transaction((tx) => audit(tx, { actor }, "order.resend-confirmation", order, {}, { email: order.email }));
  }
  return order;
}

/** Gives up an order whose payment could not even be started: its hold and discount go back. */
export async function abandonOrder(deps: AppDeps, order: Order) {
  await deps.db.transaction((tx) => closeAndRelease(tx, order, ["pending"], "failed"));
}

/** For in-process event delivery, where nobody waits on the result: failures are logged, never thrown. */
export async function applyPaymentEventLogged(deps: AppDeps, event: PaymentEvent): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyPaymentEvent(deps, event);
      return;
    } catch (error) {
      // A deadlock or serialisation failure rolled the whole transaction back; trying again is safe.
      if (attempt < 3 && isTransient(error)) continue;
      logger.error({ err: error, eventId: event.id }, "payment event could not be applied");
      return;
    }
  }
}

function isTransient(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "40P01" || code === "40001";
}
