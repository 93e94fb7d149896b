export { changeStaffRole, createStaff, listStaff, removeStaff } from "../../server/staff/accounts";
export { isTotpRequired, setTotpRequired } from "../../server/staff/totp";
export { formFailure, formValues, HttpError, requireStaffPage } from "./admin.server";
export { sendStaffPasswordReset } from "../../server/staff/passwords";
