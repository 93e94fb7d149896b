/** The sweep of unpaid orders and owed refunds, run at start and then on an interval (server/shop-jobs.ts). */
import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../context";
import { orders } from "../db/schema";
import { logger } from "../logger";
import { unlessNotFound, type PaymentStatusEvent } from "../payments/provider";
import { closeAndRelease } from "./orders";
import { applyPaymentEvent } from "./payment-events";
import { makeOwedRefunds } from "./refunds";

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
        const closed = await deps.db.transaction((tx) => closeAndRelease(tx, order, "expire"));
        if (closed) expired++;
      }
    } catch (error) {
      logger.error({ err: error, orderId: order.id }, "could not settle a pending order");
    }
  }
  const refundsOwed = await makeOwedRefunds(deps);
  return { paid, expired, refundsOwed };
}
