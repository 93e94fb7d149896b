/**
 * The owner's analytics report on 100,000 generated sessions (about 800,000 raw events, and the daily totals the
 * beacons would have built) spread over the report's 30-day window, measured in-process on the functions the admin
 * page and the CLI call.
 */
import { sql } from "drizzle-orm";
import { analyticsReport, recentSessions } from "../../server/analytics/report";
import { openDatabase } from "../../server/db/client";
import { generateAnalytics } from "../../tests/support/generated-analytics";
import { DEFAULT_STORE_SETTINGS } from "../../server/store/settings";

const STORE = "bench";
const RUNS = 15;

export type AnalyticsFigures = {
  sessions: number;
  events: number;
  dailyRows: number;
  generateMs: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  recentSessionsMs: number;
};

export async function benchAnalytics(databaseUrl?: string, sessions = 100_000): Promise<AnalyticsFigures> {
  const database = await openDatabase(databaseUrl ?? "memory://");
  const { db } = database;
  try {
    await database.migrate();
    const startedGenerating = performance.now();
    await db.execute(sql`insert into stores (id, name) values (${STORE}, 'Bench shop')`);
    // The report counts the shop's days, in its time zone (decision 0065): the default settings', the server's zone.
    await db.execute(sql`insert into store_settings (store_id, settings) values (${STORE}, ${JSON.stringify(DEFAULT_STORE_SETTINGS)}::jsonb)`);
    await generateAnalytics(db, STORE, { sessions, days: 29, timeZone: DEFAULT_STORE_SETTINGS.timeZone });
    await db.execute(sql`analyze analytics_daily`);
    await db.execute(sql`analyze analytics_sessions`);
    await db.execute(sql`analyze analytics_events`);
    const generateMs = Math.round(performance.now() - startedGenerating);
    const counted = await db.execute(
      sql`select (select count(*) from analytics_events)::int as events, (select count(*) from analytics_daily)::int as daily`,
    );
    const [{ events, daily }] = (counted as unknown as { rows: { events: number; daily: number }[] }).rows;

    await analyticsReport(db, STORE, { days: 30 });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await analyticsReport(db, STORE, { days: 30 });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const recentStarted = performance.now();
    await recentSessions(db, STORE);
    const recentSessionsMs = Math.round(performance.now() - recentStarted);
    const at = (quantile: number) => Math.round(times[Math.min(times.length - 1, Math.floor(quantile * times.length))]);
    return {
      sessions,
      events: Number(events),
      dailyRows: Number(daily),
      generateMs,
      runs: RUNS,
      p50: at(0.5),
      p95: at(0.95),
      max: Math.round(times[times.length - 1]),
      recentSessionsMs,
    };
  } finally {
    await database.close();
  }
}

// Run on its own: `npx tsx scripts/bench/analytics.ts [postgres://…]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table([await benchAnalytics(process.argv[2])]);
}
