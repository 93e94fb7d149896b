export { formFailure, formValues } from "./account-form.server";
export { signUp } from "../../server/accounts/sign-in";
