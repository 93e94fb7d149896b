export { confirmTotp, disableTotp, enrolTotp, isTotpRequired, qrCodeSvg, renewBackupCodes, TOTP_REQUIRED_MESSAGE } from "../../server/staff/totp";
export { backupCodesLeft } from "../../server/staff/backup-codes";
export { changeOwnPassword } from "../../server/staff/passwords";
export { staffSessionToken } from "../../server/staff/sessions";
export { requestClientIp } from "../../server/http/client-ip";
export { formFailure, formValues, HttpError, requireStaffPage } from "./admin.server";
export { setOrderNotices } from "../../server/staff/accounts";
export { retryAfterHeader } from "../../server/http/rate-limit";
