/**
 * Every report by its name (core/reports.ts lists them): the use case the back office's page and the admin API both
 * call, with the shop's time zone and the range the query asks for (decision 0064).
 */
import type { Report, ReportName } from "../../core/reports";
import type { ReportQuery } from "../../core/schemas/admin-reports";
import type { Database } from "../db/client";
import { shopTimeZone } from "../store/settings";
import { conversionReport } from "./conversion";
import { customersReport } from "./customers";
import { reportPeriod, type ReportPeriod } from "./period";
import { productsReport } from "./products";
import { salesReport } from "./sales";
import { subscriptionsReport } from "./subscriptions";
import { trafficReport } from "./traffic";

export const REPORT_USE_CASES: Record<ReportName, (db: Database, storeId: string, period: ReportPeriod) => Promise<Report>> = {
  sales: salesReport,
  products: productsReport,
  customers: customersReport,
  conversion: conversionReport,
  traffic: trafficReport,
  subscriptions: subscriptionsReport,
};

export async function runReport(db: Database, storeId: string, name: ReportName, query: ReportQuery, now = new Date()): Promise<Report> {
  return REPORT_USE_CASES[name](db, storeId, reportPeriod(query, await shopTimeZone(db, storeId), now));
}

export { reportCsvRows } from "./shape";
