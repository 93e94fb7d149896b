export { failureOf, formValues, invalidForm } from "../../server/accounts/forms";
export { forgotPassword } from "../../server/accounts/sign-in";
