/**
 * Every report of a generated New York shop of 10,000 orders (tests/support/generated-orders.ts: discounts, shipping,
 * tax at several rates, refunds whole and partial, returns, exchanges' credit, edits' refunds, open balances, guests
 * and accounts buying again, subscriptions) against plain SQL written here from the definitions of decisions 0063
 * and 0064, not from the reports' code: the shop's days are `(paid_at at time zone 'America/New_York')::date`, and the
 * ranges cross both of 2026's clock changes, with many orders paid between 00:00 and 05:00 UTC, the evening before
 * in New York. Each figure, each table row and each bar the reports give is compared, for days, weeks and months.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report, ReportGrouping } from "../../core/reports";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { generateShop, type GeneratedShop } from "../../tests/support/generated-orders";
import { commandLineActor } from "../audit/audit";
import { rowsOf } from "../db/client";
import { netSalesCentsOf, paidOrders, revenueCentsOf, salesSums } from "../orders/revenue";
import { taxReport } from "../orders/tax-report";
import { changeStoreSettings } from "../store/settings";
import { runReport } from "./reports";

const TIME_ZONE = "America/New_York";
const ORDERS = 10_000;
/** A placed order, as decision 0049 lists them: paid at some point, whatever came after. */
const PLACED = sql.raw(`('paid', 'awaiting_payment', 'backordered', 'fulfilled', 'cancelled', 'refunded')`);

let database: TestDatabase;
let storeId: string;
let shop: GeneratedShop;

const rows = <Row>(query: SQL) => rowsOf<Row>(database.db, query);
const asNumbers = <Row extends Record<string, unknown>>(row: Row) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value]));

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  storeId = database.storeId;
  await changeStoreSettings(database.db, commandLineActor(storeId), { timeZone: TIME_ZONE });
  const started = performance.now();
  // Fifteen months: the previous period of a year's report reaches back into 2025.
  shop = await generateShop(database.db, storeId, { orders: ORDERS, from: new Date("2025-10-01T04:00:00Z"), to: new Date("2027-01-01T05:00:00Z"), timeZone: TIME_ZONE, seed: 2026 });
  // Statistics for the planner, as the shop gathers them at each start on PGlite and autovacuum does on PostgreSQL.
  await database.db.execute(sql`analyze`);
  console.log(`generated ${JSON.stringify(shop)} in ${Math.round(performance.now() - started)} ms`);
}, 300_000);

afterAll(async () => {
  await database.dispose();
});

type Range = { from: string; to: string; group: ReportGrouping };

/**
 * Around the autumn change (1 November, 25 hours long), the spring one (8 March, 23 hours), weeks from a Wednesday
 * across March, and the year by month and by day.
 */
const RANGES: Range[] = [
  { from: "2026-10-18", to: "2026-11-14", group: "day" },
  { from: "2026-03-01", to: "2026-03-21", group: "day" },
  { from: "2026-02-18", to: "2026-04-20", group: "week" },
  { from: "2026-01-01", to: "2026-12-31", group: "month" },
  { from: "2026-01-01", to: "2026-12-31", group: "day" },
];

const report = (name: "sales" | "products" | "customers" | "subscriptions", range: Range): Promise<Report> =>
  runReport(database.db, storeId, name, range, new Date("2027-01-15T12:00:00Z"));

/** The range of as many days just before, by date arithmetic in SQL. */
async function previousOf(range: Range): Promise<Range> {
  const [row] = await rows<{ from: string; to: string }>(sql`
    select to_char(${range.from}::date - (${range.to}::date - ${range.from}::date + 1), 'YYYY-MM-DD') as from,
      to_char(${range.from}::date - 1, 'YYYY-MM-DD') as to`);
  return { ...row, group: range.group };
}

/**
 * The name of the period a shop day `day` falls in, as the reports print it: the day, 'Week of' its Monday (or of the
 * range's first day for the week it starts in), or the month. `null` groups the whole range as one.
 */
