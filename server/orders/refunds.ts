/**
 * Money owed back to customers: what has gone back for an order, a refund recorded as owed in the transaction that
 * calls for it, and the attempts to make the owed ones with the provider (each with its own idempotency key).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../context";
import { orders, paymentLinks, payments, refunds } from "../db/schema";
import { logger } from "../logger";
import type { Tx } from "../db/client";
import { conflict } from "../../core/errors";
import { allocate, formatMoney, roundCents } from "../../core/money";
import { leftToRefund } from "../../core/order-lifecycle";
import { issueCreditNote, type InvoiceDocument } from "./invoices";
import type { Order } from "./orders";
import { keepCustomerFigures } from "./customer-figures";

/**
 * What has gone back for an order: each refund's amount, or the payment's whole for a refund that names none; an
 * edit's refund is not counted, as it went with the lower total the edit gave the order (decision 0058). Written
 * with explicit names because drizzle leaves a one-table select's columns unqualified, and inside this subquery
 * "id" would be the refund's: `order` is what the surrounding query calls the order's row.
 */
export const refundedCentsOf = (order = "orders") =>
  sql<string>`(select coalesce(sum(${refundCents("r", order)}), 0) from refunds r where r.order_id = ${sql.identifier(order)}.id and ${countedRefund("r")})`;

/** A refund or link `r` of the order `order`: the amount it names, or without one the payment's whole, the order's total. */
const refundCents = (refund: string, order: string) => sql`coalesce(${sql.identifier(refund)}.amount_cents, ${sql.identifier(order)}.total_cents)`;
/** Whether a refund `r` counts as given back: an edit's went with the order's lower total instead (decision 0058). */
const countedRefund = (refund: string) => sql`${sql.identifier(refund)}.order_edit_id is null`;

/** What the order's open payment link asks and nobody has paid yet: never paid, so neither revenue nor refundable. */
export const owedCentsOf = (order = "orders") =>
  sql<string>`(select coalesce(sum(l.amount_cents), 0) from payment_links l where l.order_id = ${sql.identifier(order)}.id and ${openLink("l")})`;
const openLink = (link: string) => sql`${sql.identifier(link)}.status = 'open'`;

/**
 * What refundedCentsOf and owedCentsOf add up, as rows of the store's refunds and open links (order_id, amount_cents),
 * to join to many orders at once where those two look them up order by order; givenBackCents says what a joined row
 * `given` of the order `order` counts. `orders`, a condition on their orders `o`, keeps only theirs: a planner without
 * statistics (PGlite between starts) then reads the few it expects first, not every refund once for each order.
 */
export const givenBackRows = (storeId: string, orders?: SQL) => {
  const of = (row: string) =>
    orders ? sql`join orders o on o.id = ${sql.identifier(row)}.order_id where ${orders} and` : sql`where ${sql.identifier(row)}.store_id = ${storeId} and`;
  return sql`(
    select r.order_id, r.amount_cents from refunds r ${of("r")} ${countedRefund("r")}
    union all
    select l.order_id, l.amount_cents from payment_links l ${of("l")} ${openLink("l")})`;
};
export const givenBackCents = (given: string, order: string) => refundCents(given, order);

export async function refundedCents(tx: Tx, order: Order): Promise<number> {
  const [row] = await tx.select({ cents: refundedCentsOf() }).from(orders).where(eq(orders.id, order.id));
  return Number(row.cents);
}

/**
 * The tax a refund of `amountCents` by the owner gives back (decision 0063): the order's tax in proportion to the
 * amount, and for the refund that leaves nothing of the order's total, what is left of its tax, so an order refunded
 * whole, in one go or in steps, gives back exactly the tax it charged.
 */
export async function ownerRefundTaxCents(tx: Tx, order: Order, amountCents: number): Promise<number> {
  if (order.totalCents <= 0) return 0;
  const [row] = await tx
    .select({ refunded: refundedCentsOf(), returned: sql<string>`(select coalesce(sum(r.tax_cents), 0) from refunds r where r.order_id = ${sql.identifier("orders")}.id and r.order_edit_id is null)` })
    .from(orders)
    .where(eq(orders.id, order.id));
  const taxLeft = Math.max(0, order.taxCents - Number(row.returned));
  if (Number(row.refunded) + amountCents >= order.totalCents) return taxLeft;
  return Math.min(taxLeft, roundCents((amountCents * order.taxCents) / order.totalCents));
}

/**
 * What is left to refund on the order: its total, less what an open payment link still asks, less what went back
 * already. The owner's refund and a return's read it alike; a refund of all of it leaves the order refunded.
 */
export async function refundLeftOf(tx: Tx, order: Order): Promise<{ refunded: number; left: number }> {
  const [row] = await tx.select({ refunded: refundedCentsOf(), owed: owedCentsOf() }).from(orders).where(eq(orders.id, order.id));
  const refunded = Number(row.refunded);
  return { refunded, left: leftToRefund(order, refunded, Number(row.owed)) };
}

