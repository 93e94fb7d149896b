/**
 * The provider's events applied to orders: each event once (its id recorded in the same transaction as its effect),
 * a payment making its order paid and numbered, a failure or cancellation closing it, a refund reported back, and a
 * subscription's paid renewal becoming a new paid order of its own.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { canMove, ORDER_MOVES } from "../../core/order-lifecycle";
import type { AppDeps } from "../context";
import { cartLines, carts, checkoutSessions, orderLines, orders, paymentEvents, payments } from "../db/schema";
import { logger } from "../logger";
import type { PaymentEvent, PaymentStatusEvent, SubscriptionRenewedEvent } from "../payments/provider";
import { CHECKOUT_ACTOR_LABEL, reserveStockIfAvailable, stockNeeded, type Tx } from "./inventory";
import { afterPaid, closeAndRelease, findOrderByKey, linesOf, nextOrderNumber, type Order } from "./orders";
import { makeOwedRefunds, oweRefund } from "./refunds";

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
    const { from, to } = ORDER_MOVES.returnPayment;
    await tx
      .update(orders)
      .set({ status: to, reservationExpiresAt: null })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...from])));
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
          await closeAndRelease(tx, current, "decline");
          return refundPayment(tx, `payment of ${event.amountCents} cents for an order of ${current.totalCents}`);
        }
        if (!canMove(current.status, "pay")) return "ignored";
        if (current.status !== "pending") {
          // Paid after its hold was let go (a retry after a decline, or a late payment): hold the stock again if it
          // is still there, otherwise the money goes back.
          const move = { orderId: order.id, actorLabel: CHECKOUT_ACTOR_LABEL, note: "paid after its hold was let go" };
          if (!(await reserveStockIfAvailable(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)), move))) {
            return refundPayment(tx, "payment arrived after the stock was gone");
          }
        }
        const number = await nextOrderNumber(tx, order.storeId);
        [paid] = await tx
          .update(orders)
          .set({ status: ORDER_MOVES.pay.to, number, paidAt: new Date(), reservationExpiresAt: null })
          .where(eq(orders.id, order.id))
          .returning();
        await emptyCheckoutCart(tx, order.id);
        return "applied";
      }
      case "payment.failed":
      case "payment.canceled":
        return (await closeAndRelease(tx, current, "decline")) ? "applied" : "ignored";
      case "payment.refunded":
        return (await closeAndRelease(tx, current, "refund")) ? "applied" : "ignored";
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
