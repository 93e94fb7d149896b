/**
 * Revenue, defined once (decision 0049): what a placed order kept, its total less every refund of it and less what its
 * open payment link still asks (decision 0057), so a cancelled order nets nothing, a partly refunded one what is
 * left, and an edited order waiting for its balance what was paid. An order never paid brings nothing. The dashboard, the
 * customers' total spent, each discount code's figure and the cart reminders' recovered sales all sum this.
 */
import { sql, type SQL } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { rowsOf, type Database } from "../db/client";
import { owedCentsOf, refundedCentsOf } from "./refunds";

/** The placed states (ORDER_GROUPS.placed) as a list for `status in (…)`. */
export const placedStates = sql.join(
  ORDER_GROUPS.placed.map((state) => sql`${state}`),
  sql`, `,
);

/** `order`: what the surrounding query calls the order's row (refundedCentsOf says why it is named). */
export const revenueCentsOf = (order = "orders") =>
  sql<string>`(case when ${sql.identifier(order)}.status in (${placedStates}) then ${sql.identifier(order)}.total_cents - ${refundedCentsOf(order)} - ${owedCentsOf(order)} else 0 end)`;

/**
 * Net sales (decision 0064): revenue less the shipping and tax the order charged, so what its products earned after
 * discounts, returns and refunds. Products' shares of it are by their lines' part of the subtotal.
 */
export const netSalesCentsOf = (order = "orders") =>
  sql<string>`(${revenueCentsOf(order)} - case when ${sql.identifier(order)}.status in (${placedStates}) then ${sql.identifier(order)}.shipping_cents + ${sql.identifier(order)}.tax_cents else 0 end)`;

/** The orders `o` counted in a period: placed, and paid from `start` until before `end`. */
export const paidWithin = (storeId: string, start: Date, end: Date) =>
  sql`o.store_id = ${storeId} and o.status in (${placedStates}) and o.paid_at >= ${start.toISOString()} and o.paid_at < ${end.toISOString()}`;

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
 * `starts` each was paid in and by `key`, an expression of the order `o` (none unless given).
 */
const sumRows = (db: Database, storeId: string, starts: readonly Date[], end: Date, key = sql`null`) =>
  rowsOf<SumsRow>(db, sql`
    select ${periodOf(starts)} as period, ${key} as key, count(*) as orders, sum(o.subtotal_cents) as gross, sum(o.discount_cents) as discount,
      sum(o.shipping_cents) as shipping, sum(o.tax_cents) as tax, sum(o.total_cents) as charged, sum(${revenueCentsOf("o")}) as revenue
    from orders o where ${paidWithin(storeId, starts[0], end)} group by 1, 2`);

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
