/**
 * The owner's analytics report: SQL sums over the daily totals (analytics_daily) of a window of the shop's days,
 * read through the (store_id, kind, day) index, so its cost follows the number of days and distinct pages, not
 * the number of sessions. Recent sessions come from the sessions table.
 */
import { and, desc, eq, gte, lte, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import { analyticsDaily, analyticsSessions } from "../db/schema";
import { lastShopDays, type DailyKind } from "./daily";
import { sessionPayloadOf } from "./sessions";
import { namePages, nameProducts, type NamedCount } from "./page-names";

export type Ranked = { label: string; count: number };

export type AnalyticsReport = {
  days: number;
  /** The first of the shop's days in the window (its time zone; days counted before decision 0065 are UTC's). */
  since: string;
  sessions: number;
  sessionsPerDay: { day: string; sessions: number }[];
  /** Named by their titles, each with its address. */
  topPages: NamedCount[];
  topProducts: NamedCount[];
  /** Sessions that reached each step; steps are counted independently, since a visit idle for 30 minutes (a payment left open) ends. */
  funnel: { productView: number; addToCart: number; checkout: number; purchase: number };
  cart: { abandoned: number; purchased: number; abandonmentRate: number | null };
  topSearches: Ranked[];
  searchesWithNoResults: Ranked[];
  averageSearchSeconds: number | null;
};

export type ReportOptions = { days?: number; now?: Date; limit?: number };

export const DEFAULT_REPORT_DAYS = 30;

export async function analyticsReport(db: Database, storeId: string, options: ReportOptions = {}): Promise<AnalyticsReport> {
  const days = options.days ?? DEFAULT_REPORT_DAYS;
  const limit = options.limit ?? 10;
  const now = options.now ?? new Date();
  const { since, until } = await lastShopDays(db, storeId, days, now);

  const inWindow = (kind: DailyKind) =>
    and(
      eq(analyticsDaily.storeId, storeId),
      eq(analyticsDaily.kind, kind),
      gte(analyticsDaily.day, since),
      lte(analyticsDaily.day, until),
    );
  const total = sql<string>`sum(${analyticsDaily.count})`;
  const byKey = (kind: DailyKind, rowLimit: number) =>
    db
      .select({ label: analyticsDaily.key, count: total })
      .from(analyticsDaily)
      .where(inWindow(kind))
      .groupBy(analyticsDaily.key)
      .having(sql`sum(${analyticsDaily.count}) > 0`)
      .orderBy(desc(total), analyticsDaily.key)
      .limit(rowLimit);
  const ranked = (rows: { label: string; count: string }[]): Ranked[] =>
    rows.map((row) => ({ label: row.label, count: Number(row.count) }));
  const countOf = (rows: { label: string; count: string }[], key: string) =>
    Number(rows.find((row) => row.label === key)?.count ?? 0);

  const [perDay, pages, products, steps, statuses, searches, empty, searchTime] = await Promise.all([
    db
      .select({ day: analyticsDaily.day, sessions: total })
      .from(analyticsDaily)
      .where(inWindow("sessions"))
      .groupBy(analyticsDaily.day)
      .orderBy(analyticsDaily.day),
    byKey("page", limit),
    byKey("product", limit),
    byKey("funnel", 10),
    byKey("cart_status", 10),
    byKey("search", limit),
    byKey("search_no_results", limit),
    db
      .select({ count: total, seconds: sum(analyticsDaily.total) })
      .from(analyticsDaily)
      .where(inWindow("search_duration")),
  ]);

  const abandoned = countOf(statuses, "abandoned");
  const purchased = countOf(statuses, "purchased");
  const searchCount = Number(searchTime[0]?.count ?? 0);
  const sessionsPerDay = perDay
    .map((row) => ({ day: row.day, sessions: Number(row.sessions) }))
    .filter((row) => row.sessions > 0);
  return {
    days,
    since,
    sessions: sessionsPerDay.reduce((all, row) => all + row.sessions, 0),
    sessionsPerDay,
    topPages: await namePages(db, storeId, ranked(pages)),
    topProducts: await nameProducts(db, storeId, ranked(products)),
    funnel: {
      productView: countOf(steps, "product_view"),
      addToCart: countOf(steps, "add_to_cart"),
      checkout: countOf(steps, "checkout"),
      purchase: purchased,
    },
    cart: {
      abandoned,
      purchased,
      abandonmentRate: abandoned + purchased > 0 ? abandoned / (abandoned + purchased) : null,
    },
    topSearches: ranked(searches),
    searchesWithNoResults: ranked(empty),
    averageSearchSeconds:
      searchCount > 0 ? Math.round((Number(searchTime[0]?.seconds ?? 0) / searchCount) * 10) / 10 : null,
  };
}

export type SessionSummary = {
  /** The first characters of the session id: enough to tell sessions apart, not to take one over. */
  ref: string;
  startedAt: string;
  cartStatus: string;
  pages: string[];
  productViews: Ranked[];
  searches: { query: string; duration: number; resultCount: number | null }[];
  cartEvents: { type: string; sku: string | null }[];
};

/** The latest sessions that sent a beacon, each as the owner would read it. */
export async function recentSessions(db: Database, storeId: string, limit = 20): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: analyticsSessions.id,
      startedAt: analyticsSessions.startedAt,
      cartStatus: analyticsSessions.cartStatus,
      payload: analyticsSessions.payload,
    })
    .from(analyticsSessions)
    .where(and(eq(analyticsSessions.storeId, storeId), sql`${analyticsSessions.payload} is not null`))
    .orderBy(desc(analyticsSessions.updatedAt))
    .limit(limit);
  return rows.map((row) => {
    const payload = sessionPayloadOf(row.payload)!;
    return {
      ref: row.id.slice(0, 8),
      startedAt: row.startedAt.toISOString(),
      cartStatus: row.cartStatus,
      pages: payload.viewedPages.map((view) => view.page),
      productViews: Object.entries(payload.productPageViews).map(([label, count]) => ({ label, count })),
      searches: payload.searchHistory.map((entry) => ({
        query: entry.query,
        duration: entry.duration,
        resultCount: entry.resultCount ?? null,
      })),
      cartEvents: payload.cartData.cartEvents.map((event) => ({ type: event.type, sku: event.sku ?? null })),
    };
  });
}
