export { listAudit } from "../../server/audit/audit";
export { requireStaffPage } from "./admin.server";
