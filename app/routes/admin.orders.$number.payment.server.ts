export { getDeskOrder } from "../../server/orders/desk";
export { markOrderPaidAnotherWay, resendPaymentLink } from "../../server/orders/payment-links";
export { formFailure, formValues, foundOrNotFound, HttpError, orderNumberOf, requireStaffPage } from "./admin.server";
