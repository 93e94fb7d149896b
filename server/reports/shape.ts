/** What every report's shape (core/reports.ts) is made of beside its own figures: its days, its chart's words, its CSV. */
import { reportValue, type Report, type ReportChart, type ReportColumn, type ReportGrouping, type ReportValueKind } from "../../core/reports";
import type { ReportPeriod } from "./period";

export const reportDays = (period: ReportPeriod) => ({
  from: period.current.from,
  to: period.current.to,
  previousFrom: period.previous.from,
  previousTo: period.previous.to,
  group: period.group,
  timeZone: period.timeZone,
});

/** The first column of a table by period: the day, the week or the month. */
export const periodColumn = (group: ReportGrouping): ReportColumn => ({ label: `${group[0].toUpperCase()}${group.slice(1)}`, kind: "text" });

/** `part` of `whole` as a rate (core/reports.ts): four decimals, 0 of nothing. */
export const rateOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** A chart of `bars`, with its words. */
export const chartOf = (title: string, kind: ReportValueKind, bars: ReportChart["bars"]): ReportChart => ({ title, kind, bars, description: describeChart(title, kind, bars) });

/** The chart in words: how many bars, the highest and the lowest, and their sum when money or counts add up. */
function describeChart(title: string, kind: ReportValueKind, bars: readonly { label: string; value: number }[]): string {
  if (bars.length === 0) return `${title}: nothing in this range.`;
  const highest = bars.reduce((best, bar) => (bar.value > best.value ? bar : best));
  const lowest = bars.reduce((worst, bar) => (bar.value < worst.value ? bar : worst));
  const sum = kind === "rate" ? "" : `, ${reportValue(kind, bars.reduce((total, bar) => total + bar.value, 0))} in all`;
  return `${title}, ${bars.length} ${bars.length === 1 ? "bar" : "bars"}: highest ${reportValue(kind, highest.value)} (${highest.label}), lowest ${reportValue(kind, lowest.value)} (${lowest.label})${sum}.`;
}

/** A CSV cell: money as dollars, a rate as a fraction, both written as numbers a spreadsheet sums. */
const csvCell = (kind: ReportValueKind | "text", value: string | number) =>
  typeof value === "string" ? value : kind === "money" ? Number((value / 100).toFixed(2)) : value;

/**
 * The report as CSV rows: its figures (current and previous period) first, then each table under its title, a blank
 * row between; money in dollars. The header names the range and the shop's time zone its days are counted in.
 */
export function reportCsvRows(report: Report): unknown[][] {
  return [
    ["report", report.name, "from", report.from, "to", report.to, "time zone", report.timeZone],
    [],
    ["figure", `${report.from} to ${report.to}`, `${report.previousFrom} to ${report.previousTo}`],
    ...report.figures.map((figure) => [figure.label, csvCell(figure.kind, figure.current), csvCell(figure.kind, figure.previous)]),
    ...report.tables.flatMap((table) => [
      [],
      [table.title],
      table.columns.map((column) => column.label),
      ...table.rows.map((row) => row.map((value, index) => csvCell(table.columns[index].kind, value))),
    ]),
  ];
}
