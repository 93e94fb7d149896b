/**
 * The order's life: created pending with its lines and its stock held, paid only from the provider's event (each
 * event applied once, deduplicated in the same transaction as its effect), numbered when paid, released when the
 * payment fails or is abandoned, then fulfilled, cancelled or refunded by the owner.
 */
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { PostalAddress } from "../db/schema";
import { cartLines, carts, checkoutSessions, discounts, orderLines, orders, paymentEvents, payments, stores } from "../db/schema";
import { HttpError } from "../http/errors";
import { logger } from "../logger";
import type { PaymentEvent } from "../payments/provider";
import { emitOrderFulfilled, emitOrderPaid, type OrderEvent } from "./events";
import { releaseStock, reserveStock, stockNeeded, type Tx } from "./inventory";
import { sendOrderConfirmation } from "./email";

/** An unpaid order holds its stock this long. */
export const RESERVATION_MINUTES = 30;

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

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
    const order = await deps.db.transaction(async (tx) => {
      if (input.discountCode) await redeemDiscount(tx, input.storeId, input.discountCode);
      await reserveStock(tx, input.storeId, stockNeeded(input.lines));
      const { lines, ...fields } = input;
      const [order] = await tx
        .insert(orders)
        .values({ ...fields, status: "pending", reservationExpiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000) })
        .returning();
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, storeId: input.storeId, orderId: order.id })));
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

async function findOrderByKey(deps: AppDeps, storeId: string, key: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.idempotencyKey, key)));
  return order ?? null;
}

/** One redemption of the code, refused atomically once max_redemptions are used. */
async function redeemDiscount(tx: Tx, storeId: string, code: string) {
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

/** Moves an order from one of `from` to `to` and gives its stock (and discount) back, once, whoever calls first. */
async function closeAndRelease(tx: Tx, order: Order, from: Order["status"][], to: Order["status"]) {
  const [closed] = await tx
    .update(orders)
    .set({ status: to, reservationExpiresAt: null })
    .where(and(eq(orders.id, order.id), inArray(orders.status, from)))
    .returning();
  if (!closed) return null;
  await releaseStock(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)));
  if (from.includes("pending")) await returnDiscount(tx, order.storeId, order.discountCode);
  return closed;
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
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, deps.payments.name), eq(orders.paymentReference, event.paymentId)));
  if (!order) {
    logger.warn({ eventId: event.id, paymentId: event.paymentId }, "payment event for no known order");
    return "ignored";
  }
  let paid: Order | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, storeId: order.storeId, provider: deps.payments.name, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return "duplicate";
    await recordPayment(tx, order, event);
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    switch (event.type) {
      case "payment.succeeded": {
        if (current.status === "failed" || current.status === "expired") {
          // Paid after its hold was let go (a retry after a decline, or a late payment): hold the stock again if it
          // is still there, otherwise the money goes back.
          try {
            await reserveStock(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)));
          } catch {
            return "refund-needed";
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
        return (await closeAndRelease(tx, current, ["paid", "fulfilled"], "refunded")) ? "applied" : "ignored";
    }
  });
  if (outcome === "refund-needed") {
    await deps.payments.refund(event.paymentId, { idempotencyKey: `late-payment-refund:${order.id}` });
    await deps.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    logger.warn({ orderId: order.id }, "payment arrived after the stock was gone; refunded");
  }
  if (paid) await afterPaid(deps, paid);
  return outcome;
}

async function recordPayment(tx: Tx, order: Order, event: PaymentEvent) {
  const status = event.type.replace("payment.", "");
  await tx
    .insert(payments)
    .values({
      storeId: order.storeId,
      orderId: order.id,
      provider: order.paymentProvider,
      providerPaymentId: event.paymentId,
      status,
      amountCents: event.amountCents,
    })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: { status, amountCents: event.amountCents, updatedAt: new Date() },
    });
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

async function afterPaid(deps: AppDeps, order: Order) {
  try {
    await sendOrderConfirmation(deps, order, await linesOf(deps.db, order.id));
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "order confirmation email failed");
  }
  await emitOrderPaid(deps, orderEvent(order));
}

/**
 * Settles unpaid orders against the provider: one that was paid (a crash lost the event) becomes paid, one whose
 * hold has run out is expired and its stock released. Runs at start and then on an interval.
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
      const payment = order.paymentReference ? await deps.payments.retrievePayment(order.paymentReference).catch(() => null) : null;
      if (payment?.status === "succeeded") {
        const event: PaymentEvent = {
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
  return { paid, expired };
}

const SWEEP_INTERVAL_MS = 60_000;

/** Sweeps at once (reconciling every pending order after a restart), then every minute for expired holds. */
export function startOrderSweeper(deps: AppDeps): () => void {
  void sweepPendingOrders(deps, new Date(), { all: true }).catch((error: unknown) =>
    logger.error({ err: error }, "order sweep failed"),
  );
  const timer = setInterval(() => {
    void sweepPendingOrders(deps).catch((error: unknown) => logger.error({ err: error }, "order sweep failed"));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
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

/** Marks a paid order shipped and tells the listeners (reviews ask for a review). */
export async function fulfilOrder(deps: AppDeps, storeId: string, orderNumber: number): Promise<Order> {
  const { order } = await getOrderByNumber(deps, storeId, orderNumber);
  const [fulfilled] = await deps.db
    .update(orders)
    .set({ status: "fulfilled", fulfilledAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "paid")))
    .returning();
  if (!fulfilled) throw new HttpError(409, `Order ${orderNumber} is ${order.status}; only a paid order can be fulfilled`);
  await emitOrderFulfilled(deps, orderEvent(fulfilled));
  return fulfilled;
}

/** Gives the money back through the provider and the stock back to the shelf. */
async function refundAndClose(deps: AppDeps, storeId: string, orderNumber: number, from: Order["status"][], to: Order["status"]) {
  const { order } = await getOrderByNumber(deps, storeId, orderNumber);
  if (!from.includes(order.status)) {
    throw new HttpError(409, `Order ${orderNumber} is ${order.status}; it cannot be ${to}`);
  }
  if (!order.paymentReference) throw new HttpError(409, `Order ${orderNumber} has no payment to refund`);
  await deps.payments.refund(order.paymentReference, { idempotencyKey: `refund:${order.id}` });
  const closed = await deps.db.transaction((tx) => closeAndRelease(tx, order, from, to));
  return closed ?? (await getOrderByNumber(deps, storeId, orderNumber)).order;
}

export const cancelOrder = (deps: AppDeps, storeId: string, orderNumber: number) =>
  refundAndClose(deps, storeId, orderNumber, ["paid"], "cancelled");

export const refundOrder = (deps: AppDeps, storeId: string, orderNumber: number) =>
  refundAndClose(deps, storeId, orderNumber, ["paid", "fulfilled"], "refunded");

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
