export { listCustomerOrders } from "../../server/accounts/customer-orders";
export { currentCustomer } from "../../server/accounts/session";
export { setCookies, signOut } from "../../server/sign-in/sign-in";
export { logger } from "../../server/logger";
