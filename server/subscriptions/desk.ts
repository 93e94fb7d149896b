/**
 * What the owner and the subscriber read of subscriptions: the desk's list with its status tabs and search, one
 * subscription whole (items, next delivery priced, orders, timeline), the figures (active, monthly recurring revenue,
 * cancellations and their reasons), and the plan of the coming deliveries: per day, how many of each variant the
 * renewals will take, which is what a roaster roasts and packs.
 */
import { addDays } from "date-fns";
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { nextCycle, planLabel, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../core/subscriptions";
import { productUnitCents } from "../../core/cart";
import { nextDaysRange, shopDate } from "../../core/shop-time";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { containing, newestFirstPage } from "../db/listing";
import { orders, products, subscriptionEvents, subscriptionLines, subscriptionOptions, subscriptionRenewals, subscriptions, variants, type RenewalQuote } from "../db/schema";
import { frequencyChoices, planOf } from "./changes";
import { linesOfSubscription, subscriptionById, type Subscription } from "./records";
import { quoteRenewal } from "./renewals";
import { shippingOptionName } from "../store/rules";
import { shopTimeZone } from "../store/settings";

export const SUBSCRIPTIONS_PAGE_SIZE = 50;

export type SubscriptionFilter = { status?: SubscriptionStatus; q?: string; cursor?: string; limit?: number };

export async function listSubscriptions(db: Database, storeId: string, filter: SubscriptionFilter = {}) {
  const { page, nextCursor } = await newestFirstPage(filter, SUBSCRIPTIONS_PAGE_SIZE, subscriptions.id, (olderThanCursor, count) =>
    db
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        email: subscriptions.email,
        customerName: subscriptions.customerName,
        interval: subscriptions.interval,
        intervalUnit: subscriptions.intervalUnit,
        nextRenewalAt: subscriptions.nextRenewalAt,
        pausedUntil: subscriptions.pausedUntil,
        items: sql<string>`(select string_agg(l.quantity || ' × ' || l.sku, ', ' order by l.id) from subscription_lines l where l.subscription_id = "subscriptions"."id")`,
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.storeId, storeId),
          filter.status ? eq(subscriptions.status, filter.status) : undefined,
          filter.q ? or(ilike(subscriptions.email, containing(filter.q)), ilike(subscriptions.customerName, containing(filter.q))) : undefined,
          olderThanCursor,
        ),
      )
      .orderBy(desc(subscriptions.id))
      .limit(count),
  );
  return { subscriptions: page.map((row) => ({ ...row, plan: planLabel(planOf(row)) })), nextCursor };
}

/** The subscriptions a customer may manage: their account's, and those bought as a guest with the account's email. */
export async function subscriptionsOfCustomer(db: Database, storeId: string, customer: { id: number; email: string }) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.storeId, storeId), or(eq(subscriptions.customerId, customer.id), sql`lower(${subscriptions.email}) = lower(${customer.email})`)))
    .orderBy(desc(subscriptions.id));
}

export type SubscriptionView = Awaited<ReturnType<typeof viewSubscription>>;

/** One subscription whole, for its page and the desk: the next delivery priced now, the choices a change offers. */
export async function viewSubscription(deps: AppDeps, storeId: string, id: number) {
  const subscription = await subscriptionById(deps.db, storeId, id);
  const lines = await linesOfSubscription(deps.db, id);
  const [items, next, frequencies, renewals, events, first, shippingOption] = await Promise.all([
    itemsOf(deps.db, storeId, lines),
    subscription.status === "cancelled" ? Promise.resolve(null) : quoteRenewal(deps, subscription, lines).catch(() => null),
    frequencyChoices(deps, subscription),
    deps.db
      .select({ number: orders.number, status: orders.status, totalCents: orders.totalCents, paidAt: orders.paidAt, dueAt: subscriptionRenewals.dueAt })
      .from(subscriptionRenewals)
      .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
      .where(eq(subscriptionRenewals.subscriptionId, id))
      .orderBy(desc(subscriptionRenewals.dueAt)),
    deps.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(asc(subscriptionEvents.id)),
    deps.db.select({ number: orders.number, status: orders.status, totalCents: orders.totalCents, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, subscription.firstOrderId)),
    shippingOptionName(deps.db, storeId, subscription.shippingOptionKey),
  ]);
  return {
    subscription,
    shippingOptionName: shippingOption,
    plan: planLabel(planOf(subscription)),
    items,
    next: next satisfies RenewalQuote | null,
    frequencies: frequencies.map((plan) => ({ ...plan, label: planLabel(plan) })),
    orders: [...renewals.map(({ dueAt: _dueAt, ...order }) => order), ...first],
    timeline: events.map((event) => ({ at: event.createdAt, kind: event.kind, text: event.text, actor: event.actorLabel })),
  };
}

