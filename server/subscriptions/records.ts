/**
 * The shop's record of each subscription (decision 0052): started from the first order a subscription checkout paid,
 * with its lines, plan, address and card, and a timeline of everything that happened to it.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notLike, sql } from "drizzle-orm";
import { nextCycle, planLabel, type IntervalUnit } from "../../core/subscriptions";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { notFound } from "../../core/errors";
import { renewalDiscount } from "../cart/discounts";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { orderLines, orders, subscriptionEvents, subscriptionLines, subscriptionOptions, subscriptions } from "../db/schema";
import { logger } from "../logger";
import { sendSubscriptionEmail } from "./emails";

export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionLine = typeof subscriptionLines.$inferSelect;

/** Who changed a subscription, as its timeline names them. */
export const SUBSCRIBER_LABEL = "subscriber";
export const SHOP_LABEL = "shop";

export async function recordEvent(tx: Database | Tx, subscription: Pick<Subscription, "id" | "storeId">, kind: string, text: string, actorLabel: string) {
  await tx.insert(subscriptionEvents).values({ storeId: subscription.storeId, subscriptionId: subscription.id, kind, text, actorLabel });
}

/** A renewal's order is keyed `renewal:…`; every other paid order with a subscribed line started a subscription. */
const RENEWAL_KEY = "renewal:%";

/**
 * Starts the record of every subscription a paid first order began and no record holds yet: right after the payment
 * and, for any a crash or an older version left without one, from the renewal job. Each first order starts one
 * record, whichever instance gets there first.
 */
export async function startSubscriptions(deps: AppDeps, only?: { orderId: number }): Promise<number> {
  const firstOrders = await deps.db
    .selectDistinct({ order: orders })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.firstOrderId, orders.id))
    .where(
      and(
        isNotNull(orderLines.subscriptionId),
        isNull(subscriptions.id),
        inArray(orders.status, ORDER_GROUPS.kept),
        isNotNull(orders.paymentReference),
        notLike(orders.idempotencyKey, RENEWAL_KEY),
        only ? eq(orders.id, only.orderId) : undefined,
      ),
    );
  let started = 0;
  for (const { order } of firstOrders) {
    try {
      if (await startSubscription(deps, order)) started++;
    } catch (error) {
      logger.error({ err: error, orderId: order.id }, "subscription record could not be started");
    }
  }
  return started;
}

async function startSubscription(deps: AppDeps, order: typeof orders.$inferSelect): Promise<boolean> {
  const lines = await deps.db
    .select({ sku: orderLines.sku, optionId: orderLines.subscriptionId, quantity: orderLines.quantity, interval: subscriptionOptions.interval, intervalUnit: subscriptionOptions.intervalUnit })
    .from(orderLines)
    .innerJoin(subscriptionOptions, eq(subscriptionOptions.id, orderLines.subscriptionId))
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.subscriptionId)))
    .orderBy(asc(orderLines.id));
  if (lines.length === 0 || !order.paymentReference) return false;
  const plan = { interval: lines[0].interval, intervalUnit: lines[0].intervalUnit as IntervalUnit };
  const card = await deps.payments.subscriptionCard(order.paymentReference).catch((error: unknown) => {
    logger.warn({ err: error, orderId: order.id }, "subscription card unknown");
    return null;
  });
  // A code that discounts renewals too stays with the subscription; any other discounted the first order alone.
  const keptCode = order.discountCode && (await renewalDiscount(deps.db, order.storeId, order.discountCode)) ? order.discountCode : null;
  const started = await deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(subscriptions)
      .values({
        storeId: order.storeId,
        firstOrderId: order.id,
        customerId: order.customerId,
        email: order.email,
        customerName: order.customerName,
        ...plan,
        shippingAddress: order.shippingAddress,
        shippingOptionKey: order.shippingOptionKey,
        paymentProvider: order.paymentProvider,
        paymentReference: order.paymentReference!,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        discountCode: keptCode,
        nextRenewalAt: nextCycle(order.paidAt ?? order.createdAt, plan),
      })
      .onConflictDoNothing({ target: subscriptions.firstOrderId })
      .returning();
    if (!made) return null;
    await tx
      .insert(subscriptionLines)
      .values(lines.map((line) => ({ storeId: order.storeId, subscriptionId: made.id, sku: line.sku!, subscriptionOptionId: line.optionId!, quantity: line.quantity })));
    await recordEvent(tx, made, "started", `Started with order #${order.number}`, SHOP_LABEL);
    return made;
  });
  if (!started) return false;
  // Every subscriber, guests too, holds the link to the subscription's page from its first day.
  await sendSubscriptionEmail(deps, started, { kind: "started", plan: planLabel(plan) });
  return true;
}

export async function subscriptionById(db: Database | Tx, storeId: string, id: number): Promise<Subscription> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.storeId, storeId), eq(subscriptions.id, id)));
  if (!row) throw notFound("Subscription not found");
  return row;
}

/** The subscription a provider's subscription reference names, if the shop keeps one. */
export async function subscriptionByReference(db: Database, provider: string, reference: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.paymentProvider, provider), eq(subscriptions.paymentReference, reference)));
  return row ?? null;
}

export async function linesOfSubscription(db: Database | Tx, subscriptionId: number): Promise<SubscriptionLine[]> {
  return db.select().from(subscriptionLines).where(eq(subscriptionLines.subscriptionId, subscriptionId)).orderBy(asc(subscriptionLines.id));
}

/** Locks the subscription for a change, so two changes (a subscriber's and a renewal's) never interleave. */
export async function lockSubscription(tx: Tx, subscription: Pick<Subscription, "id">): Promise<Subscription> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)).for("update");
  return row;
}

export async function updateSubscription(tx: Tx, id: number, change: Partial<typeof subscriptions.$inferInsert>): Promise<Subscription> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}
