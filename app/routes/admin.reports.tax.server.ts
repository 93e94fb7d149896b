/** The tax report screen's server side: the report is server/orders/tax-report.ts's, as the admin API's. */
import type { TaxReport, TaxReportRow } from "../../server/orders/tax-report";

export { taxReport } from "../../server/orders/tax-report";
export { formFailure, requireStaffPage } from "./admin.server";

const MONTH_NAMES = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** 'March 2026' of '2026-03'. */
const monthName = (month: string) => MONTH_NAMES.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1));

const FIGURES = ["taxableSalesCents", "exemptSalesCents", "shippingTaxedCents", "taxCollectedCents", "taxReturnedCents", "netTaxCents"] as const;
export type TaxFigures = Pick<TaxReportRow, (typeof FIGURES)[number]>;

/** The report as the screen draws it: a table per month, its regions and their total, the months named in words. */
export function reportByMonth(report: TaxReport) {
  const months = [...new Set(report.rows.map((row) => row.month))];
  return months.map((month) => {
    const rows = report.rows.filter((row) => row.month === month);
    const total = Object.fromEntries(FIGURES.map((figure) => [figure, rows.reduce((sum, row) => sum + row[figure], 0)])) as TaxFigures;
    return { month, name: monthName(month), rows, total };
  });
}
