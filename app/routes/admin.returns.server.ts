export { shopTimeZone } from "./admin.server";
export { reportRange, returnsReport } from "../../server/returns/returns";
export { formFailure, requireStaffPage } from "./admin.server";
