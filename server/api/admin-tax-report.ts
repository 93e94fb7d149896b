/**
 * The tax report (permission `reports`, decisions 0063 and 0064): per month of the shop's time zone and per region, taxable
 * and exempt sales, shipping taxed, tax collected and given back, and the net to file; as JSON and as CSV. Both read
 * server/orders/tax-report.ts, as the back office's /admin/reports/tax does.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import { taxReportQuerySchema, taxReportSchema } from "../../core/schemas/tax-report";
import type { AppEnv } from "../context";
import { toCsv } from "../http/csv";
import { taxReport, taxReportCsvRows, type TaxReport } from "../orders/tax-report";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, csv, csvDownload, errors, json, queryOf, register } from "./operation";

const reportOperation = adminOperation("reports", {
  method: "get",
  path: "/reports/tax",
  summary: "Sales tax per month (in the shop's time zone) and region: taxable and exempt sales, shipping taxed, tax collected, tax refunds gave back, net to file",
  request: { query: taxReportQuerySchema },
  responses: { 200: json(taxReportSchema, "The report"), ...errors({ 400: BAD_INPUT }) },
});

const reportCsvOperation = adminOperation("reports", {
  method: "get",
  path: "/reports/tax.csv",
  summary: "The same report as CSV, one row per month and region, money in dollars, each row naming the time zone",
  request: { query: taxReportQuerySchema },
  responses: { 200: csv("One row per month and region, with a header row"), ...errors({ 400: BAD_INPUT }) },
});

function reportBody(report: TaxReport): z.infer<typeof taxReportSchema> {
  return {
    from: report.from,
    to: report.to,
    time_zone: report.timeZone,
    rows: report.rows.map((row) => ({
      month: row.month,
      country: row.country,
      region: row.region,
      taxable_sales_cents: row.taxableSalesCents,
      exempt_sales_cents: row.exemptSalesCents,
      shipping_taxed_cents: row.shippingTaxedCents,
      tax_collected_cents: row.taxCollectedCents,
      tax_returned_cents: row.taxReturnedCents,
      net_tax_cents: row.netTaxCents,
    })),
  };
}

export function adminTaxReportRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  register(routes, reportOperation, async (c) => c.json(reportBody(await taxReport(c.var.deps.db, c.var.deps.storeId, queryOf(c, reportOperation)))));
  register(routes, reportCsvOperation, async (c) =>
    csvDownload(c, "tax-report.csv", toCsv(taxReportCsvRows(await taxReport(c.var.deps.db, c.var.deps.storeId, queryOf(c, reportCsvOperation))))),
  );
  return routes;
}
