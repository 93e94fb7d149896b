export { formFailure, formValues } from "../../server/accounts/forms";
export { forgotPassword } from "../../server/sign-in/sign-in";
