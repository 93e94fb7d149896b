export { USED_SETUP_LINK_MESSAGE, INVALID_SETUP_LINK_MESSAGE } from "../../server/staff/setup-link";
export { setUpShop } from "../../server/demo/shop-setup";
export { hasStaff } from "../../server/staff/accounts";
export { formFailure, formValues } from "../../server/accounts/forms";
export { serverTimeZone, timeZoneNames } from "@core/shop-dates";
