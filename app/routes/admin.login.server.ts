import { staffOfSession, staffSessionToken } from "../../server/staff/sessions";
import type { AppDeps } from "../../server/context";

export { signInStaff } from "../../server/staff/sign-in";
export { CODE_REQUIRED_MESSAGE, INVALID_CODE_MESSAGE } from "../../server/staff/totp";
export { formFailure, formValues } from "../../server/accounts/forms";
export { retryAfterHeader } from "../../server/http/rate-limit";

export async function isSignedIn(context: AppDeps, request: Request): Promise<boolean> {
  return (await staffOfSession(context.db, context.storeId, staffSessionToken(request))) !== null;
}

