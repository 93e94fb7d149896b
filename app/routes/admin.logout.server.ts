import type { AppDeps } from "../../server/context";
import { clearedStaffSessionCookie, deleteStaffSession, staffSessionToken } from "../../server/staff/sessions";

/** Ends the request's staff session, whether or not it is still live, and the cookie that named it. */
export async function signOutStaff(context: AppDeps, request: Request): Promise<string> {
  await deleteStaffSession(context.db, staffSessionToken(request));
  return clearedStaffSessionCookie(context.config);
}
