export { requestStaffPasswordReset, STAFF_RESET_REQUESTED_MESSAGE } from "../../server/staff/passwords";
export { requestClientIp } from "../../server/http/client-ip";
export { formFailure, formValues } from "../../server/accounts/forms";
export { retryAfterHeader } from "../../server/http/rate-limit";
