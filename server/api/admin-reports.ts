/**
 * The reports (permission `reports`, decision 0064): each at /reports/{name} as JSON and /reports/{name}.csv, for the
 * range and grouping the query asks, answered by the use case the back office's report page calls.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { REPORTS, type Report } from "../../core/reports";
import { reportQuerySchema, reportSchema } from "../../core/schemas/admin-reports";
import type { AppEnv } from "../context";
import { toCsv } from "../http/csv";
import { reportCsvRows, runReport } from "../reports/reports";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, csv, csvDownload, errors, json, queryOf, register } from "./operation";

const reportBody = ({ previousFrom, previousTo, timeZone, ...report }: Report) => ({ ...report, previous_from: previousFrom, previous_to: previousTo, time_zone: timeZone });

export function adminReportsRoutes() {
  const admin = new OpenAPIHono<AppEnv>();
  for (const { name, title, summary } of REPORTS) {
    const asJson = adminOperation("reports", {
      method: "get",
      path: `/reports/${name}`,
      summary: `${title}: ${summary}`,
      request: { query: reportQuerySchema },
      responses: { 200: json(reportSchema, "The report's figures beside the previous period's, its chart and its tables"), ...errors({ 400: BAD_INPUT }) },
    });
    const asCsv = adminOperation("reports", {
      method: "get",
      path: `/reports/${name}.csv`,
      summary: `${title} as CSV: the figures beside the previous period's, then each table; money in dollars`,
      request: { query: reportQuerySchema },
      responses: { 200: csv("The figures, then each table under its title"), ...errors({ 400: BAD_INPUT }) },
    });
    register(admin, asJson, async (c) => c.json(reportBody(await runReport(c.var.deps.db, c.var.deps.storeId, name, queryOf(c, asJson)))));
    register(admin, asCsv, async (c) =>
      csvDownload(c, `${name}-report.csv`, toCsv(reportCsvRows(await runReport(c.var.deps.db, c.var.deps.storeId, name, queryOf(c, asCsv))))),
    );
  }
  return admin;
}
