export { searchBackOffice } from "../../server/back-office/search";
export { requireStaffPage } from "./admin.server";
