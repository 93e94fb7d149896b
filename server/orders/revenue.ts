/**
 * Revenue, defined once (decision 0049): what a placed order kept, its total less every refund of it and less what its
 * open payment link still asks (decision 0057), so a cancelled order nets nothing, a partly refunded one what is
 * left, and an edited order waiting for its balance what was paid. An order never paid brings nothing. The dashboard, the
 * customers' total spent, each discount code's figure and the cart reminders' recovered sales all sum this.
 */
import { sql, type SQL } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { rowsOf, type Database } from "../db/client";
import { givenBackCents, givenBackRows, owedCentsOf, refundedCentsOf } from "./refunds";

/** The placed states (ORDER_GROUPS.placed) as a list for `status in (…)`. */
export const placedStates = sql.join(
  ORDER_GROUPS.placed.map((state) => sql`${state}`),
  sql`, `,
);

/** Revenue from an order's row, what went back of it and what its open link still asks: the one formula. */
const revenueFrom = (order: string, refunded: SQL, owed: SQL) =>
  sql<string>`(case when ${sql.identifier(order)}.status in (${placedStates}) then ${sql.identifier(order)}.total_cents - ${refunded} - ${owed} else 0 end)`;

/** Net sales from an order's row and its revenue. */
const netFrom = (order: string, revenue: SQL) =>
  sql<string>`(${revenue} - case when ${sql.identifier(order)}.status in (${placedStates}) then ${sql.identifier(order)}.shipping_cents + ${sql.identifier(order)}.tax_cents else 0 end)`;

/** `order`: what the surrounding query calls the order's row (refundedCentsOf says why it is named). */
export const revenueCentsOf = (order = "orders") => revenueFrom(order, refundedCentsOf(order), owedCentsOf(order));

/**
 * Net sales (decision 0064): revenue less the shipping and tax the order charged, so what its products earned after
 * discounts, returns and refunds. Products' shares of it are by their lines' part of the subtotal.
 */
export const netSalesCentsOf = (order = "orders") => netFrom(order, revenueCentsOf(order));

/** The orders `o` counted in a period: placed, and paid from `start` until before `end`. */
export const paidWithin = (storeId: string, start: Date, end: Date) =>
  sql`o.store_id = ${storeId} and o.status in (${placedStates}) and o.paid_at >= ${start.toISOString()} and o.paid_at < ${end.toISOString()}`;

/**
 * The orders counted in a period (paidWithin), one row each (id, subtotal_cents, net) to select from as `o`, with
 * its net sales: its refunds and open links are joined as rows and summed with it, where netSalesCentsOf looks them
 * up order by order (right for one order, slow for a year of a large shop: issue 36's benchmark,
 * scripts/bench/reports.ts).
 */
export const paidOrders = (storeId: string, start: Date, end: Date) => {
  const given = sql`coalesce(sum(${givenBackCents("given", "o")}) filter (where given.order_id is not null), 0)`;
  return sql`(
    select o.id, o.subtotal_cents, ${netFrom("o", revenueFrom("o", given, sql`0`))} as net
    from orders o left join ${givenBackRows(storeId)} given on given.order_id = o.id
    where ${paidWithin(storeId, start, end)}
    group by o.id)`;
};

/** Which of `starts` (ascending) the moment `at` (the order `o`'s payment unless named) falls in: 1 for the first. */
export const periodOf = (starts: readonly Date[], at = sql`o.paid_at`) =>
  sql<number>`width_bucket(${at}, array[${sql.join(
    starts.map((start) => sql`${start.toISOString()}::timestamptz`),
    sql`, `,
  )}])`;

export type SalesSums = {
  orders: number;
  grossCents: number;
  discountCents: number;
  returnsCents: number;
  netCents: number;
  shippingCents: number;
  taxCents: number;
  /** Revenue. */
  totalCents: number;
};

type SumsRow = { period: number; key: unknown; orders: string; gross: string; discount: string; shipping: string; tax: string; charged: string; revenue: string };

/**
 * The one query that sums sales (decision 0064): the orders paid from `starts[0]` until `end`, by the period of
 * `starts` each was paid in and by `key`, an expression of the order `o` (none unless given). Revenue adds up: the
 * orders' totals less all they gave back and still ask, each refund and open link a row of its own beside the orders,
 * so nothing is joined to a sum per order (issue 36's benchmark).
 */
function sumRows(db: Database, storeId: string, starts: readonly Date[], end: Date, key = sql`null`) {
  const paid = paidWithin(storeId, starts[0], end);
  return rowsOf<SumsRow>(db, sql`
    select ${periodOf(starts, sql`m.paid_at`)} as period, m.key as key, sum(m.orders) as orders, sum(m.gross) as gross, sum(m.discount) as discount,
      sum(m.shipping) as shipping, sum(m.tax) as tax, sum(m.charged) as charged, sum(m.charged) - sum(m.given) as revenue
    from (
      select o.paid_at, ${key} as key, 1 as orders, o.subtotal_cents as gross, o.discount_cents as discount, o.shipping_cents as shipping,
        o.tax_cents as tax, o.total_cents as charged, 0 as given
      from orders o where ${paid}
      union all
      select o.paid_at, ${key}, 0, 0, 0, 0, 0, 0, ${givenBackCents("given", "o")} from ${givenBackRows(storeId, paid)} given join orders o on o.id = given.order_id
    ) m group by 1, 2`);
}

const NO_SALES: SalesSums = { orders: 0, grossCents: 0, discountCents: 0, returnsCents: 0, netCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 };

function sumsOf(row: SumsRow): SalesSums {
  const [orders, gross, discount, shipping, tax, charged, revenue] = [row.orders, row.gross, row.discount, row.shipping, row.tax, row.charged, row.revenue].map(Number);
  return {
    orders,
    grossCents: gross,
    discountCents: discount,
    returnsCents: charged - revenue,
    netCents: revenue - shipping - tax,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: revenue,
  };
}

/**
 * The sales of each period that starts at one of `starts` (ascending) and ends where the next begins, the last at
 * `end`: the orders paid in it and their figures (decision 0064). The dashboard and every report sum sales here.
 */
export async function salesSums(db: Database, storeId: string, starts: readonly Date[], end: Date): Promise<SalesSums[]> {
  const rows = await sumRows(db, storeId, starts, end);
  return starts.map((_, index) => {
    const row = rows.find((found) => Number(found.period) === index + 1);
    return row ? sumsOf(row) : NO_SALES;
  });
}

/**
 * The sales from `start` until `end` by `key`, an expression of the order `o` (the traffic report's visit source,
 * decision 0065): the same sums as salesSums, cut another way. Keys with no order paid in the range are absent.
 */
export async function salesSumsBy(db: Database, storeId: string, start: Date, end: Date, key: SQL): Promise<{ key: unknown; sums: SalesSums }[]> {
  return (await sumRows(db, storeId, [start], end, key)).map((row) => ({ key: row.key, sums: sumsOf(row) }));
}
