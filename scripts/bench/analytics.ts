/**
 * The owner's analytics report on 100,000 generated sessions (about 800,000 raw events, and the daily totals the
 * beacons would have built) spread over the report's 30-day window, measured in-process on the functions the admin
 * page and the CLI call.
 */
import { sql } from "drizzle-orm";
import { analyticsReport, recentSessions } from "../../server/analytics/report";
import { openDatabase } from "../../server/db/client";
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
    await db.execute(sql`
      insert into analytics_sessions (id, store_id, cart_status, session_duration_ms, total_view_time, started_at, updated_at)
      select 'bench-' || g, ${STORE},
        case when g % 10 = 0 then 'purchased' when g % 10 < 4 then 'abandoned' else 'empty' end,
        60000, 30000,
        now() - ((g % 29) || ' days')::interval - ((g % 86000) || ' seconds')::interval, now()
      from generate_series(1, ${sessions}) as g`);
    const pages = sql.raw(`array['/', '/shop', '/blog', '/contact', '/search', '/checkout', '/pages/about']`);
    await db.execute(sql`
      insert into analytics_events (store_id, session_id, type, path, occurred_at)
      select ${STORE}, s.id, 'page_view',
        case when k = 5 then '/products/p' || (h % 50) else (${pages})[1 + (h + k) % 7] end, s.started_at
      from (select id, started_at, abs(hashtext(id)) as h from analytics_sessions where store_id = ${STORE}) s,
        generate_series(1, 5) as k`);
    await db.execute(sql`
      insert into analytics_events (store_id, session_id, type, product_handle, data, occurred_at)
      select ${STORE}, s.id, 'product_view', 'p' || ((h + k) % 50), jsonb_build_object('count', 1 + k % 2), s.started_at
      from (select id, started_at, abs(hashtext(id)) as h from analytics_sessions where store_id = ${STORE}) s,
        generate_series(1, 2) as k`);
    await db.execute(sql`
      insert into analytics_events (store_id, session_id, type, sku, occurred_at)
      select ${STORE}, id, 'ITEM_ADDED', 'SKU-' || (abs(hashtext(id)) % 80), started_at
      from analytics_sessions where store_id = ${STORE} and abs(hashtext(id)) % 10 < 3`);
    await db.execute(sql`
      insert into analytics_events (store_id, session_id, type, query, data, occurred_at)
      select ${STORE}, id, 'search', 'query ' || (h % 200),
        jsonb_build_object('duration', (h % 20)::float8, 'resultCount', case when h % 7 = 0 then 0 else 5 end), started_at
      from (select id, started_at, abs(hashtext(id)) as h from analytics_sessions where store_id = ${STORE}) s
      where h % 2 = 0`);
    // The daily totals the beacons would have built, summed from the same data in one pass per kind.
    const day = sql.raw(`(s.started_at at time zone 'UTC')::date`);
    await db.execute(sql`
      insert into analytics_daily (store_id, day, kind, key, count, total)
      select ${STORE}, ${day}, 'sessions', '', count(*), 0 from analytics_sessions s where s.store_id = ${STORE} group by 2
      union all
      select ${STORE}, ${day}, 'cart_status', s.cart_status, count(*), 0 from analytics_sessions s where s.store_id = ${STORE} group by 2, 4
      union all
      select ${STORE}, ${day}, 'page', e.path, count(*), 0
        from analytics_events e join analytics_sessions s on s.id = e.session_id where e.type = 'page_view' group by 2, 4
      union all
      select ${STORE}, ${day}, 'product', e.product_handle, sum((e.data->>'count')::int), 0
        from analytics_events e join analytics_sessions s on s.id = e.session_id where e.type = 'product_view' group by 2, 4
      union all
      select ${STORE}, ${day}, 'funnel',
          case e.type when 'product_view' then 'product_view' when 'ITEM_ADDED' then 'add_to_cart' else 'checkout' end,
          count(distinct e.session_id), 0
        from analytics_events e join analytics_sessions s on s.id = e.session_id
        where e.type in ('product_view', 'ITEM_ADDED') or (e.type = 'page_view' and e.path = '/checkout') group by 2, 4
      union all
      select ${STORE}, ${day}, 'search', e.query, count(*), 0
        from analytics_events e join analytics_sessions s on s.id = e.session_id where e.type = 'search' group by 2, 4
      union all
      select ${STORE}, ${day}, 'search_no_results', e.query, count(*), 0
        from analytics_events e join analytics_sessions s on s.id = e.session_id
        where e.type = 'search' and e.data->>'resultCount' = '0' group by 2, 4
      union all
      select ${STORE}, ${day}, 'search_duration', '', count(*), sum((e.data->>'duration')::float8)
        from analytics_events e join analytics_sessions s on s.id = e.session_id where e.type = 'search' group by 2`);
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
