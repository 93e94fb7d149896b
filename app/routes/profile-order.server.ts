export { getCustomerOrderInWords } from "../../server/orders/customer-order";
export { currentCustomer } from "../../server/accounts/session";
