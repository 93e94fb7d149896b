export { listAudit } from "../../server/audit/audit";
export { requireStaffPage, shopTimeZone } from "./admin.server";
