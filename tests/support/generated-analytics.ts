/**
 * Generated browsing analytics, written with SQL straight into the analytics tables as the beacons would have left
 * them: sessions spread over the last `days`, each with page views, product views, some added to cart and searches
 * (about eight raw events a session), and the daily totals (analytics_daily) the beacons would have built, on each
 * session's day in the shop's time zone. scripts/bench/analytics.ts times the report on it; tests/support/big-shop.ts
 * builds the big shop's two million events with it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";

export type GeneratedAnalyticsOptions = {
  sessions: number;
  /** The sessions start over the last `days` days before `now`. */
  days: number;
  timeZone: string;
  now?: Date;
  /** Product handles the product views name (a handle per view, drawn from the session's hash). */
  productHandles?: readonly string[];
};

/** Raw events per generated session, on average: what a caller divides an event count by. */
export const EVENTS_PER_SESSION = 7.8;

export async function generateAnalytics(db: Database, storeId: string, options: GeneratedAnalyticsOptions): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  const handles = options.productHandles?.length ? options.productHandles : Array.from({ length: 50 }, (_, n) => `p${n}`);
  const handleList = sql`${`{${handles.map((handle) => `"${handle}"`).join(",")}}`}::text[]`;
  const prefix = `${storeId}-gen-`;
  await db.execute(sql`
    insert into analytics_sessions (id, store_id, cart_status, session_duration_ms, total_view_time, started_at, day, updated_at)
    select id, ${storeId}, status, 60000, 30000, started_at, (started_at at time zone ${options.timeZone})::date, started_at
    from (
      select ${prefix} || g as id,
        case when g % 10 = 0 then 'purchased' when g % 10 < 4 then 'abandoned' else 'empty' end as status,
        ${now}::timestamptz - ((g % ${options.days}) || ' days')::interval - ((g % 86000) || ' seconds')::interval as started_at
      from generate_series(1, ${options.sessions}) as g
    ) s`);
  const mine = sql`(select id, started_at, abs(hashtext(id)) as h from analytics_sessions where store_id = ${storeId} and id like ${`${prefix}%`}) s`;
  const pages = sql.raw(`array['/', '/shop', '/blog', '/contact', '/search', '/checkout', '/pages/about']`);
  await db.execute(sql`
    insert into analytics_events (store_id, session_id, type, path, occurred_at)
    select ${storeId}, s.id, 'page_view',
      case when k = 5 then '/products/' || (${handleList})[1 + (h % ${handles.length})] else (${pages})[1 + (h + k) % 7] end, s.started_at
    from ${mine}, generate_series(1, 5) as k`);
  await db.execute(sql`
    insert into analytics_events (store_id, session_id, type, product_handle, data, occurred_at)
    select ${storeId}, s.id, 'product_view', (${handleList})[1 + ((h + k) % ${handles.length})], jsonb_build_object('count', 1 + k % 2), s.started_at
    from ${mine}, generate_series(1, 2) as k`);
  await db.execute(sql`
    insert into analytics_events (store_id, session_id, type, sku, occurred_at)
    select ${storeId}, s.id, 'ITEM_ADDED', 'SKU-' || (h % 80), s.started_at from ${mine} where h % 10 < 3`);
  await db.execute(sql`
    insert into analytics_events (store_id, session_id, type, query, data, occurred_at)
    select ${storeId}, s.id, 'search', 'query ' || (h % 200),
      jsonb_build_object('duration', (h % 20)::float8, 'resultCount', case when h % 7 = 0 then 0 else 5 end), s.started_at
    from ${mine} where h % 2 = 0`);
  // The daily totals the beacons would have built, summed from the same data in one pass per kind.
  const events = sql`analytics_events e join analytics_sessions s on s.id = e.session_id and s.store_id = ${storeId} and s.id like ${`${prefix}%`}`;
  await db.execute(sql`
    insert into analytics_daily (store_id, day, kind, key, count, total)
    select ${storeId}, s.day, 'sessions', '', count(*), 0 from analytics_sessions s where s.store_id = ${storeId} and s.id like ${`${prefix}%`} group by 2
    union all
    select ${storeId}, s.day, 'cart_status', s.cart_status, count(*), 0 from analytics_sessions s where s.store_id = ${storeId} and s.id like ${`${prefix}%`} group by 2, 4
    union all
    select ${storeId}, s.day, 'page', e.path, count(*), 0 from ${events} where e.type = 'page_view' group by 2, 4
    union all
    select ${storeId}, s.day, 'product', e.product_handle, sum((e.data->>'count')::int), 0 from ${events} where e.type = 'product_view' group by 2, 4
    union all
    select ${storeId}, s.day, 'funnel',
        case e.type when 'product_view' then 'product_view' when 'ITEM_ADDED' then 'add_to_cart' else 'checkout' end,
        count(distinct e.session_id), 0
      from ${events}
      where e.type in ('product_view', 'ITEM_ADDED') or (e.type = 'page_view' and e.path = '/checkout') group by 2, 4
    union all
    select ${storeId}, s.day, 'search', e.query, count(*), 0 from ${events} where e.type = 'search' group by 2, 4
    union all
    select ${storeId}, s.day, 'search_no_results', e.query, count(*), 0 from ${events} where e.type = 'search' and e.data->>'resultCount' = '0' group by 2, 4
    union all
    select ${storeId}, s.day, 'search_duration', '', count(*), sum((e.data->>'duration')::float8) from ${events} where e.type = 'search' group by 2
    on conflict (store_id, day, kind, key) do update set count = analytics_daily.count + excluded.count, total = analytics_daily.total + excluded.total`);
}
