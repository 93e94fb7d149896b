/**
 * The customers report (decision 0064): everyone who bought, guests included, counted by their email as the
 * customers desk counts them (decision 0053). A customer is new in a period their first order ever was paid in, and
 * returning when they had bought before it; average order value is net sales per order (salesSums); the repeat
 * purchase rate is the share of the range's customers who had paid for more than one order by its end.
 */
import { sql } from "drizzle-orm";
import type { Report } from "../../core/reports";
import { rowsOf, type Database } from "../db/client";
import { ownerEmail } from "../orders/customer-figures";
import { periodOf, placedStates, salesSums } from "../orders/revenue";
import { periodLabel, type Periods, type ReportPeriod } from "./period";
import { chartOf, periodColumn, rateOf, reportDays } from "./shape";

type Counts = { customers: number; newCustomers: number; repeat: number };

/**
 * The range's customers in all and in each of its periods: how many, how many new, how many bought more than once.
 * Each paid order's customer is worked out by a join of the accounts (ownerEmail), and each customer's history is one
 * row with the periods they bought in, so no sum is joined to another: a year of a large shop is hundreds of
 * thousands of orders (issue 36's benchmark).
 */
async function customerCounts(db: Database, storeId: string, periods: Periods): Promise<{ total: Counts; each: Counts[] }> {
  const start = periods.starts[0].toISOString();
  const rows = await rowsOf<{ period: number | null; customers: string; new_customers: string; repeat: string }>(db, sql`
    with history as (
      select min(o.paid_at) as first_paid, count(*) as orders,
        array_agg(distinct ${periodOf(periods.starts)}) filter (where o.paid_at >= ${start}) as periods
      from orders o left join customers a on a.id = o.customer_id
      where o.store_id = ${storeId} and o.status in (${placedStates}) and o.paid_at < ${periods.end.toISOString()}
      group by ${ownerEmail("o", "a")}
    )
    select bought.period, count(*) as customers,
      count(*) filter (where h.first_paid >= ${start} and ${periodOf(periods.starts, sql`h.first_paid`)} = bought.period) as new_customers,
      count(*) filter (where h.orders > 1) as repeat
    from history h cross join unnest(h.periods) as bought(period)
    group by bought.period
    union all
    select null, count(*), count(*) filter (where h.first_paid >= ${start}), count(*) filter (where h.orders > 1)
    from history h where h.periods is not null`);
  const counts = (row: (typeof rows)[number] | undefined): Counts => ({
    customers: Number(row?.customers ?? 0),
    newCustomers: Number(row?.new_customers ?? 0),
    repeat: Number(row?.repeat ?? 0),
  });
  return {
    total: counts(rows.find((row) => row.period === null)),
    each: periods.starts.map((_, index) => counts(rows.find((row) => row.period !== null && Number(row.period) === index + 1))),
  };
}

const average = (cents: number, orders: number) => (orders === 0 ? 0 : Math.round(cents / orders));

export async function customersReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const { current, previous, group } = period;
  const [now, before, sales, previousSales] = await Promise.all([
    customerCounts(db, storeId, current),
    customerCounts(db, storeId, previous),
    salesSums(db, storeId, current.starts, current.end),
    salesSums(db, storeId, [previous.starts[0]], previous.end),
  ]);
  const orders = sales.reduce((total, sums) => total + sums.orders, 0);
  const netCents = sales.reduce((total, sums) => total + sums.netCents, 0);
  const [earlier] = previousSales;
  const labels = current.days.map((day) => periodLabel(day, group));
  const bars = now.each.map((counts, index) => ({ label: labels[index], value: counts.customers }));
  const chartTitle = `Customers by ${group}`;
  return {
    name: "customers",
    title: "Customers",
    ...reportDays(period),
    figures: [
      { label: "Customers", kind: "count", current: now.total.customers, previous: before.total.customers },
      { label: "New customers", kind: "count", current: now.total.newCustomers, previous: before.total.newCustomers },
      { label: "Returning customers", kind: "count", current: now.total.customers - now.total.newCustomers, previous: before.total.customers - before.total.newCustomers },
      { label: "Orders", kind: "count", current: orders, previous: earlier.orders },
      { label: "Average order value", kind: "money", current: average(netCents, orders), previous: average(earlier.netCents, earlier.orders) },
      { label: "Repeat purchase rate", kind: "rate", current: rateOf(now.total.repeat, now.total.customers), previous: rateOf(before.total.repeat, before.total.customers) },
    ],
    chart: chartOf(chartTitle, "count", bars),
    tables: [
      {
        title: `Customers by ${group}`,
        columns: [
          periodColumn(group),
          { label: "Customers", kind: "count" },
          { label: "New", kind: "count" },
          { label: "Returning", kind: "count" },
          { label: "Orders", kind: "count" },
          { label: "Average order value", kind: "money" },
        ],
        rows: now.each.map((counts, index) => [
          labels[index],
          counts.customers,
          counts.newCustomers,
          counts.customers - counts.newCustomers,
          sales[index].orders,
          average(sales[index].netCents, sales[index].orders),
        ]),
      },
    ],
  };
}
