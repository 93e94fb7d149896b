/**
 * The subscriptions report (decision 0064): for each day, week or month, the subscriptions started and cancelled in
 * it, and those active at its end with their monthly recurring revenue (the desk's: goods at today's plan prices,
 * monthlyAmounts); the range's churn is its cancellations over the subscriptions it had at any time. A pause is not
 * kept in a subscription's history, so here a paused or past-due subscription counts as active until it is cancelled.
 */
import { lt } from "drizzle-orm";
import type { Report } from "../../core/reports";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";
import { monthlyAmounts } from "../subscriptions/desk";
import { periodLabel, type Periods, type ReportPeriod } from "./period";
import { chartOf, periodColumn, reportDays } from "./shape";

type Amount = Awaited<ReturnType<typeof monthlyAmounts>>[number];
type Counts = { started: number; cancelled: number; active: number; recurringCents: number; churn: number };

const within = (at: Date | null, start: Date, end: Date) => at !== null && at >= start && at < end;
const activeAt = (amounts: readonly Amount[], at: Date) => amounts.filter((row) => row.createdAt < at && (row.cancelledAt === null || row.cancelledAt >= at));

function countsOf(amounts: readonly Amount[], start: Date, end: Date): Counts {
  const active = activeAt(amounts, end);
  const started = amounts.filter((row) => within(row.createdAt, start, end)).length;
  const cancelled = amounts.filter((row) => within(row.cancelledAt, start, end)).length;
  const had = activeAt(amounts, start).length + started;
  return {
    started,
    cancelled,
    active: active.length,
    recurringCents: Math.round(active.reduce((sum, row) => sum + row.monthlyCents, 0)),
    churn: had === 0 ? 0 : Math.round((cancelled / had) * 10_000) / 10_000,
  };
}

const periodsOf = (amounts: readonly Amount[], periods: Periods) =>
  periods.starts.map((start, index) => countsOf(amounts, start, periods.starts[index + 1] ?? periods.end));

export async function subscriptionsReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const { current, previous, group } = period;
  const amounts = await monthlyAmounts(db, storeId, lt(subscriptions.createdAt, current.end));
  const now = countsOf(amounts, current.starts[0], current.end);
  const before = countsOf(amounts, previous.starts[0], previous.end);
  const each = periodsOf(amounts, current);
  const labels = current.days.map((day) => periodLabel(day, group));
  const bars = each.map((counts, index) => ({ label: labels[index], value: counts.recurringCents }));
  const chartTitle = `Monthly recurring revenue at the end of each ${group}`;
  return {
    name: "subscriptions",
    title: "Subscriptions",
    ...reportDays(period),
    figures: [
      { label: "Active subscriptions", kind: "count", current: now.active, previous: before.active },
      { label: "Monthly recurring revenue", kind: "money", current: now.recurringCents, previous: before.recurringCents },
      { label: "Started", kind: "count", current: now.started, previous: before.started },
      { label: "Cancelled", kind: "count", current: now.cancelled, previous: before.cancelled },
      { label: "Churn", kind: "rate", current: now.churn, previous: before.churn },
    ],
    chart: chartOf(chartTitle, "money", bars),
    tables: [
      {
        title: `Subscriptions by ${group}`,
        columns: [
          periodColumn(group),
          { label: "Started", kind: "count" },
          { label: "Cancelled", kind: "count" },
          { label: "Active at the end", kind: "count" },
          { label: "Monthly recurring revenue", kind: "money" },
        ],
        rows: each.map((counts, index) => [labels[index], counts.started, counts.cancelled, counts.active, counts.recurringCents]),
      },
    ],
  };
}