/** What the shop itself has owed back of one payment of the order (a refund naming no amount is the whole payment). */
export async function shopRefundedCents(tx: Tx, order: Order, paymentReference: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(coalesce(${refunds.amountCents}, ${payments.amountCents}, ${order.totalCents})), 0)` })
    .from(refunds)
    .leftJoin(payments, and(eq(payments.provider, refunds.provider), eq(payments.providerPaymentId, refunds.paymentReference)))
    .where(and(eq(refunds.orderId, order.id), eq(refunds.paymentReference, paymentReference)));
  return Number(row.cents);
}

/**
 * Records that `paymentReference` is owed back to the customer (`amountCents`, or without it the payment's whole
 * amount); the same key is the same refund, owed once: its id the first time, null after.
 */
export async function oweRefund(
  tx: Tx,
  order: Order,
  paymentReference: string,
  idempotencyKey: string,
  reason: string,
  amountCents: number | null = null,
  orderEditId: number | null = null,
  taxCents = 0,
): Promise<number | null> {
  const [owed] = await tx
    .insert(refunds)
    .values({ storeId: order.storeId, orderId: order.id, provider: order.paymentProvider, paymentReference, idempotencyKey, reason, amountCents, orderEditId, taxCents })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning({ id: refunds.id });
  await keepCustomerFigures(tx, order);
  logger.warn({ orderId: order.id, reason }, "refund owed");
  return owed?.id ?? null;
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

/**
 * What each card payment of an order has left to give back: the checkout's first, then its payment links' in the
 * order they were paid (decision 0057). A payment the provider has no record of here (an order older than the
 * payments ledger) counts as what the order cost before its links were paid.
 */
export async function refundablePayments(tx: Tx, order: Order): Promise<{ reference: string; leftCents: number }[]> {
  const linkPayments = await tx
    .select({ reference: paymentLinks.paymentReference, amountCents: paymentLinks.amountCents })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.orderId, order.id), eq(paymentLinks.status, "paid")))
    .orderBy(asc(paymentLinks.settledAt));
  const paidByLinks = linkPayments.reduce((sum, link) => sum + link.amountCents, 0);
  const byCard = linkPayments.flatMap((link) => (link.reference ? [{ reference: link.reference, paidCents: link.amountCents }] : []));
  const checkout = order.paymentReference;
  if (checkout && !byCard.some((link) => link.reference === checkout)) {
    const [payment] = await tx
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.provider, order.paymentProvider), eq(payments.providerPaymentId, checkout)));
    byCard.unshift({ reference: checkout, paidCents: payment?.amountCents ?? order.totalCents - paidByLinks });
  }
  const given = await tx
    .select({ reference: refunds.paymentReference, amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return byCard.map(({ reference, paidCents }) => {
    const back = given.filter((refund) => refund.reference === reference).reduce((sum, refund) => sum + (refund.amountCents ?? paidCents), 0);
    return { reference, leftCents: Math.max(0, paidCents - back) };
  });
}

/**
 * Owes `amountCents` back across the order's card payments (refundablePayments: the checkout's first, then its links'
 * as paid), each part with its own idempotency key (`key`, then `key:part2`…) so a retry to the provider is the same
 * refund, and issues one credit note for the whole, whichever payments it was drawn from. The owner's refund, an
 * edit's and a return's all go back this way. An edit's parts name the edit, as its refund lowered the order's total,
 * and take no credit note: the edit issues the order's invoice anew, and the note cancelling the old one accounts for it.
 */
export async function oweRefundAcrossPayments(
  tx: Tx,
  order: Order,
  refund: { amountCents: number; key: string; reason: string; orderEditId?: number; taxCents?: number },
): Promise<InvoiceDocument | null> {
  let remaining = refund.amountCents;
  const parts: { reference: string; key: string; cents: number }[] = [];
  for (const [index, source] of (await refundablePayments(tx, order)).entries()) {
    const part = Math.min(remaining, source.leftCents);
    if (part <= 0) continue;
    parts.push({ reference: source.reference, key: index === 0 ? refund.key : `${refund.key}:part${index + 1}`, cents: part });
    remaining -= part;
  }
  if (remaining > 0) {
    throw conflict(`Order ${order.number} has ${formatMoney(refund.amountCents - remaining)} left of its card payments to refund, not ${formatMoney(refund.amountCents)}`);
  }
  // The refund's tax goes with its parts in proportion, so the report's returned tax adds up to the refund's.
  const taxes = allocate(
    refund.taxCents ?? 0,
    parts.map((part) => part.cents),
  );
  let firstRefundId: number | null = null;
  for (const [index, part] of parts.entries()) {
    const refundId = await oweRefund(tx, order, part.reference, part.key, refund.reason, part.cents, refund.orderEditId ?? null, taxes[index]);
    firstRefundId ??= refundId;
  }
  return firstRefundId === null || refund.orderEditId !== undefined ? null : issueCreditNote(tx, order, firstRefundId, refund.amountCents);
}
