export { analyticsReport, DEFAULT_REPORT_DAYS, recentSessions } from "../../server/analytics/report";
export { requireAdmin } from "../../server/http/admin-auth";
