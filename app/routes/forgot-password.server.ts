export { formFailure, formValues } from "../../server/accounts/forms";
export { forgotPassword } from "../../server/accounts/sign-in";
