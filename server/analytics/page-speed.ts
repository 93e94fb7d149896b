/**
 * The shop's field speed (decision 0036): each page load's figures as its shopper's browser measured them, one row
 * per load, and the owner's reading of them: the 75th percentile per page type over 28 days, rated against Google's
 * thresholds, and the same by the shop's day (decision 0068).
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PAGE_TYPES, pageTypeOf, rateWebVital, type WebVital } from "../../core/page-speed";
import type { PageSpeed } from "../../core/schemas/analytics";
import type { PageSpeedReport } from "../../core/schemas/page-speed";
import { lastDaysRange, shopDate } from "../../core/shop-time";
import type { Database } from "../db/client";
import { analyticsPageSpeed } from "../db/schema";
import { shopTimeZone } from "../store/settings";

type Executor = Pick<Database, "insert">;

/** The window Google's own field data (CrUX) reads. */
export const PAGE_SPEED_DAYS = 28;

/**
 * Stores what a page load's beacons say about its speed. A load's beacons carry its figures so far, and each figure
 * only grows while the page is open (a later LCP candidate, the worse interaction, more shift; TTFB is one figure),
 * so each keeps the highest any beacon gave. The beacons of a quick visit (the one at the first input, the one as the
 * page is hidden) arrive on separate connections and may be stored in either order: the latest to arrive must not
 * take back an INP the other brought. The day stays the load's first beacon's.
 */
export async function recordPageSpeed(
  db: Executor,
  load: { storeId: string; sessionId: string; loadId: string },
  speed: PageSpeed,
  now: Date,
) {
  const figures = { lcpMs: speed.lcp ?? null, inpMs: speed.inp ?? null, cls: speed.cls ?? null, ttfbMs: speed.ttfb ?? null };
  await db
    .insert(analyticsPageSpeed)
    .values({ ...load, pageType: pageTypeOf(speed.page), ...figures, recordedAt: now })
    .onConflictDoUpdate({
      target: [analyticsPageSpeed.sessionId, analyticsPageSpeed.loadId],
      set: { lcpMs: highest(analyticsPageSpeed.lcpMs), inpMs: highest(analyticsPageSpeed.inpMs), cls: highest(analyticsPageSpeed.cls), ttfbMs: highest(analyticsPageSpeed.ttfbMs) },
    });
}

/** On a load's row already stored: the higher of its figure and the arriving beacon's (greatest skips a missing one). */
const highest = (column: AnyPgColumn) => sql`greatest(excluded.${sql.identifier(column.name)}, ${column})`;

type Figure = PageSpeedReport["pages"][number]["lcp"];

/** A figure's p75 and sample count, as select fields; percentile_cont skips the loads that lack the figure. */
function percentiles() {
  const p75 = (column: AnyPgColumn) => sql<number | null>`percentile_cont(0.75) within group (order by ${column})`.mapWith(Number);
  const samples = (column: AnyPgColumn) => sql<number>`count(${column})`.mapWith(Number);
  const { lcpMs, inpMs, cls, ttfbMs } = analyticsPageSpeed;
  return {
    lcp: p75(lcpMs),
    lcpSamples: samples(lcpMs),
    inp: p75(inpMs),
    inpSamples: samples(inpMs),
    cls: p75(cls),
    clsSamples: samples(cls),
    ttfb: p75(ttfbMs),
    ttfbSamples: samples(ttfbMs),
  };
}

type PercentileRow = Record<WebVital, number | null> & Record<`${WebVital}Samples`, number>;

/** Milliseconds to the millisecond, layout shift to the hundredth, as Google's own reports show them. */
function p75Of(row: PercentileRow, vital: WebVital): number | null {
  const value = row[vital];
  if (row[`${vital}Samples`] === 0 || value === null) return null;
  return vital === "cls" ? Math.round(value * 100) / 100 : Math.round(value);
}

function figuresOf(row: PercentileRow): Record<WebVital, Figure> {
  const figure = (vital: WebVital): Figure => {
    const p75 = p75Of(row, vital);
    return { p75, rating: p75 === null ? null : rateWebVital(vital, p75), samples: row[`${vital}Samples`] };
  };
  return { lcp: figure("lcp"), inp: figure("inp"), cls: figure("cls"), ttfb: figure("ttfb") };
}

/**
 * The last 28 of the shop's days, today's included, as the analytics page counts its days; a load counts on the
 * shop's day it was recorded, in the zone the shop has now (raw loads are kept a few weeks, so no day is ever fixed).
 */
export async function pageSpeedReport(db: Database, storeId: string, now = new Date()): Promise<PageSpeedReport> {
  const timeZone = await shopTimeZone(db, storeId);
  const { start: since, end } = lastDaysRange(PAGE_SPEED_DAYS, timeZone, now);
  const inWindow = and(eq(analyticsPageSpeed.storeId, storeId), gte(analyticsPageSpeed.recordedAt, since), lt(analyticsPageSpeed.recordedAt, end));
  const day = sql<string>`to_char(${analyticsPageSpeed.recordedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const loads = sql<number>`count(*)`.mapWith(Number);
  const [byType, byDay] = await Promise.all([
    db
      .select({ type: analyticsPageSpeed.pageType, loads, ...percentiles() })
      .from(analyticsPageSpeed)
      .where(inWindow)
      .groupBy(analyticsPageSpeed.pageType),
    // By position: the zone is a bound parameter, and a second copy of the expression would be another one.
    db.select({ day, loads, ...percentiles() }).from(analyticsPageSpeed).where(inWindow).groupBy(sql`1`).orderBy(sql`1`),
  ]);
  const measured = new Map(byType.map((row) => [row.type, row]));
  const none = { loads: 0, lcp: null, lcpSamples: 0, inp: null, inpSamples: 0, cls: null, clsSamples: 0, ttfb: null, ttfbSamples: 0 };
  return {
    days: PAGE_SPEED_DAYS,
    since: since.toISOString(),
    from: shopDate(since, timeZone),
    time_zone: timeZone,
    // Every page type, measured or not, so the owner sees what has no figures yet.
    pages: PAGE_TYPES.map((type) => {
      const row = measured.get(type) ?? none;
      return { type, loads: row.loads, ...figuresOf(row) };
    }),
    trend: byDay.map((row) => ({
      day: row.day,
      loads: row.loads,
      lcp: p75Of(row, "lcp"),
      inp: p75Of(row, "inp"),
      cls: p75Of(row, "cls"),
      ttfb: p75Of(row, "ttfb"),
    })),
  };
}
