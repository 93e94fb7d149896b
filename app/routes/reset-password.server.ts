export { formFailure } from "./account-form.server";
export { resetTokenIsUsable } from "../../server/accounts/password-reset";
export { chooseNewPassword } from "../../server/accounts/sign-in";
export { HttpError } from "../../server/http/errors";
