export { getCustomerOrder } from "../../server/accounts/customer-orders";
export { currentCustomer } from "../../server/accounts/session";
