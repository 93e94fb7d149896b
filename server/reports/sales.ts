/**
 * The sales report (decision 0064): for each day, week or month of the range, the orders paid in it and their gross
 * sales, discounts, returns and refunds, net sales, shipping, tax and total sales, summed by the one function the
 * dashboard sums with (salesSums); the range's totals beside the previous period's.
 */
import type { Report, ReportColumn, ReportValueKind } from "../../core/reports";
import type { Database } from "../db/client";
import { salesSums, type SalesSums } from "../orders/revenue";
import { periodLabel, type ReportPeriod } from "./period";
import { chartOf, periodColumn, reportDays } from "./shape";

const MEASURES: readonly { key: keyof SalesSums; label: string; kind: ReportValueKind }[] = [
  { key: "orders", label: "Orders", kind: "count" },
  { key: "grossCents", label: "Gross sales", kind: "money" },
  { key: "discountCents", label: "Discounts", kind: "money" },
  { key: "returnsCents", label: "Returns and refunds", kind: "money" },
  { key: "netCents", label: "Net sales", kind: "money" },
  { key: "shippingCents", label: "Shipping", kind: "money" },
  { key: "taxCents", label: "Tax", kind: "money" },
  { key: "totalCents", label: "Total sales", kind: "money" },
];

const summed = (rows: SalesSums[]) =>
  Object.fromEntries(MEASURES.map(({ key }) => [key, rows.reduce((sum, row) => sum + row[key], 0)])) as SalesSums;

export async function salesReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const { current, previous, group } = period;
  const [now, before] = await Promise.all([
    salesSums(db, storeId, current.starts, current.end),
    salesSums(db, storeId, previous.starts, previous.end),
  ]);
  const total = summed(now);
  const previousTotal = summed(before);
  const labels = current.days.map((day) => periodLabel(day, group));
  const columns: ReportColumn[] = [periodColumn(group), ...MEASURES.map(({ label, kind }) => ({ label, kind }))];
  const bars = now.map((sums, index) => ({ label: labels[index], value: sums.netCents }));
  return {
    name: "sales",
    title: "Sales",
    ...reportDays(period),
    figures: MEASURES.map(({ key, label, kind }) => ({ label, kind, current: total[key], previous: previousTotal[key] })),
    chart: chartOf(`Net sales by ${group}`, "money", bars),
    tables: [
      {
        title: `Sales by ${group}`,
        columns,
        rows: [
          ...now.map((sums, index) => [labels[index], ...MEASURES.map(({ key }) => sums[key])]),
          ["Total", ...MEASURES.map(({ key }) => total[key])],
          [`Previous period (${previous.from} to ${previous.to})`, ...MEASURES.map(({ key }) => previousTotal[key])],
        ],
      },
    ],
  };
}
