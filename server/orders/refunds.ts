/**
 * Money owed back to customers: what has gone back for an order, a refund recorded as owed in the transaction that
 * calls for it, and the attempts to make the owed ones with the provider (each with its own idempotency key).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import { orders, refunds } from "../db/schema";
import { logger } from "../logger";
import type { Tx } from "./inventory";
import type { Order } from "./orders";

/**
 * What has gone back for an order: each refund's amount, or the payment's whole for a refund that names none. Written
 * with explicit names because drizzle leaves a one-table select's columns unqualified, and inside this subquery
 * "id" would be the refund's: `order` is what the surrounding query calls the order's row.
 */
export const refundedCentsOf = (order = "orders") =>
  sql<string>`(select coalesce(sum(coalesce(r.amount_cents, ${sql.identifier(order)}.total_cents)), 0) from refunds r where r.order_id = ${sql.identifier(order)}.id)`;

export async function refundedCents(tx: Tx, order: Order): Promise<number> {
  const [row] = await tx.select({ cents: refundedCentsOf() }).from(orders).where(eq(orders.id, order.id));
  return Number(row.cents);
}

/**
 * Records that `paymentReference` is owed back to the customer (`amountCents`, or without it the payment's whole
 * amount); the same key is the same refund, owed once.
 */
export async function oweRefund(
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
export async function makeOwedRefunds(deps: AppDeps, scope: { orderId?: number } = {}): Promise<number> {
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
