/**
 * `npm run shop -- analytics [--days 30]`: prints the owner's browsing analytics for the last days.
 */
import { analyticsReport, DEFAULT_REPORT_DAYS, type AnalyticsReport, type Ranked } from "../analytics/report";
import type { NamedCount } from "../analytics/page-names";
import type { AppDeps } from "../context";
import { CommandUsageError } from "./usage-error";

export function parseDays(args: string[]): number {
  const index = args.findIndex((arg) => arg === "--days" || arg.startsWith("--days="));
  if (index === -1) return DEFAULT_REPORT_DAYS;
  const raw = args[index].includes("=") ? args[index].split("=")[1] : args[index + 1];
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new CommandUsageError("--days must be a whole number from 1 to 3650");
  return days;
}

const BAR_WIDTH = 30;

function bars(rows: Ranked[], empty = "none"): string {
  if (rows.length === 0) return `  (${empty})`;
  const max = Math.max(...rows.map((row) => row.count), 1);
  const width = Math.max(...rows.map((row) => row.label.length));
  return rows
    .map((row) => {
      // Any non-zero count gets at least one mark, so it never looks like nothing.
      const marks = row.count > 0 ? Math.max(1, Math.round((row.count / max) * BAR_WIDTH)) : 0;
      return `  ${row.label.padEnd(width)}  ${"#".repeat(marks)} ${row.count}`;
    })
    .join("\n");
}

/** A named page with its address after the name, as the terminal has no second line for it. */
const withPath = (row: NamedCount) => ({ label: row.label === row.path ? row.label : `${row.label} (${row.path})`, count: row.count });

const percent = (rate: number | null) => (rate === null ? "n/a" : `${Math.round(rate * 1000) / 10}%`);

export function formatAnalyticsReport(report: AnalyticsReport): string {
  const { funnel } = report;
  return [
    `Browsing analytics, last ${report.days} days (since ${report.since.slice(0, 10)}): ${report.sessions} sessions`,
    "",
    "Sessions per day",
    bars(report.sessionsPerDay.map((row) => ({ label: row.day, count: row.sessions })), "no sessions"),
    "",
    "Top pages",
    bars(report.topPages.map(withPath)),
    "",
    "Top products viewed",
    bars(report.topProducts.map(withPath)),
    "",
    "Funnel (sessions)",
    bars([
      { label: "product view", count: funnel.productView },
      { label: "add to cart", count: funnel.addToCart },
      { label: "checkout", count: funnel.checkout },
      { label: "purchase", count: funnel.purchase },
    ]),
    "",
    `Cart abandonment: ${percent(report.cart.abandonmentRate)} (${report.cart.abandoned} abandoned, ${report.cart.purchased} purchased)`,
    "",
    "Top searches",
    bars(report.topSearches),
    "",
    "Searches with no results",
    bars(report.searchesWithNoResults),
    "",
    `Average search duration: ${report.averageSearchSeconds === null ? "n/a" : `${report.averageSearchSeconds} s`}`,
  ].join("\n");
}

export async function analyticsCommand({ db }: Pick<AppDeps, "db">, storeId: string, args: string[]): Promise<string> {
  return formatAnalyticsReport(await analyticsReport(db, storeId, { days: parseDays(args) }));
}