/** Each line with its product, its price now, and the product's other variants on the same plan (another grind). */
async function itemsOf(db: Database, storeId: string, lines: Awaited<ReturnType<typeof linesOfSubscription>>) {
  return Promise.all(
    lines.map(async (line) => {
      const [current] = await db
        .select({ productId: variants.productId, title: products.title, handle: products.handle, attributes: variants.attributes, priceCents: subscriptionOptions.priceCents, variantPrice: variants.priceCents, optionName: subscriptionOptions.name, interval: subscriptionOptions.interval, intervalUnit: subscriptionOptions.intervalUnit })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .leftJoin(subscriptionOptions, eq(subscriptionOptions.id, line.subscriptionOptionId))
        .where(and(eq(variants.storeId, storeId), eq(variants.sku, line.sku)));
      const siblings = current
        ? await db
            .select({ sku: variants.sku, attributes: variants.attributes })
            .from(variants)
            .innerJoin(subscriptionOptions, eq(subscriptionOptions.variantId, variants.id))
            .where(and(eq(variants.productId, current.productId), eq(subscriptionOptions.interval, current.interval ?? 0), eq(subscriptionOptions.intervalUnit, current.intervalUnit ?? "month")))
            .orderBy(asc(variants.id))
        : [];
      return {
        id: line.id,
        sku: line.sku,
        quantity: line.quantity,
        title: current?.title ?? line.sku,
        handle: current?.handle ?? null,
        attributes: current?.attributes ?? {},
        unitCents: current ? productUnitCents(current.variantPrice, current.priceCents === null ? null : { priceCents: current.priceCents }) : null,
        variants: siblings.map((sibling) => ({ sku: sibling.sku, label: Object.values(sibling.attributes).filter(Boolean).join(" · ") || sibling.sku })),
      };
    }),
  );
}

/** Months in a plan's cycle: a monthly figure is the cycle's amount divided by it. */
function monthsPerCycle({ interval, intervalUnit }: { interval: number; intervalUnit: string }): number {
  const perUnit: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };
  return interval * (perUnit[intervalUnit] ?? 1);
}

/**
 * The subscriptions `filter` finds, each with what its goods come to a month at today's plan prices (its cycle's
 * amount over the cycle's months), and when it started and was cancelled: the desk's and the report's recurring revenue.
 */
export async function monthlyAmounts(db: Database, storeId: string, filter?: SQL) {
  const rows = await db
    .select({
      id: subscriptions.id,
      createdAt: subscriptions.createdAt,
      cancelledAt: subscriptions.cancelledAt,
      interval: subscriptions.interval,
      intervalUnit: subscriptions.intervalUnit,
      cents: sql<number>`coalesce(sum(${subscriptionOptions.priceCents} * ${subscriptionLines.quantity}), 0)::int`,
    })
    .from(subscriptions)
    .leftJoin(subscriptionLines, eq(subscriptionLines.subscriptionId, subscriptions.id))
    .leftJoin(subscriptionOptions, eq(subscriptionOptions.id, subscriptionLines.subscriptionOptionId))
    .where(and(eq(subscriptions.storeId, storeId), filter))
    .groupBy(subscriptions.id, subscriptions.interval, subscriptions.intervalUnit);
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, cancelledAt: row.cancelledAt, monthlyCents: row.cents / monthsPerCycle(row) }));
}

/** How far back the desk's figures count cancellations. */
export const CANCELLATION_DAYS = 30;

