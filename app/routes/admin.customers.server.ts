export { getDeskCustomer, listDeskCustomers } from "../../server/customers/desk";
export { HttpError, requireStaffPage } from "./admin.server";
