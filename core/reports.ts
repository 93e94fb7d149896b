/**
 * The shop's reports (decision 0064) as the back office lists them, and the one shape every report answers in: its
 * figures, each beside the previous period's, its tables and the chart of one of its series. The screens, the CSV and
 * the admin API all read that shape, so a new report is a row here and a use case in server/reports/.
 */
import { formatMoney } from "./money";

/** The reports list, in the order the index shows them. */
export const REPORTS = [
  { name: "sales", title: "Sales", summary: "Orders, gross and net sales, discounts, returns, shipping and tax, by day, week or month." },
  { name: "products", title: "Products", summary: "Units and net sales per product and variant, best and worst sellers, and what is low or out of stock." },
  { name: "customers", title: "Customers", summary: "New and returning customers, average order value and repeat purchase rate." },
  { name: "conversion", title: "Conversion", summary: "Sessions, and those that added to the cart, reached checkout and ordered, with the rate of each step." },
  { name: "traffic", title: "Traffic sources", summary: "Sessions, orders and revenue by referring site and by utm source, medium and campaign." },
  { name: "subscriptions", title: "Subscriptions", summary: "Active subscriptions, monthly recurring revenue, those started and cancelled, and churn." },
] as const satisfies readonly { name: string; title: string; summary: string }[];

export type ReportName = (typeof REPORTS)[number]["name"];

/** The tax report (decision 0063), listed after the others: it answers per month and region, in a shape of its own. */
export const TAX_REPORT = { name: "tax", title: "Sales tax", summary: "Taxable and exempt sales, shipping taxed, tax collected and refunded, and what to file, per month and region." };

export const REPORT_GROUPINGS = ["day", "week", "month"] as const;
/** The range form's fields, as the query of the screen, the API and the CSV name them. */
export const REPORT_FILTERS = ["from", "to", "group"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Money is integer cents, a count whole, a rate a fraction from 0 to 1. */
export type ReportValueKind = "money" | "count" | "rate";

export type ReportFigure = { label: string; kind: ReportValueKind; current: number; previous: number };

export type ReportColumn = { label: string; kind: ReportValueKind | "text" };

export type ReportTable = { title: string; columns: ReportColumn[]; rows: (string | number)[][] };

/** One series as bars, and what it shows in words for whoever cannot see it. */
export type ReportChart = { title: string; kind: ReportValueKind; bars: { label: string; value: number }[]; description: string };

export type Report = {
  name: ReportName;
  title: string;
  /** The shop's days the report covers, both included, and the period of the same length just before. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  group: ReportGrouping;
  timeZone: string;
  figures: ReportFigure[];
  chart: ReportChart;
  tables: ReportTable[];
};

/** A value as the screen and the chart's words print it. */
export function reportValue(kind: ReportValueKind, value: number): string {
  if (kind === "money") return formatMoney(value);
  if (kind === "rate") return `${(value * 100).toFixed(1)}%`;
  return value.toLocaleString("en-US");
}
