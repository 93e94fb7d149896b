export { formFailure, formValues } from "../../server/accounts/forms";
export { requestStockAlert } from "../../server/catalog/stock-alerts";
export { requestClientIp } from "../../server/http/client-ip";
