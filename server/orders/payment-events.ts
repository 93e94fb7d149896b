/**
 * The provider's events applied to orders: each event once (its id recorded in the same transaction as its effect),
 * a payment making its order paid and numbered, a failure or cancellation closing it, and a refund reported back.
 * A subscription's renewals are server/subscriptions/renewals.ts's.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { canMove, ORDER_MOVES } from "../../core/order-lifecycle";
import type { AppDeps } from "../context";
import { cartLines, carts, checkoutSessions, orders, paymentEvents, payments } from "../db/schema";
import { logger } from "../logger";
import type { PaymentEvent, PaymentStatusEvent } from "../payments/provider";
import { CHECKOUT_ACTOR_LABEL, reserveStockIfAvailable, stockNeeded } from "./inventory";
import type { Tx } from "../db/client";
import { afterPaid, closeAndRelease, linesOf, nextOrderNumber, type Order } from "./orders";
import { makeOwedRefunds, oweRefund, refundedCents, shopRefundedCents } from "./refunds";
import { keepCustomerFigures } from "./customer-figures";
import { issueCreditNote, issueInvoice } from "./invoices";

export type Outcome = "applied" | "duplicate" | "ignored" | "refund-needed";

/**
 * Applies one provider event to its order. The event id is recorded in the same transaction as the change, so a
 * replayed webhook (or a reconciliation after a crash) changes nothing the second time.
 */
export async function applyPaymentEvent(deps: AppDeps, event: PaymentStatusEvent): Promise<Outcome> {
  const order = await orderByPayment(deps, event.paymentId);
  if (!order) {
    logger.warn({ eventId: event.id, paymentId: event.paymentId }, "payment event for no known order");
    return "ignored";
  }
  return applyPaymentStatus(deps, order, event);
}

export async function orderByPayment(deps: AppDeps, paymentReference: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, deps.payments.name), eq(orders.paymentReference, paymentReference)));
  return order ?? null;
}

/** Records the event id; false when it was recorded before (a replay), and the caller then changes nothing. */
export async function isFirstDelivery(tx: Tx, deps: AppDeps, storeId: string, event: PaymentEvent) {
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
    // An order never paid that took a payment it gives back is placed all the same, bringing nothing.
    await keepCustomerFigures(tx, order);
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
        await keepCustomerFigures(tx, paid);
        await issueInvoice(tx, paid);
        await emptyCheckoutCart(tx, order.id);
        return "applied";
      }
      case "payment.failed":
      case "payment.canceled":
        return (await closeAndRelease(tx, current, "decline")) ? "applied" : "ignored";
      case "payment.refunded": {
        // The whole of one payment went back. When the shop's own refunds of it account for that (a refund drawn
        // across an order's payments empties the first), they moved the order already; only a refund made at the
        // provider, outside the shop, makes the order refunded: what was left of it went back, and is credited.
        if ((await shopRefundedCents(tx, current, event.paymentId)) >= event.amountCents) return "ignored";
        const left = current.totalCents - (await refundedCents(tx, current));
        const refunded = await closeAndRelease(tx, current, "refund");
        if (refunded && left > 0) await issueCreditNote(tx, refunded, null, left);
        return refunded ? "applied" : "ignored";
      }
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

export async function recordPayment(tx: Tx, order: Order, providerPaymentId: string, status: string, amountCents: number) {
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