/** The desk's figures: active subscriptions, their monthly recurring revenue (goods at today's plan prices), and 30 days of cancellations. */
export async function subscriptionFigures(db: Database, storeId: string, now = new Date()) {
  const counts = await db
    .select({ status: subscriptions.status, count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.storeId, storeId))
    .groupBy(subscriptions.status);
  const recurring = await monthlyAmounts(db, storeId, eq(subscriptions.status, "active"));
  const cancelled = await db
    .select({ reason: subscriptions.cancelReason, count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.storeId, storeId), eq(subscriptions.status, "cancelled"), gte(subscriptions.cancelledAt, addDays(now, -CANCELLATION_DAYS))))
    .groupBy(subscriptions.cancelReason);
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, counts.find((row) => row.status === status)?.count ?? 0])) as Record<SubscriptionStatus, number>;
  return {
    byStatus,
    monthlyRecurringCents: Math.round(recurring.reduce((sum, row) => sum + row.monthlyCents, 0)),
    cancellations: {
      count: cancelled.reduce((sum, row) => sum + row.count, 0),
      reasons: cancelled.map((row) => ({ reason: row.reason ?? "No reason given", count: row.count })).sort((a, b) => b.count - a.count),
    },
  };
}

export const PLAN_DAYS = 14;

export type PlannedDay = { day: string; items: { sku: string; title: string; options: string; quantity: number }[] };

/**
 * The coming deliveries: every renewal of an active subscription (and of a paused one whose pause ends in time) today
 * and in the next `days` days, per day of the shop's time zone (the day each renewal runs, decision 0068), summed per
 * variant. A weekly plan renews twice in 14 days and counts twice; one bought today on a two-week plan renews on the
 * 14th day, and is in the plan.
 */
export async function deliveryPlan(db: Database, storeId: string, now = new Date(), days = PLAN_DAYS): Promise<{ timeZone: string; days: PlannedDay[] }> {
  const timeZone = await shopTimeZone(db, storeId);
  const { end } = nextDaysRange(days + 1, timeZone, now);
  const rows = await db
    .select({ subscription: subscriptions, sku: subscriptionLines.sku, quantity: subscriptionLines.quantity, title: products.title, attributes: variants.attributes })
    .from(subscriptions)
    .innerJoin(subscriptionLines, eq(subscriptionLines.subscriptionId, subscriptions.id))
    .leftJoin(variants, and(eq(variants.storeId, storeId), eq(variants.sku, subscriptionLines.sku)))
    .leftJoin(products, eq(products.id, variants.productId))
    .where(and(eq(subscriptions.storeId, storeId), inArray(subscriptions.status, ["active", "paused"]), lte(subscriptions.nextRenewalAt, end)));
  const plan = new Map<string, Map<string, PlannedDay["items"][number]>>();
  for (const row of rows) {
    for (const at of renewalsWithin(row.subscription, now, end)) {
      const day = shopDate(at, timeZone);
      const items = plan.get(day) ?? new Map();
      plan.set(day, items);
      const item = items.get(row.sku) ?? { sku: row.sku, title: row.title ?? row.sku, options: Object.values(row.attributes ?? {}).filter(Boolean).join(" · "), quantity: 0 };
      item.quantity += row.quantity;
      items.set(row.sku, item);
    }
  }
  return {
    timeZone,
    days: [...plan.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, items]) => ({ day, items: [...items.values()].sort((a, b) => a.title.localeCompare(b.title) || a.sku.localeCompare(b.sku)) })),
  };
}

function renewalsWithin(subscription: Subscription, now: Date, end: Date): Date[] {
  const dates: Date[] = [];
  const resumesAt = subscription.status === "paused" ? subscription.pausedUntil : null;
  if (subscription.status === "paused" && !resumesAt) return dates;
  let at = subscription.nextRenewalAt;
  // A due renewal not yet charged goes out with the next run: today.
  if (at < now) at = now;
  while (at < end) {
    if (!resumesAt || at >= resumesAt) dates.push(at);
    at = nextCycle(at, planOf(subscription));
  }
  return dates;
}