function periodName(group: ReportGrouping | null, day: SQL, from: string): SQL {
  if (group === "day") return sql`to_char(${day}, 'YYYY-MM-DD')`;
  if (group === "week") return sql`'Week of ' || to_char(greatest(date_trunc('week', ${day})::date, ${from}::date), 'YYYY-MM-DD')`;
  if (group === "month") return sql`to_char(${day}, 'YYYY-MM')`;
  return sql`'all'`;
}

/** Each period of the range: its name, first and last day, in order. */
const periodsSql = (range: Range, group: ReportGrouping | null) => sql`
  select ${periodName(group, sql`d::date`, range.from)} as name, min(d::date) as first, max(d::date) as last
  from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d group by 1`;

/** The sales of each period of `range` (the whole range as one when `group` is null). */
async function salesBy(range: Range, group: ReportGrouping | null) {
  const found = await rows<Record<string, string>>(sql`
    with refunded as (
      select r.order_id, sum(coalesce(r.amount_cents, o.total_cents)) as cents
      from refunds r join orders o on o.id = r.order_id where r.order_edit_id is null group by r.order_id
    ),
    owed as (select order_id, sum(amount_cents) as cents from payment_links where status = 'open' group by order_id),
    sale as (
      select (o.paid_at at time zone ${TIME_ZONE})::date as day, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents,
        o.total_cents - coalesce(f.cents, 0) - coalesce(w.cents, 0) as revenue
      from orders o left join refunded f on f.order_id = o.id left join owed w on w.order_id = o.id
      where o.store_id = ${storeId} and o.status in ${PLACED} and o.paid_at is not null
        and (o.paid_at at time zone ${TIME_ZONE})::date between ${range.from}::date and ${range.to}::date
    ),
    summed as (
      select ${periodName(group, sql`s.day`, range.from)} as name, count(*) as orders, sum(s.subtotal_cents) as gross, sum(s.discount_cents) as discounts,
        sum(s.total_cents - s.revenue) as returns, sum(s.revenue - s.shipping_cents - s.tax_cents) as net,
        sum(s.shipping_cents) as shipping, sum(s.tax_cents) as tax, sum(s.revenue) as total
      from sale s group by 1
    )
    select p.name, coalesce(x.orders, 0) as orders, coalesce(x.gross, 0) as gross, coalesce(x.discounts, 0) as discounts, coalesce(x.returns, 0) as returns,
      coalesce(x.net, 0) as net, coalesce(x.shipping, 0) as shipping, coalesce(x.tax, 0) as tax, coalesce(x.total, 0) as total,
      coalesce(round(x.net::numeric / x.orders), 0) as average
    from (${periodsSql(range, group)}) p left join summed x on x.name = p.name
    order by p.first`);
  return found.map(asNumbers) as { name: string; orders: number; gross: number; discounts: number; returns: number; net: number; shipping: number; tax: number; total: number; average: number }[];
}

const SALES_COLUMNS = ["orders", "gross", "discounts", "returns", "net", "shipping", "tax", "total"] as const;
const SALES_LABELS = ["Orders", "Gross sales", "Discounts", "Returns and refunds", "Net sales", "Shipping", "Tax", "Total sales"];

const figuresOf = (answer: Report) => Object.fromEntries(answer.figures.map((figure) => [figure.label, [figure.current, figure.previous]]));

