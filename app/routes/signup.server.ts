export { formFailure, formValues } from "../../server/accounts/forms";
export { signUp } from "../../server/accounts/sign-in";
