export { getDeskOrder } from "../../server/orders/desk";
export { KNOWN_CARRIERS } from "../../server/orders/carriers";
export { addOrderNote, cancelOrder, fulfilOrder, refundOrder, resendOrderConfirmation } from "../../server/orders/operations";
export { formFailure, formValues, foundOrNotFound, HttpError, orderNumberOf, requireStaffPage } from "./admin.server";
export { documentsOfOrderNumber } from "../../server/orders/invoices";
