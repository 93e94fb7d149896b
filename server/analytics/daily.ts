/**
 * Daily totals behind the owner's analytics and the conversion and traffic reports, on the shop's day each session
 * started (decision 0065). A session counts once, and once under its source, when it starts; a beacon carries the
 * whole session so far, so each one adds the difference between what its payload counts and what the session's
 * previous payload counted: totals stay exact however many beacons a session sends.
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { isShopPage } from "../../core/analytics-limits";
import type { SessionPayload } from "../../core/schemas/analytics";
import { lastDaysRange, shopDate } from "../../core/shop-time";
import type { Database } from "../db/client";
import { analyticsDaily } from "../db/schema";
import { shopTimeZone } from "../store/settings";

export type DailyKind =
  | "sessions"
  /** Sessions by where they came from, keyed by core/traffic-sources.ts's sourceKey. */
  | "source"
  | "page"
  | "product"
  | "funnel"
  | "cart_status"
  | "search"
  | "search_no_results"
  | "search_duration";

export type Contribution = { kind: DailyKind; key: string; count: number; total: number };

type Executor = Pick<Database, "insert">;

export const normalizeQuery = (query: string) => query.trim().toLowerCase();

export const isCheckoutPath = (path: string) => path === "/checkout" || path.startsWith("/checkout/");

/** The day of a session started before sessions kept the shop's day: its totals were counted on its UTC day. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * The last `days` of the shop's days, today's included, as the analytics page's figures count them: the first and
 * last day's names, and the instant the first begins.
 */
export async function lastShopDays(db: Database, storeId: string, days: number, now = new Date()) {
  const timeZone = await shopTimeZone(db, storeId);
  const { start } = lastDaysRange(days, timeZone, now);
  return { since: shopDate(start, timeZone), until: shopDate(now, timeZone), start };
}

/**
 * How a visit ended for the cart, for the owner's abandonment rate: purchased, or abandoned when it put something in
 * the cart and did not buy; null when it never used the cart. The shopper's cartStatus turns active on a mere product
 * view (docs/product.md, States), which would count every browsing visit as an abandoned cart.
 */
export function cartOutcome(payload: SessionPayload): "purchased" | "abandoned" | null {
  if (payload.cartData.cartStatus === "purchased") return "purchased";
  return payload.cartData.cartEvents.some((event) => event.type === "ITEM_ADDED") ? "abandoned" : null;
}

/** What one session's payload counts towards the daily totals. */
export function sessionContributions(payload: SessionPayload): Contribution[] {
  const merged = new Map<string, Contribution>();
  const add = (kind: DailyKind, key: string, count = 1, total = 0) => {
    const id = `${kind}\u0000${key}`;
    const entry = merged.get(id) ?? { kind, key, count: 0, total: 0 };
    entry.count += count;
    entry.total += total;
    merged.set(id, entry);
  };
  for (const view of payload.viewedPages) if (isShopPage(view.page)) add("page", view.page);
  const products = Object.entries(payload.productPageViews).filter(([, count]) => count > 0);
  for (const [handle, count] of products) add("product", handle, count);
  if (products.length > 0) add("funnel", "product_view");
  if (payload.cartData.cartEvents.some((event) => event.type === "ITEM_ADDED")) add("funnel", "add_to_cart");
  if (payload.viewedPages.some((view) => isCheckoutPath(view.page))) add("funnel", "checkout");
  const outcome = cartOutcome(payload);
  if (outcome) add("cart_status", outcome);
  for (const entry of payload.searchHistory) {
    const query = normalizeQuery(entry.query);
    add("search", query);
    if (entry.resultCount === 0) add("search_no_results", query);
    add("search_duration", "", 1, entry.duration);
  }
  return [...merged.values()];
}

/** Adds `next` and takes away `previous` on the given day, in one statement. */
export async function applyContributions(
  db: Executor,
  storeId: string,
  day: string,
  previous: Contribution[],
  next: Contribution[],
) {
  const delta = new Map<string, Contribution>();
  for (const [sign, list] of [[-1, previous], [1, next]] as const) {
    for (const item of list) {
      const id = `${item.kind}\u0000${item.key}`;
      const entry = delta.get(id) ?? { kind: item.kind, key: item.key, count: 0, total: 0 };
      entry.count += sign * item.count;
      entry.total += sign * item.total;
      delta.set(id, entry);
    }
  }
  const rows = [...delta.values()]
    .filter((row) => row.count !== 0 || row.total !== 0)
    // One order for every writer, so two beacons updating the same rows cannot deadlock.
    .sort((a, b) => (a.kind === b.kind ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.kind < b.kind ? -1 : 1))
    .map((row) => ({ storeId, day, ...row }));
  if (rows.length === 0) return;
  await db
    .insert(analyticsDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [analyticsDaily.storeId, analyticsDaily.day, analyticsDaily.kind, analyticsDaily.key],
      set: {
        count: sql`${analyticsDaily.count} + excluded.count`,
        total: sql`${analyticsDaily.total} + excluded.total`,
      },
    });
}

/** The totals of `kinds` on each of the shop's days from `from` to `to`, both included ('YYYY-MM-DD'). */
export async function dailyTotals(db: Database, storeId: string, kinds: readonly DailyKind[], from: string, to: string) {
  return db
    .select({ day: analyticsDaily.day, kind: analyticsDaily.kind, key: analyticsDaily.key, count: analyticsDaily.count })
    .from(analyticsDaily)
    .where(
      and(
        eq(analyticsDaily.storeId, storeId),
        inArray(analyticsDaily.kind, [...kinds]),
        gte(analyticsDaily.day, from),
        lte(analyticsDaily.day, to),
      ),
    );
}

/** The totals of one kind from `from` to `to`, both included, summed by key. */
export async function totalsByKey(db: Database, storeId: string, kind: DailyKind, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: analyticsDaily.key, count: sql<string>`sum(${analyticsDaily.count})` })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.storeId, storeId), eq(analyticsDaily.kind, kind), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to)))
    .groupBy(analyticsDaily.key);
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}
