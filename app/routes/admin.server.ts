/**
 * The gate of every back-office page's loader and action: the staff session cookie (server/staff/sessions.ts) and
 * the role matrix (core/staff-roles.ts), checked on each request. Pages are never opened with an API token, so
 * only the cookie counts. No session: to sign-in, with the way back. A role without the permission: 403. A member
 * the owner requires two-step sign-in of, who has none yet: to their account, the one page that sets it up.
 */
import { data, redirect } from "react-router";
import { can } from "@core/staff-roles";
import type { AppDeps } from "../../server/context";
import type { Access } from "../../server/edge/require-staff";
import type { StaffMember } from "../../server/staff/accounts";
import type { AuditActor } from "../../server/staff/audit";
import { staffOfRequest } from "../../server/staff/signed-in";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";

export type SignedInStaff = { member: StaffMember; actor: AuditActor; totpSetupRequired: boolean };

export const ACCOUNT_PATH = "/admin/account";

export function signInAddress(request: Request): string {
  const url = new URL(request.url);
  return `/admin/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

export async function requireStaffPage(context: AppDeps, request: Request, access: Access): Promise<SignedInStaff> {
  const signedIn = await staffOfRequest(context.db, context.storeId, request);
  if (!signedIn) throw redirect(signInAddress(request), { headers: ADMIN_PAGE_HEADERS });
  const { member, totpSetupRequired } = signedIn;
  if (access !== "own-account") {
    if (totpSetupRequired) throw redirect(ACCOUNT_PATH, { headers: ADMIN_PAGE_HEADERS });
    if (!can(member.role, access)) throw data({ status: 403 }, { status: 403, headers: ADMIN_PAGE_HEADERS });
  }
  const actor: AuditActor = { storeId: context.storeId, kind: "staff", id: member.id, label: member.email };
  return { member, actor, totpSetupRequired };
}

export { formFailure, formValues, type FormFailure } from "../../server/accounts/forms";
export { HttpError } from "../../server/http/errors";
