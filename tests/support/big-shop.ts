/**
 * A big shop (issue 38), written with SQL straight into the project's own tables beside a store's own catalogue (the
 * demo shop's, usually): at scale 1, 50,000 products of three variants each, 50,000 customers, 200,000 paid orders
 * over two years with their lines, refunds whole and partial and cart reminders, and about two million analytics
 * events over 180 days with the daily totals the beacons would have built (tests/support/generated-analytics.ts).
 * Every figure follows `scale`, so a test builds a smaller one for the planner (server/db/big-shop-plans.test.ts) and
 * `npm run bench:big` the whole (scripts/bench/big.ts). Every choice is drawn from hashes of row numbers: the same
 * size and moment make the same shop.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../server/db/client";
import { shopTimeZone } from "../../server/store/settings";
import { fillCustomerFigures } from "../../server/orders/customer-figures";
import { GENERATED_WORDS } from "./generated-catalogue";
import { EVENTS_PER_SESSION, generateAnalytics } from "./generated-analytics";

export type BigShopSize = {
  products: number;
  variantsPerProduct: number;
  customers: number;
  orders: number;
  /** The orders are paid over the last `orderDays` days. */
  orderDays: number;
  cartReminders: number;
  sessions: number;
  analyticsDays: number;
};

/** The issue's BIG shop at scale 1; a smaller one keeps the proportions, and always at least a few of each. */
export function bigShopSize(scale = 1): BigShopSize {
  const of = (count: number) => Math.max(10, Math.round(count * scale));
  return {
    products: of(50_000),
    variantsPerProduct: 3,
    customers: of(50_000),
    orders: of(200_000),
    orderDays: 730,
    cartReminders: of(4_000),
    sessions: of(2_000_000 / EVENTS_PER_SESSION),
    analyticsDays: 180,
  };
}

export type BigShopCounts = { products: number; variants: number; customers: number; orders: number; lines: number; refunds: number; events: number; dailyRows: number };

const FIRST_NAMES = ["Ada", "Bea", "Carlos", "Dana", "Elif", "Farah", "Goran", "Hana", "Ivan", "Jun", "Kofi", "Lena", "Mateo", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tomoko"];
const LAST_NAMES = ["Abbott", "Baker", "Castillo", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ibrahim", "Jensen", "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Petrov", "Quiroga", "Rossi", "Silva", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zhang"];
const STATES = ["CA", "CA", "CA", "NY", "NY", "TX", "VA", "OR", "WA", "IL"];

const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value}"`).join(",")}}`}::text[]`;
/** A stable draw in [0, 1) from a row's number and a salt. */
const draw = (of: ReturnType<typeof sql>, salt: number) => sql`((abs(hashint8(${of}::bigint * 7919 + ${salt})) % 1000000) / 1000000.0)`;

/**
 * Adds the big shop's rows to `storeId` (its store and settings already there), ending at `now`, and gathers the
 * planner's statistics for them, as autovacuum would within a minute of such a load.
 */
