/**
 * The conversion report (decision 0065): for each day, week or month of the range, the shop's own analytics sessions,
 * and those that put something in the cart, reached the checkout and ordered, each step as a rate of the sessions.
 * It reads the analytics' daily totals, on the shop's day each session started (raw sessions expire and a busy shop
 * has millions): the steps are the analytics funnel's (add_to_cart, checkout) and its purchased visits, counted
 * independently as the analytics report counts them (decision 0009).
 */
import type { Report, ReportColumn, ReportValueKind } from "../../core/reports";
import type { Database } from "../db/client";
import { dailyTotals } from "../analytics/daily";
import { periodIndexOf, periodLabel, type Periods, type ReportPeriod } from "./period";
import { chartOf, periodColumn, rateOf, reportDays } from "./shape";

type Steps = { sessions: number; carts: number; checkouts: number; orders: number };
type Step = keyof Steps;

/** Each step, as the daily totals count it. */
const STEP_OF: Record<string, Step> = {
  "sessions\u0000": "sessions",
  "funnel\u0000add_to_cart": "carts",
  "funnel\u0000checkout": "checkouts",
  "cart_status\u0000purchased": "orders",
};

const NONE: Steps = { sessions: 0, carts: 0, checkouts: 0, orders: 0 };

/** The steps of each period of `periods`. */
async function stepsIn(db: Database, storeId: string, periods: Periods): Promise<Steps[]> {
  const each = periods.days.map(() => ({ ...NONE }));
  for (const row of await dailyTotals(db, storeId, ["sessions", "funnel", "cart_status"], periods.from, periods.to)) {
    const step = STEP_OF[`${row.kind}\u0000${row.key}`];
    if (step) each[periodIndexOf(periods, row.day)][step] += row.count;
  }
  return each;
}

const summed = (rows: Steps[]): Steps => rows.reduce((total, row) => ({
  sessions: total.sessions + row.sessions,
  carts: total.carts + row.carts,
  checkouts: total.checkouts + row.checkouts,
  orders: total.orders + row.orders,
}), NONE);

const MEASURES: readonly { label: string; kind: ReportValueKind; of: (steps: Steps) => number }[] = [
  { label: "Sessions", kind: "count", of: (steps) => steps.sessions },
  { label: "Sessions with a cart", kind: "count", of: (steps) => steps.carts },
  { label: "Cart rate", kind: "rate", of: (steps) => rateOf(steps.carts, steps.sessions) },
  { label: "Reached checkout", kind: "count", of: (steps) => steps.checkouts },
  { label: "Checkout rate", kind: "rate", of: (steps) => rateOf(steps.checkouts, steps.sessions) },
  { label: "Ordered", kind: "count", of: (steps) => steps.orders },
  { label: "Conversion rate", kind: "rate", of: (steps) => rateOf(steps.orders, steps.sessions) },
];

export async function conversionReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const { current, previous, group } = period;
  const [now, before] = await Promise.all([stepsIn(db, storeId, current), stepsIn(db, storeId, previous)]);
  const total = summed(now);
  const previousTotal = summed(before);
  const labels = current.days.map((day) => periodLabel(day, group));
  const columns: ReportColumn[] = [periodColumn(group), ...MEASURES.map(({ label, kind }) => ({ label, kind }))];
  const row = (label: string, steps: Steps) => [label, ...MEASURES.map(({ of }) => of(steps))];
  return {
    name: "conversion",
    title: "Conversion",
    ...reportDays(period),
    figures: MEASURES.map(({ label, kind, of }) => ({ label, kind, current: of(total), previous: of(previousTotal) })),
    chart: chartOf(`Conversion rate by ${group}`, "rate", now.map((steps, index) => ({ label: labels[index], value: rateOf(steps.orders, steps.sessions) }))),
    tables: [
      {
        title: `Conversion by ${group}`,
        columns,
        rows: [
          ...now.map((steps, index) => row(labels[index], steps)),
          row("Total", total),
          row(`Previous period (${previous.from} to ${previous.to})`, previousTotal),
        ],
      },
    ],
  };
}
