export { packingSlips } from "../../server/orders/slips";
export { isRefusal } from "../../core/errors";
export { requireStaffPage } from "./admin.server";
