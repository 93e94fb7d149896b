export { formFailure, formValues } from "../../server/accounts/forms";
export { currentCustomer } from "../../server/accounts/session";
export { setCookies, signIn, signOut } from "../../server/sign-in/sign-in";
