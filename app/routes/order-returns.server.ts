export { customerReturnsPage, mayReturn } from "../../server/returns/customer";
export { startReturn } from "../../server/returns/returns";
export { currentCustomer } from "../../server/accounts/session";
export { formFailure } from "../../server/accounts/forms";
