/**
 * The traffic sources report (decision 0065): where the range's visits came from (the referring site's host, and
 * the landing page's utm_source, utm_medium and utm_campaign), with their sessions, and the orders paid in the range
 * with their revenue by the source of the visit each was placed in. Sessions are the analytics' daily totals by
 * source; orders and revenue are salesSums's, cut by the source the order kept, so the sources' revenue adds up to the
 * sales report's total sales. What no source was kept for (visits before sources, orders with no visit recorded:
 * Do Not Track, renewals, drafts) is one row of its own.
 */
import { sql } from "drizzle-orm";
import type { Report, ReportColumn } from "../../core/reports";
import { DIRECT_LABEL, NONE_LABEL, sourceKey, sourceOfKey, type VisitSource } from "../../core/traffic-sources";
import type { Database } from "../db/client";
import { totalsByKey } from "../analytics/daily";
import { salesSumsBy } from "../orders/revenue";
import type { Periods, ReportPeriod } from "./period";
import { chartOf, reportDays } from "./shape";

/** The key of what has no source: never a sourceKey, which is a JSON list. */
const NOT_RECORDED = "";
const NOT_RECORDED_LABEL = "(not recorded)";
const CHARTED = 10;

type Traffic = { sessions: number; orders: number; revenueCents: number };
type BySource = Map<string, Traffic>;

const NOTHING: Traffic = { sessions: 0, orders: 0, revenueCents: 0 };
const plus = (a: Traffic, b: Partial<Traffic>): Traffic => ({
  sessions: a.sessions + (b.sessions ?? 0),
  orders: a.orders + (b.orders ?? 0),
  revenueCents: a.revenueCents + (b.revenueCents ?? 0),
});
const add = (map: BySource, key: string, more: Partial<Traffic>) => map.set(key, plus(map.get(key) ?? NOTHING, more));

/** The sessions, orders and revenue of each source in `periods`, and the sessions in all. */
async function trafficIn(db: Database, storeId: string, periods: Periods): Promise<{ bySource: BySource; sessions: number }> {
  const [sessions, bySource, sales] = await Promise.all([
    totalsByKey(db, storeId, "sessions", periods.from, periods.to),
    totalsByKey(db, storeId, "source", periods.from, periods.to),
    salesSumsBy(db, storeId, periods.starts[0], periods.end, sql`o.visit_source`),
  ]);
  const traffic: BySource = new Map();
  for (const [key, count] of bySource) add(traffic, key, { sessions: count });
  const allSessions = sessions.get("") ?? 0;
  const counted = [...bySource.values()].reduce((sum, count) => sum + count, 0);
  // Sessions started before sources were kept are counted in all, under no source.
  if (allSessions > counted) add(traffic, NOT_RECORDED, { sessions: allSessions - counted });
  for (const { key, sums } of sales) {
    const source = typeof key === "string" ? (JSON.parse(key) as VisitSource) : (key as VisitSource | null);
    add(traffic, source ? sourceKey(source) : NOT_RECORDED, { orders: sums.orders, revenueCents: sums.totalCents });
  }
  return { bySource: traffic, sessions: allSessions };
}

const sourceOf = (key: string): VisitSource | null => (key === NOT_RECORDED ? null : sourceOfKey(key));
const siteOf = (source: VisitSource | null) => (source ? (source.referrer ?? DIRECT_LABEL) : NOT_RECORDED_LABEL);
const labelOf = (value: string | null, source: VisitSource | null) => (source ? (value ?? NONE_LABEL) : "");

const busiestFirst = <T extends { label: string; now: Traffic }>(rows: T[]) =>
  rows.sort((a, b) => b.now.sessions - a.now.sessions || b.now.revenueCents - a.now.revenueCents || a.label.localeCompare(b.label));

/** The sources' figures summed by the referring site alone, with the previous period's beside them. */
function bySite(now: BySource, before: BySource) {
  const sites = new Map<string, { label: string; now: Traffic; before: Traffic }>();
  for (const [map, side] of [[now, "now"], [before, "before"]] as const) {
    for (const [key, traffic] of map) {
      const label = siteOf(sourceOf(key));
      const site = sites.get(label) ?? { label, now: NOTHING, before: NOTHING };
      sites.set(label, { ...site, [side]: plus(site[side], traffic) });
    }
  }
  return busiestFirst([...sites.values()]);
}

const sum = (map: BySource, pick: (traffic: Traffic, source: VisitSource | null) => number) =>
  [...map].reduce((total, [key, traffic]) => total + pick(traffic, sourceOf(key)), 0);

export async function trafficReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const [now, before] = await Promise.all([trafficIn(db, storeId, period.current), trafficIn(db, storeId, period.previous)]);
  const sources = busiestFirst(
    [...now.bySource].map(([key, traffic]) => {
      const source = sourceOf(key);
      const texts = [siteOf(source), labelOf(source?.utmSource ?? null, source), labelOf(source?.utmMedium ?? null, source), labelOf(source?.utmCampaign ?? null, source)];
      return { texts, label: texts.join(" "), now: traffic };
    }),
  );
  const sites = bySite(now.bySource, before.bySource);
  const fromSites = (map: BySource) => sum(map, (traffic, source) => (source?.referrer ? traffic.sessions : 0));
  const fromCampaigns = (map: BySource) => sum(map, (traffic, source) => (source && (source.utmSource || source.utmMedium || source.utmCampaign) ? traffic.sessions : 0));
  const orders = (map: BySource) => sum(map, (traffic) => traffic.orders);
  const revenue = (map: BySource) => sum(map, (traffic) => traffic.revenueCents);
  const measures: ReportColumn[] = [
    { label: "Sessions", kind: "count" },
    { label: "Orders", kind: "count" },
    { label: "Revenue", kind: "money" },
  ];
  const charted = sites.filter((site) => site.now.sessions > 0).slice(0, CHARTED);
  return {
    name: "traffic",
    title: "Traffic sources",
    ...reportDays(period),
    figures: [
      { label: "Sessions", kind: "count", current: now.sessions, previous: before.sessions },
      { label: "Sessions from other sites", kind: "count", current: fromSites(now.bySource), previous: fromSites(before.bySource) },
      { label: "Sessions from campaigns", kind: "count", current: fromCampaigns(now.bySource), previous: fromCampaigns(before.bySource) },
      { label: "Orders", kind: "count", current: orders(now.bySource), previous: orders(before.bySource) },
      { label: "Revenue", kind: "money", current: revenue(now.bySource), previous: revenue(before.bySource) },
    ],
    chart: chartOf(`Sessions by referring site, the ${charted.length} busiest`, "count", charted.map((site) => ({ label: site.label, value: site.now.sessions }))),
    tables: [
      {
        title: "By referring site",
        columns: [
          { label: "Referring site", kind: "text" },
          ...measures,
          { label: "Sessions, previous period", kind: "count" },
          { label: "Orders, previous period", kind: "count" },
          { label: "Revenue, previous period", kind: "money" },
        ],
        rows: sites.map((site) => [site.label, site.now.sessions, site.now.orders, site.now.revenueCents, site.before.sessions, site.before.orders, site.before.revenueCents]),
      },
      {
        title: "By source and campaign",
        columns: [
          { label: "Referring site", kind: "text" },
          { label: "utm_source", kind: "text" },
          { label: "utm_medium", kind: "text" },
          { label: "utm_campaign", kind: "text" },
          ...measures,
        ],
        rows: sources.map(({ texts, now: traffic }) => [...texts, traffic.sessions, traffic.orders, traffic.revenueCents]),
      },
    ],
  };
}
