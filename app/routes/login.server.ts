export { formFailure, formValues } from "./account-form.server";
export { currentCustomer } from "../../server/accounts/session";
export { setCookies, signIn, signOut } from "../../server/accounts/sign-in";
