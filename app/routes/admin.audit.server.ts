export { listAudit } from "../../server/staff/audit";
export { requireStaffPage } from "./admin.server";
