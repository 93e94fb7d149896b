/**
 * The owner's analytics report: SQL aggregations over the sessions and raw events of a recent window, each
 * query bounded by the (store_id, time) indexes so it reads only the window.
 */
import { and, avg, count, desc, eq, gte, lte, sql, sum } from "drizzle-orm";
import type { SessionPayload } from "../../core/schemas/analytics";
import type { Database } from "../db/client";
import { analyticsEvents, analyticsSessions } from "../db/schema";

export type Ranked = { label: string; count: number };

export type AnalyticsReport = {
  days: number;
  since: string;
  sessions: number;
  sessionsPerDay: { day: string; sessions: number }[];
  topPages: Ranked[];
  topProducts: Ranked[];
  /** Sessions that reached each step; steps are counted independently, since a card payment's return starts a new session. */
  funnel: { productView: number; addToCart: number; checkout: number; purchase: number };
  cart: { abandoned: number; purchased: number; abandonmentRate: number | null };
  topSearches: Ranked[];
  searchesWithNoResults: Ranked[];
  averageSearchSeconds: number | null;
};

export type ReportOptions = { days?: number; now?: Date; limit?: number };

export const DEFAULT_REPORT_DAYS = 30;

const asNumber = (value: unknown) => Number(value ?? 0);

export async function analyticsReport(db: Database, storeId: string, options: ReportOptions = {}): Promise<AnalyticsReport> {
  const days = options.days ?? DEFAULT_REPORT_DAYS;
  const limit = options.limit ?? 10;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - days * 86_400_000);

  const inSessions = and(
    eq(analyticsSessions.storeId, storeId),
    gte(analyticsSessions.startedAt, since),
    lte(analyticsSessions.startedAt, now),
  );
  const inWindow = and(
    eq(analyticsEvents.storeId, storeId),
    gte(analyticsEvents.occurredAt, since),
    lte(analyticsEvents.occurredAt, now),
  );
  const inEvents = (type: string) => and(inWindow, eq(analyticsEvents.type, type));
  const ranked = (rows: { label: string | null; count: unknown }[]): Ranked[] =>
    rows.map((row) => ({ label: row.label ?? "", count: asNumber(row.count) }));

  const day = sql<string>`to_char(${analyticsSessions.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const isCheckout = sql`(${analyticsEvents.path} = '/checkout' or ${analyticsEvents.path} like '/checkout/%')`;
  const productCount = sql`(${analyticsEvents.data}->>'count')::int`;
  const resultCount = sql`${analyticsEvents.data}->>'resultCount'`;
  const duration = sql`(${analyticsEvents.data}->>'duration')::float8`;

  const [perDay, pages, products, steps, carts, searches, empty, searchTime] = await Promise.all([
    db.select({ day, sessions: count() }).from(analyticsSessions).where(inSessions).groupBy(day).orderBy(day),
    db
      .select({ label: analyticsEvents.path, count: count() })
      .from(analyticsEvents)
      .where(inEvents("page_view"))
      .groupBy(analyticsEvents.path)
      .orderBy(desc(count()), analyticsEvents.path)
      .limit(limit),
    db
      .select({ label: analyticsEvents.productHandle, count: sum(productCount) })
      .from(analyticsEvents)
      .where(inEvents("product_view"))
      .groupBy(analyticsEvents.productHandle)
      .orderBy(desc(sum(productCount)), analyticsEvents.productHandle)
      .limit(limit),
    db
      .select({
        productView: sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.type} = 'product_view')`,
        addToCart: sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.type} = 'ITEM_ADDED')`,
        checkout: sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.type} = 'page_view' and ${isCheckout})`,
      })
      .from(analyticsEvents)
      .where(inWindow),
    db
      .select({
        sessions: count(),
        abandoned: sql`count(*) filter (where ${analyticsSessions.cartStatus} = 'abandoned')`,
        purchased: sql`count(*) filter (where ${analyticsSessions.cartStatus} = 'purchased')`,
      })
      .from(analyticsSessions)
      .where(inSessions),
    db
      .select({ label: analyticsEvents.query, count: count() })
      .from(analyticsEvents)
      .where(inEvents("search"))
      .groupBy(analyticsEvents.query)
      .orderBy(desc(count()), analyticsEvents.query)
      .limit(limit),
    db
      .select({ label: analyticsEvents.query, count: count() })
      .from(analyticsEvents)
      .where(and(inEvents("search"), sql`${resultCount} = '0'`))
      .groupBy(analyticsEvents.query)
      .orderBy(desc(count()), analyticsEvents.query)
      .limit(limit),
    db.select({ seconds: avg(duration) }).from(analyticsEvents).where(inEvents("search")),
  ]);

  const abandoned = asNumber(carts[0]?.abandoned);
  const purchased = asNumber(carts[0]?.purchased);
  const averageSeconds = searchTime[0]?.seconds;
  return {
    days,
    since: since.toISOString(),
    sessions: asNumber(carts[0]?.sessions),
    sessionsPerDay: perDay.map((row) => ({ day: row.day, sessions: asNumber(row.sessions) })),
    topPages: ranked(pages),
    topProducts: ranked(products),
    funnel: {
      productView: asNumber(steps[0]?.productView),
      addToCart: asNumber(steps[0]?.addToCart),
      checkout: asNumber(steps[0]?.checkout),
      purchase: purchased,
    },
    cart: {
      abandoned,
      purchased,
      abandonmentRate: abandoned + purchased > 0 ? abandoned / (abandoned + purchased) : null,
    },
    topSearches: ranked(searches),
    searchesWithNoResults: ranked(empty),
    averageSearchSeconds: averageSeconds == null ? null : Math.round(Number(averageSeconds) * 10) / 10,
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
    // Stored only after validation against sessionPayloadSchema.
    const payload = row.payload as SessionPayload;
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
