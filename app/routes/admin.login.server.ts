import { staffOfSession, staffSessionToken } from "../../server/staff/sessions";
import type { AppDeps } from "../../server/context";

export { signInStaff } from "../../server/staff/sign-in";
export { CODE_REQUIRED_MESSAGE, INVALID_CODE_MESSAGE } from "../../server/staff/totp";
export { formFailure, formValues } from "../../server/accounts/forms";

export async function isSignedIn(context: AppDeps, request: Request): Promise<boolean> {
  return (await staffOfSession(context.db, context.storeId, staffSessionToken(request))) !== null;
}

/**
 * Where a signed-in member goes: the page they came from when it is a path of this site, else the back office.
 * Anything else (another origin, `//host`, a backslash some browsers read as a slash) could send them off-site.
 */
export function sameOriginPath(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith("/") || requested.startsWith("//") || requested.includes("\\")) return "/admin";
  return requested;
}
