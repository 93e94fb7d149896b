/**
 * The tax report (decision 0063): per month of the shop's time zone and per ship-to region, the goods sold taxable
 * and exempt, the shipping taxed and the tax collected, from what each paid order kept (its lines' rates and
 * discount shares, its shipping's rate, its tax), and the tax refunds and exchange credits gave back, from what each
 * kept; the net is what the shop files. The admin screen, the API's JSON and its CSV all read `taxReport`.
 */
import { sql, type SQL } from "drizzle-orm";
import { badInput } from "../../core/errors";
import { centsToDollars } from "../../core/money";
import { MAX_REPORT_MONTHS, type TaxReportQuery } from "../../core/schemas/tax-report";
import { monthRange, shopDate } from "../../core/shop-time";
import type { Database } from "../db/client";
import { shopTimeZone } from "../store/settings";
import { periodOf, placedStates } from "./revenue";

export type TaxReportRow = {
  month: string;
  country: string;
  region: string;
  taxableSalesCents: number;
  exemptSalesCents: number;
  shippingTaxedCents: number;
  taxCollectedCents: number;
  taxReturnedCents: number;
  netTaxCents: number;
};

export type TaxReport = { from: string; to: string; timeZone: string; rows: TaxReportRow[] };

/** 'YYYY-MM' of each month from `from` to `to`, both included. */
function monthsBetween(from: string, to: string): string[] {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1;
  return Array.from({ length: Math.max(0, index(to) - index(from) + 1) }, (_, offset) => {
    const at = index(from) + offset;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, "0")}`;
  });
}

/**
 * The report of the months asked (this month without any), each month's bounds taken in the shop's time zone, so an
 * order paid at 11 pm on the last day in New York is that month's, whatever the UTC date.
 */
export async function taxReport(db: Database, storeId: string, query: TaxReportQuery, now = new Date()): Promise<TaxReport> {
  const timeZone = await shopTimeZone(db, storeId);
  const to = query.to ?? shopDate(now, timeZone).slice(0, 7);
  const from = query.from ?? to;
  if (from > to) throw badInput("from must be on or before to", "from");
  const months = monthsBetween(from, to);
  if (months.length > MAX_REPORT_MONTHS) throw badInput(`A report covers at most ${MAX_REPORT_MONTHS} months`, "from");
  const bounds = months.map((month) => ({ month, ...monthRange(Number(month.slice(0, 4)), Number(month.slice(5)), timeZone) }));
  const start = bounds[0].start;
  const end = bounds[bounds.length - 1].end;
  const within = (at: SQL) => sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz`;
  const paid = sql`o.store_id = ${storeId} and ${within(sql`o.paid_at`)} and o.status in (${placedStates})`;
  // Each order is one row, its lines summed beside it, and each moment's month is found by a binary search of the
  // months' starts (periodOf): a row per line that met every month's bounds took 1.3 s for a year of a 200,000-order
  // shop (issue 36's benchmark, scripts/bench/reports.ts).
  const result = await db.execute(sql`
    with moves as (
      select o.paid_at as at, o.shipping_address, o.tax_cents as collected, 0 as returned,
        case when o.shipping_tax_rate_basis_points is null then 0 else o.shipping_cents end as shipping_taxed,
        coalesce(sum(ol.line_total_cents - ol.discount_cents) filter (where ol.tax_rate_basis_points > 0), 0) as taxable,
        coalesce(sum(ol.line_total_cents - ol.discount_cents) filter (where ol.tax_rate_basis_points = 0), 0) as exempt
      from orders o left join order_lines ol on ol.order_id = o.id
      where ${paid}
      group by o.id
      union all
      select r.created_at, o.shipping_address, 0, r.tax_cents, 0, 0, 0
      from refunds r join orders o on o.id = r.order_id
      where r.store_id = ${storeId} and r.tax_cents <> 0 and ${within(sql`r.created_at`)}
      union all
      select x.closed_at, o.shipping_address, 0, x.credit_tax_cents, 0, 0, 0
      from returns x join orders o on o.id = x.order_id
      where x.store_id = ${storeId} and x.credit_tax_cents <> 0 and ${within(sql`x.closed_at`)}
    )
    select ${periodOf(
      bounds.map((bound) => bound.start),
      sql`v.at`,
    )} as period, upper(v.shipping_address->>'country') as country, upper(v.shipping_address->>'state') as region,
      sum(v.taxable)::bigint as taxable, sum(v.exempt)::bigint as exempt, sum(v.shipping_taxed)::bigint as shipping_taxed,
      sum(v.collected)::bigint as collected, sum(v.returned)::bigint as returned
    from moves v
    group by 1, 2, 3
    order by 1, 2, 3
  `);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows
    .map(
      (row): TaxReportRow => ({
        month: months[Number(row.period) - 1],
        country: String(row.country),
        region: String(row.region),
        taxableSalesCents: Number(row.taxable),
        exemptSalesCents: Number(row.exempt),
        shippingTaxedCents: Number(row.shipping_taxed),
        taxCollectedCents: Number(row.collected),
        taxReturnedCents: Number(row.returned),
        netTaxCents: Number(row.collected) - Number(row.returned),
      }),
    )
    // A region the shop does not collect in sells without a kept rate: nothing of it is the tax report's.
    .filter((row) => row.taxableSalesCents !== 0 || row.exemptSalesCents !== 0 || row.shippingTaxedCents !== 0 || row.taxCollectedCents !== 0 || row.taxReturnedCents !== 0);
  return { from, to, timeZone, rows };
}

export const TAX_REPORT_COLUMNS = [
  "month",
  "time_zone",
  "country",
  "region",
  "taxable_sales",
  "exempt_sales",
  "shipping_taxed",
  "tax_collected",
  "tax_returned",
  "net_tax",
];

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** The report as CSV rows, the header first; money in dollars, each row naming the time zone its month is in. */
export function taxReportCsvRows(report: TaxReport): unknown[][] {
  return [
    TAX_REPORT_COLUMNS,
    ...report.rows.map((row) => [
      row.month,
      report.timeZone,
      row.country,
      row.region,
      dollars(row.taxableSalesCents),
      dollars(row.exemptSalesCents),
      dollars(row.shippingTaxedCents),
      dollars(row.taxCollectedCents),
      dollars(row.taxReturnedCents),
      dollars(row.netTaxCents),
    ]),
  ];
}
