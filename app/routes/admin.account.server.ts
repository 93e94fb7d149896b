export { confirmTotp, disableTotp, enrolTotp, isTotpRequired, TOTP_REQUIRED_MESSAGE } from "../../server/staff/totp";
export { formFailure, formValues, HttpError, requireStaffPage } from "./admin.server";
export { setOrderNotices } from "../../server/staff/accounts";
export { retryAfterHeader } from "../../server/http/rate-limit";
