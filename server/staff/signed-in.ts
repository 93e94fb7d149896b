/**
 * Who a request's staff cookie signs in: shared by the admin API's gate (server/edge/require-staff.ts) and the
 * admin pages' (app/routes/admin.server.ts), so both read a session and the owner's two-step rule the same way.
 */
import type { Database } from "../db/client";
import type { StaffMember } from "./accounts";
import { staffOfSession, staffSessionToken } from "./sessions";
import { isTotpRequired } from "./totp";

export type SignedInMember = {
  member: StaffMember;
  /** The owner requires two-step sign-in and this member has not set it up: only their own account answers. */
  totpSetupRequired: boolean;
};

export async function staffOfRequest(db: Database, storeId: string, request: Request): Promise<SignedInMember | null> {
  const member = await staffOfSession(db, storeId, staffSessionToken(request));
  if (!member) return null;
  return { member, totpSetupRequired: !member.totpEnabled && (await isTotpRequired(db, storeId)) };
}
