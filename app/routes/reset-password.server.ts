export { failureOf, invalidForm } from "../../server/accounts/forms";
export { resetTokenIsUsable } from "../../server/accounts/password-reset";
export { chooseNewPassword } from "../../server/accounts/sign-in";
