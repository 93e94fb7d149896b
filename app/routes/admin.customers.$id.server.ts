export { getDeskCustomer, saveCustomerProfile } from "../../server/customers/desk";
export { formFailure, formValues, foundOrNotFound, requireStaffPage } from "./admin.server";
