export { formFailure, formValues } from "../../server/accounts/forms";
export { signUp } from "../../server/sign-in/sign-in";
