export { formFailure } from "../../server/accounts/forms";
export { resetTokenIsUsable } from "../../server/accounts/password-reset";
export { chooseNewPassword } from "../../server/sign-in/sign-in";
export { HttpError } from "../../server/http/errors";
