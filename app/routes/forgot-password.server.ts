export { formFailure, formValues } from "./account-form.server";
export { forgotPassword } from "../../server/accounts/sign-in";
