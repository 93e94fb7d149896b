export { listDeskCustomers } from "../../server/customers/desk";
export { readList, requireStaffPage } from "./admin.server";
