/**
 * The shop's field speed (permission `analytics`): the report the owner's analytics screen shows, for scripts and
 * dashboards (server/analytics/page-speed.ts).
 */
import { pageSpeedReportSchema } from "../../core/schemas/page-speed";
import { pageSpeedReport } from "../analytics/page-speed";
import { adminOperation } from "./admin-operation";
import { json, oneOperationRoutes } from "./operation";

const pageSpeedOperation = adminOperation("analytics", {
  method: "get",
  path: "/analytics/page-speed",
  summary: "Shoppers' measured speed over 28 days: LCP, INP, CLS and TTFB at the 75th percentile per page type, rated, and by day",
  responses: { 200: json(pageSpeedReportSchema, "The field speed report") },
});

export function adminPageSpeedRoutes() {
  return oneOperationRoutes(pageSpeedOperation, async (c) => c.json(await pageSpeedReport(c.var.deps.db, c.var.deps.storeId)));
}
