export { failureOf, formValues, invalidForm } from "../../server/accounts/forms";
export { signUp } from "../../server/accounts/sign-in";
