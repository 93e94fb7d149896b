export { formFailure, formValues } from "../../server/accounts/forms";
export { requestClientIp } from "../../server/http/client-ip";
export { lookUpOrder } from "../../server/orders/lookup";
export { returnsPathOfFound } from "../../server/returns/customer";
export { documentsWithSignedLinks } from "../../server/orders/invoices";