describe("the reports of a generated shop of 10,000 orders, against direct SQL", () => {
  it("have a shop with what they must get right: refunds of each kind, discounts, early-UTC orders across both clock changes", async () => {
    const [mix] = await rows<Record<string, string>>(sql`
      select
        (select count(*) from orders where store_id = ${storeId}) as orders,
        (select count(*) from orders where store_id = ${storeId} and discount_cents > 0) as discounted,
        (select count(distinct tax_rate_basis_points) from order_lines where store_id = ${storeId}) as rates,
        (select count(*) from refunds where store_id = ${storeId} and amount_cents is null) as whole_refunds,
        (select count(*) from refunds r join orders o on o.id = r.order_id where r.store_id = ${storeId} and r.amount_cents < o.total_cents and r.order_edit_id is null) as partial_refunds,
        (select count(*) from refunds where store_id = ${storeId} and order_edit_id is not null) as edit_refunds,
        (select count(*) from returns where store_id = ${storeId} and credit_tax_cents > 0) as exchanges,
        (select count(*) from payment_links where store_id = ${storeId} and status = 'open') as open_links,
        (select count(*) from orders where store_id = ${storeId} and status not in ${PLACED}) as unpaid,
        (select count(*) from orders where store_id = ${storeId} and customer_id is null) as guest_orders,
        (select count(*) from subscriptions where store_id = ${storeId} and cancelled_at is not null) as cancelled_subscriptions,
        (select count(*) from orders where store_id = ${storeId} and extract(hour from paid_at at time zone 'UTC') < 5) as early_utc,
        (select count(*) from orders where store_id = ${storeId} and paid_at between '2026-10-31T04:00Z' and '2026-11-02T05:00Z') as autumn_change,
        (select count(*) from orders where store_id = ${storeId} and paid_at between '2026-03-07T05:00Z' and '2026-03-09T04:00Z') as spring_change`);
    const counts = asNumbers(mix) as Record<string, number>;
    expect(counts.orders).toBe(ORDERS);
    expect(counts.rates).toBeGreaterThanOrEqual(5);
    for (const [kind, least] of Object.entries({
      discounted: 1000,
      whole_refunds: 100,
      partial_refunds: 300,
      edit_refunds: 20,
      exchanges: 20,
      open_links: 50,
      unpaid: 100,
      guest_orders: 2000,
      cancelled_subscriptions: 20,
      early_utc: 2000,
      autumn_change: 100,
      spring_change: 100,
    })) {
      expect({ kind, enough: counts[kind] >= least }).toEqual({ kind, enough: true });
    }
  });

  it("sum revenue and net sales in one pass as the shop counts them order by order", async () => {
    // paidOrders and salesSums sum what each order gave back in one pass; revenueCentsOf looks it up order by order.
    const [start, end] = [new Date("2000-01-01T00:00:00Z"), new Date("2100-01-01T00:00:00Z")];
    const [agree] = await rows<{ orders: string; differ: string; revenue: string }>(sql`
      select count(*) as orders, count(*) filter (where o.net <> ${netSalesCentsOf("x")}) as differ, sum(${revenueCentsOf("x")}) as revenue
      from ${paidOrders(storeId, start, end)} o join orders x on x.id = o.id`);
    const [sums] = await salesSums(database.db, storeId, [start], end);
    expect({ orders: Number(agree.orders), differ: Number(agree.differ), revenue: Number(agree.revenue) }).toEqual({ orders: shop.placed, differ: 0, revenue: sums.totalCents });
  });

  it("sales: every period's orders, gross sales, discounts, returns and refunds, net sales, shipping, tax and total, and the previous period", async () => {
    for (const range of RANGES) {
      const answer = await report("sales", range);
      const previous = await previousOf(range);
      const periods = await salesBy(range, range.group);
      const [total] = await salesBy(range, null);
      const [before] = await salesBy(previous, null);
      expect({ range, previousFrom: answer.previousFrom, previousTo: answer.previousTo }).toEqual({ range, previousFrom: previous.from, previousTo: previous.to });
      expect({ range, figures: figuresOf(answer) }).toEqual({
        range,
        figures: Object.fromEntries(SALES_LABELS.map((label, index) => [label, [total[SALES_COLUMNS[index]], before[SALES_COLUMNS[index]]]])),
      });
      const [table] = answer.tables;
      expect({ range, rows: table.rows }).toEqual({
        range,
        rows: [
          ...periods.map((period) => [period.name, ...SALES_COLUMNS.map((column) => period[column])]),
          ["Total", ...SALES_COLUMNS.map((column) => total[column])],
          [`Previous period (${previous.from} to ${previous.to})`, ...SALES_COLUMNS.map((column) => before[column])],
        ],
      });
      expect({ range, bars: answer.chart.bars }).toEqual({ range, bars: periods.map((period) => ({ label: period.name, value: period.net })) });
    }
  });

  it("products: units and net sales per variant and product, best and worst sellers, the chart, and what is low on stock", async () => {
    for (const range of RANGES.filter((range, index) => RANGES.findIndex((other) => other.from === range.from && other.to === range.to) === index)) {
      const answer = await report("products", range);
      const previous = await previousOf(range);
      // A line's part of its order's net sales is the line's part of the subtotal; a variant's figure is rounded once
      // to the cent, and a product's is the sum of its variants' (decision 0064).
      const soldSql = (within: Range) => sql`
        with refunded as (
          select r.order_id, sum(coalesce(r.amount_cents, o.total_cents)) as cents
          from refunds r join orders o on o.id = r.order_id where r.order_edit_id is null group by r.order_id
        ),
        owed as (select order_id, sum(amount_cents) as cents from payment_links where status = 'open' group by order_id),
        sale as (
          select o.id, o.subtotal_cents, o.total_cents - coalesce(f.cents, 0) - coalesce(w.cents, 0) - o.shipping_cents - o.tax_cents as net
          from orders o left join refunded f on f.order_id = o.id left join owed w on w.order_id = o.id
          where o.store_id = ${storeId} and o.status in ${PLACED} and o.paid_at is not null
            and (o.paid_at at time zone ${TIME_ZONE})::date between ${within.from}::date and ${within.to}::date
        )
        select case when l.kind = 'bundle' then 'bundle ' || l.bundle_id else l.product_handle end as product, min(l.title) as title,
          case when l.kind = 'bundle' then min(l.title) else l.sku end as variant,
          coalesce((select string_agg(a.value, ' / ') from jsonb_each_text((array_agg(l.attributes))[1]) a), '') as options,
          sum(l.quantity) as units, round(sum(s.net * l.line_total_cents::numeric / s.subtotal_cents)) as net
        from order_lines l join sale s on s.id = l.order_id
        group by 1, l.kind, l.sku`;
      type Sold = { product: string; title: string; variant: string; options: string; units: number; net: number };
      const now = (await rows<Record<string, string>>(soldSql(range))).map(asNumbers) as Sold[];
      const before = (await rows<Record<string, string>>(soldSql(previous))).map(asNumbers) as Sold[];
      const byProduct = new Map<string, { title: string; units: number; net: number; previousUnits: number; previousNet: number }>();
      for (const [list, previousPeriod] of [[now, false], [before, true]] as const) {
        for (const sold of list) {
          const product = byProduct.get(sold.product) ?? { title: sold.title, units: 0, net: 0, previousUnits: 0, previousNet: 0 };
          if (previousPeriod) {
            product.previousUnits += sold.units;
            product.previousNet += sold.net;
          } else {
            product.units += sold.units;
            product.net += sold.net;
          }
          byProduct.set(sold.product, product);
        }
      }
      const products = [...byProduct.values()];
      const sum = (list: Sold[], key: "units" | "net") => list.reduce((total, sold) => total + sold[key], 0);
      expect({ range, figures: figuresOf(answer) }).toEqual({
        range,
        figures: {
          "Units sold": [sum(now, "units"), sum(before, "units")],
          "Net sales": [sum(now, "net"), sum(before, "net")],
          "Products sold": [products.filter((product) => product.units > 0).length, products.filter((product) => product.previousUnits > 0).length],
        },
      });
      // Within a cent of rounding per variant of the sales report's net sales.
      const [salesTotal] = await salesBy(range, null);
      expect(Math.abs(sum(now, "net") - salesTotal.net)).toBeLessThanOrEqual(now.length);

      const table = (title: string) => answer.tables.find((found) => found.title === title)!.rows;
      const byTitle = (list: (string | number)[][]) => [...list].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect({ range, rows: byTitle(table("By product")) }).toEqual({
        range,
        rows: byTitle(products.map((product) => [product.title, product.units, product.net, product.previousUnits, product.previousNet])),
      });
      const nets = table("By product").map((row) => Number(row[2]));
      expect(nets).toEqual([...nets].sort((a, b) => b - a));
      expect({ range, rows: byTitle(table("By variant")) }).toEqual({
        range,
        rows: byTitle(now.map((sold) => [sold.variant, sold.title, sold.options, sold.units, sold.net])),
      });
      const sold = products.filter((product) => product.units > 0);
      const best = [...sold].sort((a, b) => b.units - a.units || b.net - a.net).slice(0, 5);
      const worst = [...sold].sort((a, b) => a.units - b.units || a.net - b.net).slice(0, 5);
      const charted = [...sold].sort((a, b) => b.net - a.net || b.units - a.units).slice(0, 10);
      expect({ range, best: table("Best sellers") }).toEqual({ range, best: best.map((product) => [product.title, product.units, product.net]) });
      expect({ range, worst: table("Worst sellers") }).toEqual({ range, worst: worst.map((product) => [product.title, product.units, product.net]) });
      expect({ range, bars: answer.chart.bars }).toEqual({ range, bars: charted.map((product) => ({ label: product.title, value: product.net })) });

      const low = await rows<{ sku: string; title: string; stock: number }>(sql`
        select v.sku, p.title, v.stock from variants v join products p on p.id = v.product_id
        where v.store_id = ${storeId} and p.status <> 'archived' and v.stock <= coalesce(v.low_stock_threshold, 5)
        order by v.stock, v.sku limit 100`);
      expect(table("Low or out of stock").map((row) => [row[0], row[1], row[3]])).toEqual(low.map((row) => [row.sku, row.title, Number(row.stock)]));
    }
  });

  it("customers: new and returning by email, guests included, orders, average order value and repeat purchase rate", async () => {
    /** Everyone who bought, by email (an account's, else the order's as typed, trimmed and in lower case), on the shop day they paid. */
    const buyersSql = sql`
      select coalesce(c.email_normalized, lower(btrim(o.email))) as who, (o.paid_at at time zone ${TIME_ZONE})::date as day
      from orders o left join customers c on c.id = o.customer_id
      where o.store_id = ${storeId} and o.status in ${PLACED} and o.paid_at is not null`;
    const customersBy = async (range: Range, group: ReportGrouping | null) =>
      (
        await rows<Record<string, string>>(sql`
          with buyer as (${buyersSql}),
          first_bought as (select who, min(day) as day from buyer group by who),
          bought_by_end as (select who, count(*) as orders from buyer where day <= ${range.to}::date group by who),
          bought as (
            select distinct ${periodName(group, sql`day`, range.from)} as name, who from buyer where day between ${range.from}::date and ${range.to}::date
          ),
          counted as (
            select b.name, count(*) as customers,
              count(*) filter (where f.day >= ${range.from}::date and ${periodName(group, sql`f.day`, range.from)} = b.name) as new,
              count(*) filter (where e.orders > 1) as repeat
            from bought b join first_bought f on f.who = b.who join bought_by_end e on e.who = b.who
            group by b.name
          )
          select p.name, coalesce(c.customers, 0) as customers, coalesce(c.new, 0) as new, coalesce(c.repeat, 0) as repeat,
            coalesce(round(c.repeat::numeric / c.customers, 4), 0) as repeat_rate
          from (${periodsSql(range, group)}) p left join counted c on c.name = p.name
          order by p.first`)
      ).map(asNumbers) as { name: string; customers: number; new: number; repeat: number; repeat_rate: number }[];
    for (const range of RANGES) {
      const answer = await report("customers", range);
      const previous = await previousOf(range);
      const [[total], [before], periods, periodSales, [salesTotal], [salesBefore]] = await Promise.all([
        customersBy(range, null),
        customersBy(previous, null),
        customersBy(range, range.group),
        salesBy(range, range.group),
        salesBy(range, null),
        salesBy(previous, null),
      ]);
      expect({ range, figures: figuresOf(answer) }).toEqual({
        range,
        figures: {
          Customers: [total.customers, before.customers],
          "New customers": [total.new, before.new],
          "Returning customers": [total.customers - total.new, before.customers - before.new],
          Orders: [salesTotal.orders, salesBefore.orders],
          "Average order value": [salesTotal.average, salesBefore.average],
          "Repeat purchase rate": [total.repeat_rate, before.repeat_rate],
        },
      });
      expect({ range, rows: answer.tables[0].rows }).toEqual({
        range,
        rows: periods.map((period, index) => [period.name, period.customers, period.new, period.customers - period.new, periodSales[index].orders, periodSales[index].average]),
      });
      expect({ range, bars: answer.chart.bars }).toEqual({ range, bars: periods.map((period) => ({ label: period.name, value: period.customers })) });
    }
  });

  it("subscriptions: started, cancelled, active at each period's end, monthly recurring revenue and churn", async () => {
    const subscriptionsBy = async (range: Range, group: ReportGrouping | null) =>
      (
        await rows<Record<string, string>>(sql`
          with subscription as (
            -- What its goods come to a month at today's plan prices: a cycle's amount over the cycle's months.
            select (s.created_at at time zone ${TIME_ZONE})::date as started, (s.cancelled_at at time zone ${TIME_ZONE})::date as cancelled,
              coalesce(sum(o.price_cents * l.quantity), 0)::numeric
                * case s.interval_unit when 'day' then 365 when 'week' then 52 when 'month' then 12 else 1 end / (12 * s.interval) as monthly
            from subscriptions s left join subscription_lines l on l.subscription_id = s.id left join subscription_options o on o.id = l.subscription_option_id
            where s.store_id = ${storeId} group by s.id
          ),
          periods as (${periodsSql(range, group)})
          select p.name,
            count(s.started) filter (where s.started between p.first and p.last) as started,
            count(s.started) filter (where s.cancelled between p.first and p.last) as cancelled,
            count(s.started) filter (where s.started <= p.last and (s.cancelled is null or s.cancelled > p.last)) as active,
            coalesce(round(sum(s.monthly) filter (where s.started <= p.last and (s.cancelled is null or s.cancelled > p.last))), 0) as recurring,
            coalesce(round(
              (count(s.started) filter (where s.cancelled between p.first and p.last))::numeric
                / nullif(count(s.started) filter (where s.started <= p.last and (s.cancelled is null or s.cancelled >= p.first)), 0), 4), 0) as churn
          from periods p cross join subscription s
          group by p.name, p.first order by p.first`)
      ).map(asNumbers) as { name: string; started: number; cancelled: number; active: number; recurring: number; churn: number }[];
    for (const range of RANGES) {
      const answer = await report("subscriptions", range);
      const previous = await previousOf(range);
      const [[total], [before], periods] = await Promise.all([subscriptionsBy(range, null), subscriptionsBy(previous, null), subscriptionsBy(range, range.group)]);
      expect({ range, figures: figuresOf(answer) }).toEqual({
        range,
        figures: {
          "Active subscriptions": [total.active, before.active],
          "Monthly recurring revenue": [total.recurring, before.recurring],
          Started: [total.started, before.started],
          Cancelled: [total.cancelled, before.cancelled],
          Churn: [total.churn, before.churn],
        },
      });
      expect({ range, rows: answer.tables[0].rows }).toEqual({
        range,
        rows: periods.map((period) => [period.name, period.started, period.cancelled, period.active, period.recurring]),
      });
      expect({ range, bars: answer.chart.bars }).toEqual({ range, bars: periods.map((period) => ({ label: period.name, value: period.recurring })) });
    }
  });

  it("tax: each month's and state's taxable and exempt sales, shipping taxed, tax collected and returned, and the net to file", async () => {
    for (const [from, to] of [
      ["2026-01", "2026-12"],
      ["2026-10", "2026-11"],
      ["2025-10", "2026-03"],
    ]) {
      const answer = await taxReport(database.db, storeId, { from, to });
      const month = (at: SQL) => sql`to_char(${at} at time zone ${TIME_ZONE}, 'YYYY-MM')`;
      const where = (at: SQL) => sql`${month(at)} between ${from} and ${to}`;
      const region = sql`upper(o.shipping_address->>'country') as country, upper(o.shipping_address->>'state') as region`;
      // Orders count in the month they were paid; refunds and exchanges' credit in the month they were made.
      const found = await rows<Record<string, string>>(sql`
        select ${month(sql`o.paid_at`)} as month, ${region},
          0 as taxable, 0 as exempt,
          sum(case when o.shipping_tax_rate_basis_points is not null then o.shipping_cents else 0 end) as shipping, sum(o.tax_cents) as collected, 0 as returned
        from orders o where o.store_id = ${storeId} and o.status in ${PLACED} and o.paid_at is not null and ${where(sql`o.paid_at`)}
        group by 1, 2, 3
        union all
        select ${month(sql`o.paid_at`)}, ${region},
          coalesce(sum(l.line_total_cents - l.discount_cents) filter (where l.tax_rate_basis_points > 0), 0),
          coalesce(sum(l.line_total_cents - l.discount_cents) filter (where l.tax_rate_basis_points = 0), 0), 0, 0, 0
        from orders o join order_lines l on l.order_id = o.id
        where o.store_id = ${storeId} and o.status in ${PLACED} and o.paid_at is not null and ${where(sql`o.paid_at`)}
        group by 1, 2, 3
        union all
        select ${month(sql`r.created_at`)}, ${region}, 0, 0, 0, 0, sum(r.tax_cents)
        from refunds r join orders o on o.id = r.order_id where r.store_id = ${storeId} and ${where(sql`r.created_at`)}
        group by 1, 2, 3
        union all
        select ${month(sql`x.closed_at`)}, ${region}, 0, 0, 0, 0, sum(x.credit_tax_cents)
        from returns x join orders o on o.id = x.order_id where x.store_id = ${storeId} and x.closed_at is not null and ${where(sql`x.closed_at`)}
        group by 1, 2, 3`);
      const expected = new Map<string, { month: string; country: string; region: string; taxable: number; exempt: number; shipping: number; collected: number; returned: number }>();
      for (const row of found) {
        const key = `${row.month} ${row.country} ${row.region}`;
        const sums = expected.get(key) ?? { month: row.month, country: row.country, region: row.region, taxable: 0, exempt: 0, shipping: 0, collected: 0, returned: 0 };
        for (const figure of ["taxable", "exempt", "shipping", "collected", "returned"] as const) sums[figure] += Number(row[figure]);
        expected.set(key, sums);
      }
      const wanted = [...expected.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, sums]) => sums)
        .filter((sums) => sums.taxable || sums.exempt || sums.shipping || sums.collected || sums.returned)
        .map((sums) => ({
          month: sums.month,
          country: sums.country,
          region: sums.region,
          taxableSalesCents: sums.taxable,
          exemptSalesCents: sums.exempt,
          shippingTaxedCents: sums.shipping,
          taxCollectedCents: sums.collected,
          taxReturnedCents: sums.returned,
          netTaxCents: sums.collected - sums.returned,
        }));
      expect(wanted.length).toBeGreaterThan(0);
      expect({ from, to, rows: answer.rows }).toEqual({ from, to, rows: wanted });
    }
  });
});