export async function generateBigShop(db: Database, storeId: string, size: BigShopSize, now = new Date()): Promise<BigShopCounts> {
  const timeZone = await shopTimeZone(db, storeId);
  const at = now.toISOString();
  const { nouns, adjectives, origins, sizes } = GENERATED_WORDS;
  const g = sql.raw("g");

  await db.execute(sql`
    insert into products (store_id, handle, title, description, attribute_text, attribute_names, status, vendor, product_type, created_at, updated_at)
    select ${storeId}, 'big-' || g,
      initcap((${textArray(adjectives)})[1 + g % ${adjectives.length}]) || ' ' || (${textArray(origins)})[1 + (g / ${adjectives.length}) % ${origins.length}] || ' '
        || (${textArray(nouns)})[1 + (g / ${adjectives.length * origins.length}) % ${nouns.length}] || ' ' || g,
      'A ' || (${textArray(adjectives)})[1 + (g * 7) % ${adjectives.length}] || ' ' || (${textArray(nouns)})[1 + g % ${nouns.length}] || ' from '
        || (${textArray(origins)})[1 + (g * 3) % ${origins.length}] || ', made for everyday brewing.',
      ${sizes.slice(0, 3).join(" ")}, '{Size}', case when g % 50 = 0 then 'draft' when g % 97 = 0 then 'archived' else 'active' end,
      'Big Roasters', (${textArray(nouns)})[1 + g % ${nouns.length}],
      ${at}::timestamptz - (g || ' minutes')::interval, ${at}::timestamptz - (g || ' minutes')::interval
    from generate_series(1, ${size.products}) as g`);
  await db.execute(sql`
    insert into variants (store_id, product_id, sku, attributes, price_cents, stock, position)
    select ${storeId}, p.id, 'BIG-' || p.id || '-' || k, jsonb_build_object('Size', (${textArray(sizes)})[k]),
      500 + abs(hashint4(p.id)) % 5000 + k * 200, abs(hashint4(p.id * 3 + k)) % 60, k - 1
    from products p, generate_series(1, ${size.variantsPerProduct}) as k
    where p.store_id = ${storeId} and p.handle like 'big-%'`);
  await db.execute(sql`
    insert into customers (store_id, email, email_normalized, password_hash, first_name, last_name, created_at)
    select ${storeId}, email, lower(email), 'generated: no password',
      (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}], (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || '-' || (g % 997),
      ${at}::timestamptz - ((g % ${size.orderDays}) || ' days')::interval
    from (select g, 'big.customer.' || g || '@example.com' as email from generate_series(1, ${size.customers}) as g) c`);

  // Orders paid one after another over the period, numbered after the shop's own; six in ten by an account holder.
  const [{ last }] = await rowsOf<{ last: number }>(db, sql`select coalesce(max(number), 0)::int as last from orders where store_id = ${storeId}`);
  const step = (size.orderDays * 86_400) / size.orders;
  await db.execute(sql`
    with c as (
      select id, email, first_name || ' ' || last_name as name, row_number() over (order by id) as n
      from customers where store_id = ${storeId} and email like 'big.customer.%'
    ), o as (
      select g, ${at}::timestamptz - interval '${sql.raw(String(size.orderDays))} days' + ((g - ${draw(g, 1)}) * ${step} || ' seconds')::interval as paid_at,
        case when g % 10 < 6 then 1 + floor(power(${draw(g, 2)}, 2) * ${size.customers})::int end as customer_n,
        floor(${draw(g, 3)} * 100)::int as fate, (${textArray(STATES)})[1 + abs(hashint4(g)) % ${STATES.length}] as state
      from generate_series(1, ${size.orders}) as g
    )
    insert into orders (store_id, number, status, email, customer_name, customer_id, shipping_address, shipping_option_key,
      subtotal_cents, total_cents, idempotency_key, payment_provider, payment_reference, cart_id, created_at, paid_at, fulfilled_at, cancelled_at)
    select ${storeId}, ${last} + o.g,
      case when o.fate < 4 then 'refunded' when o.fate = 4 then 'cancelled' when o.paid_at > ${at}::timestamptz - interval '3 days' then 'paid' else 'fulfilled' end,
      coalesce(c.email, 'guest.' || (o.g % ${Math.max(1, Math.round(size.orders / 4))}) || '@example.net'), coalesce(c.name, 'Guest ' || o.g), c.id,
      jsonb_build_object('name', coalesce(c.name, 'Guest ' || o.g), 'line1', o.g || ' Main St', 'city', 'Springfield', 'state', o.state, 'postal_code', '00000', 'country', 'US'),
      case when o.g % 7 = 0 then 'express' else 'standard' end, 0, 0, 'big-' || o.g, 'simulated', 'big-' || o.g, 'big-cart-' || o.g,
      o.paid_at - interval '5 minutes', o.paid_at,
      case when o.fate > 4 and o.paid_at <= ${at}::timestamptz - interval '3 days' then o.paid_at + interval '1 day' end,
      case when o.fate = 4 then o.paid_at + interval '2 hours' end
    from o left join c on c.n = o.customer_n`);
  // One to three lines each at a variant's price, the best sellers far more often than the long tail; taxed in CA.
  await db.execute(sql`
    with v as (
      select v.sku, v.attributes, v.price_cents, p.title, p.handle, row_number() over (order by v.id) as n
      from variants v join products p on p.id = v.product_id where v.store_id = ${storeId} and p.handle like 'big-%'
    ), l as (
      select o.id, o.shipping_address->>'state' as state, k,
        1 + floor(power(${draw(sql`(o.id * 4 + k)`, 4)}, 2.2) * (select count(*) from v))::int as variant_n, 1 + (abs(hashint4(o.id + k)) % 6) / 5 as quantity
      from orders o, generate_series(1, 3) as k
      where o.store_id = ${storeId} and o.idempotency_key like 'big-%' and k <= 1 + (abs(hashint4(o.id)) % 7) / 3
    )
    insert into order_lines (store_id, order_id, kind, title, product_handle, sku, attributes, stock_components, quantity, unit_price_cents,
      line_total_cents, tax_rate_basis_points)
    select ${storeId}, l.id, 'product', v.title, v.handle, v.sku, v.attributes, jsonb_build_object(v.sku, 1), l.quantity, v.price_cents,
      v.price_cents * l.quantity, case when l.state = 'CA' then 725 end
    from l join v on v.n = l.variant_n`);
  await db.execute(sql`
    update orders o set subtotal_cents = s.subtotal, shipping_cents = s.shipping, tax_cents = s.tax, total_cents = s.subtotal + s.shipping + s.tax
    from (
      select order_id, sum(line_total_cents)::int as subtotal, case when sum(line_total_cents) >= 5000 then 0 else 599 end as shipping,
        coalesce(sum(round(line_total_cents * tax_rate_basis_points / 10000.0)), 0)::int as tax
      from order_lines where store_id = ${storeId} group by order_id
    ) s
    where o.id = s.order_id and o.idempotency_key like 'big-%'`);
  // Refunded and cancelled orders given back whole; one in twenty of the rest refunded a quarter, some weeks later.
  await db.execute(sql`
    insert into refunds (store_id, order_id, provider, payment_reference, amount_cents, tax_cents, reason, idempotency_key, status, created_at, settled_at)
    select ${storeId}, o.id, 'simulated', o.payment_reference,
      case when o.status in ('refunded', 'cancelled') then null else o.total_cents / 4 end,
      case when o.status in ('refunded', 'cancelled') then o.tax_cents else o.tax_cents / 4 end,
      'Generated', 'big-refund-' || o.id, 'succeeded', o.paid_at + interval '3 days', o.paid_at + interval '3 days'
    from orders o
    where o.store_id = ${storeId} and o.idempotency_key like 'big-%' and (o.status in ('refunded', 'cancelled') or abs(hashint4(o.id * 5)) % 20 = 0)`);
  // Cart reminders of the last half year: sent, a third restored, some of those paid from the restored cart.
  await db.execute(sql`
    insert into cart_reminders (store_id, cart_id, email, consented_at, handled_at, restored_at, restored_cart_id)
    select ${storeId}, 'big-reminder-' || g, 'guest.' || g || '@example.net', consented, consented + interval '1 hour',
      case when g % 3 = 0 then consented + interval '5 hours' end,
      case when g % 3 = 0 then (select cart_id from orders where store_id = ${storeId} and number = ${last} + 1 + (g * 37) % ${size.orders}) end
    from (select g, ${at}::timestamptz - ((g % ${size.analyticsDays}) || ' days')::interval - ((g % 80000) || ' seconds')::interval as consented
      from generate_series(1, ${size.cartReminders}) as g) r`);

  // The customers list reads each customer's figures, which the shop keeps as orders change: worked out here at once.
  await fillCustomerFigures(db, storeId);

  const handles = await rowsOf<{ handle: string }>(db, sql`select handle from products where store_id = ${storeId} and handle like 'big-%' order by id limit 1000`);
  await generateAnalytics(db, storeId, { sessions: size.sessions, days: size.analyticsDays, timeZone, now, productHandles: handles.map((row) => row.handle) });
  await db.execute(sql`analyze`);

  const [counts] = await rowsOf<BigShopCounts>(db, sql`
    select (select count(*) from products where store_id = ${storeId})::int as products,
      (select count(*) from variants where store_id = ${storeId})::int as variants,
      (select count(*) from customers where store_id = ${storeId})::int as customers,
      (select count(*) from orders where store_id = ${storeId})::int as orders,
      (select count(*) from order_lines where store_id = ${storeId})::int as lines,
      (select count(*) from refunds where store_id = ${storeId})::int as refunds,
      (select count(*) from analytics_events where store_id = ${storeId})::int as events,
      (select count(*) from analytics_daily where store_id = ${storeId})::int as "dailyRows"`);
  return counts;
}
