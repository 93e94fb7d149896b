export { getDeskCustomer } from "../../server/customers/desk";
export { HttpError, requireStaffPage } from "./admin.server";
