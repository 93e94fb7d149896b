export { cartReminderReport } from "../../server/checkout/cart-reminders";
export { pageSpeedReport } from "../../server/analytics/page-speed";
export { analyticsReport, DEFAULT_REPORT_DAYS, recentSessions } from "../../server/analytics/report";
export { requireStaffPage } from "./admin.server";
