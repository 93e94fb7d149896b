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

/** A subscription's start and cancellation as epoch milliseconds: a year by day compares each with every day twice. */
type Moments = { created: number; cancelled: number | null; monthlyCents: number };
type Counts = { started: number; cancelled: number; active: number; recurringCents: number; churn: number };

const within = (at: number | null, start: number, end: number) => at !== null && at >= start && at < end;
const activeAt = (rows: readonly Moments[], at: number) => rows.filter((row) => row.created < at && (row.cancelled === null || row.cancelled >= at));

function countsOf(rows: readonly Moments[], startAt: Date, endAt: Date): Counts {
  const [start, end] = [startAt.getTime(), endAt.getTime()];
  const active = activeAt(rows, end);
  const started = rows.filter((row) => within(row.created, start, end)).length;
  const cancelled = rows.filter((row) => within(row.cancelled, start, end)).length;
  const had = activeAt(rows, start).length + started;
  return {
    started,
    cancelled,
    active: active.length,
    recurringCents: Math.round(active.reduce((sum, row) => sum + row.monthlyCents, 0)),
    churn: had === 0 ? 0 : Math.round((cancelled / had) * 10_000) / 10_000,
  };
}

const periodsOf = (rows: readonly Moments[], periods: Periods) =>
  periods.starts.map((start, index) => countsOf(rows, start, periods.starts[index + 1] ?? periods.end));

export async function subscriptionsReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const { current, previous, group } = period;
  const amounts = (await monthlyAmounts(db, storeId, lt(subscriptions.createdAt, current.end))).map(
    (row): Moments => ({ created: row.createdAt.getTime(), cancelled: row.cancelledAt?.getTime() ?? null, monthlyCents: row.monthlyCents }),
  );
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
