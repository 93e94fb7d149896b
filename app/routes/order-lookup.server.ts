export { formFailure, formValues } from "../../server/accounts/forms";
export { requestClientIp } from "../../server/http/client-ip";
export { lookUpOrder } from "../../server/orders/lookup";
