/**
 * The owner's reports (decision 0064) and the tax report (decision 0063) over a year of a generated 200,000-order
 * shop in New York (tests/support/generated-orders.ts, the shop server/reports/generated-shop.test.ts checks against
 * direct SQL), measured in-process on the functions the report pages and the admin API call: each report for the
 * whole of 2026 by day, week and month, and the tax report for its twelve months. Issue 36's budget is a second each.
 * "Cold" is a report's first run on a newly opened connection pool (no plan or catalogue cached in the server
 * process's backends; PostgreSQL's shared buffers and the OS cache are not emptied, which takes a server restart);
 * "warm" the median of the runs after it. `npx tsx scripts/bench/reports.ts postgres://…` runs it alone.
 */
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { REPORT_GROUPINGS, REPORTS, type ReportGrouping } from "../../core/reports";
import { commandLineActor } from "../../server/audit/audit";
import { openDatabase, type Database } from "../../server/db/client";
import { seedDemoStore } from "../../server/db/seed";
import { taxReport } from "../../server/orders/tax-report";
import { runReport } from "../../server/reports/reports";
import { changeStoreSettings } from "../../server/store/settings";
import { generateShop, type GeneratedShop } from "../../tests/support/generated-orders";

const STORE = "demo";
const TIME_ZONE = "America/New_York";
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 200_000);
/** Warm runs per report after its cold one. */
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const BUDGET_MS = 1000;
const YEAR = { from: "2026-01-01", to: "2026-12-31" };

export type ReportTiming = { report: string; group: ReportGrouping; coldMs: number; warmMs: number; maxWarmMs: number; withinBudget: boolean };
export type ReportsFigures = { shop: GeneratedShop; generateMs: number; runs: number; budgetMs: number; timings: ReportTiming[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Case = { report: string; group: ReportGrouping; run: (db: Database) => Promise<unknown> };

function cases(): Case[] {
  const year = REPORTS.flatMap(({ name }) =>
    REPORT_GROUPINGS.map((group): Case => ({ report: name, group, run: (db) => runReport(db, STORE, name, { ...YEAR, group }) })),
  );
  return [...year, { report: "tax", group: "month", run: (db) => taxReport(db, STORE, { from: YEAR.from.slice(0, 7), to: YEAR.to.slice(0, 7) }) }];
}

export async function benchReports(databaseUrl: string, orders = ORDERS): Promise<ReportsFigures> {
  const loading = await openDatabase(databaseUrl);
  let shop: GeneratedShop;
  const started = performance.now();
  try {
    await loading.migrate();
    await seedDemoStore(loading.db, { storeId: STORE, imagesDir: path.join(os.tmpdir(), "storefront-bench-images") });
    await changeStoreSettings(loading.db, commandLineActor(STORE), { timeZone: TIME_ZONE });
    // The year's orders, and refunds and cancellations of its last days into the next.
    shop = await generateShop(loading.db, STORE, { orders, from: new Date("2026-01-01T05:00:00Z"), to: new Date("2027-01-01T05:00:00Z"), timeZone: TIME_ZONE });
    // Statistics for the fresh load, as autovacuum gathers them within a minute of it (scripts/bench/search.ts too).
    await loading.db.execute(sql`analyze`);
  } finally {
    await loading.close();
  }
  const generateMs = Math.round(performance.now() - started);

  const timings: ReportTiming[] = [];
  for (const { report, group, run } of cases()) {
    const database = await openDatabase(databaseUrl);
    try {
      const time = async () => {
        const at = performance.now();
        await run(database.db);
        return performance.now() - at;
      };
      const coldMs = await time();
      const warm: number[] = [];
      for (let index = 0; index < RUNS; index++) warm.push(await time());
      const warmMs = median(warm);
      timings.push({ report, group, coldMs: Math.round(coldMs), warmMs: Math.round(warmMs), maxWarmMs: Math.round(Math.max(...warm)), withinBudget: Math.max(coldMs, warmMs) < BUDGET_MS });
    } finally {
      await database.close();
    }
  }
  return { shop, generateMs, runs: RUNS, budgetMs: BUDGET_MS, timings };
}

export function printReports(label: string, figures: ReportsFigures) {
  const { shop } = figures;
  console.log(
    `\n## reports of 2026 on ${label}: ${shop.orders} orders (${shop.placed} paid, ${shop.lines} lines, ${shop.refunds} refunds, ${shop.returns} returns, ${shop.subscriptions} subscriptions), generated in ${figures.generateMs} ms; cold run, then median of ${figures.runs} (budget ${figures.budgetMs} ms)`,
  );
  console.table(
    figures.timings.map((timing) => ({
      report: timing.report,
      group: timing.group,
      "cold ms": timing.coldMs,
      "warm median ms": timing.warmMs,
      "warm max ms": timing.maxWarmMs,
      "under budget": timing.withinBudget ? "yes" : "NO",
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("Give a PostgreSQL server: npx tsx scripts/bench/reports.ts postgres://…");
  const { withScratchDatabase } = await import("./scratch-database");
  printReports("PostgreSQL", await withScratchDatabase(url, (scratch) => benchReports(scratch)));
  process.exit(0);
}
