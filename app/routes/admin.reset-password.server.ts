export { INVALID_STAFF_RESET_LINK_MESSAGE, resetStaffPassword, staffResetLinkIsUsable } from "../../server/staff/passwords";
export { formFailure, formValues } from "../../server/accounts/forms";
