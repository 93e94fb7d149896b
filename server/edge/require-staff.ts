/**
 * The gate of every admin route: who is asking (a staff session cookie, or an API token as `Authorization: Bearer`)
 * and whether their role may do this (core/staff-roles.ts), checked on each request, never remembered. No valid
 * session or token is 401; a role without the permission is 403. The actor is left on the context for the handler
 * and the audit trail.
 */
import type { Context, MiddlewareHandler } from "hono";
import { can, type Permission, type StaffRole } from "../../core/staff-roles";
import type { AppEnv } from "../context";
import type { StaffMember } from "../staff/accounts";
import type { AuditActor } from "../audit/audit";
import { staffOfRequest } from "../staff/signed-in";
import { tokenOfBearer } from "../staff/tokens";
import { TOTP_REQUIRED_MESSAGE } from "../staff/totp";
import { HttpError } from "../http/errors";

export const SIGN_IN_REQUIRED_MESSAGE = "Sign-in required";
export const FORBIDDEN_MESSAGE = "Forbidden";

export type StaffActor = AuditActor & {
  role: StaffRole;
  /** The signed-in member; none for an API token. */
  member: StaffMember | null;
  /** The owner requires two-step sign-in and this member has not set it up: only their own account answers. */
  totpSetupRequired: boolean;
};

declare module "hono" {
  interface ContextVariableMap {
    staffActor: StaffActor;
  }
}

/**
 * What a route needs: a permission of the matrix, or `own-account` for a signed-in member's own settings (their
 * TOTP, sign-out), which every role has and an API token, acting for nobody in particular, has not.
 */
export type Access = Permission | "own-account";

async function actorOf(c: Context<AppEnv>, storeId: string): Promise<StaffActor | null> {
  const { db } = c.var.deps;
  const bearer = /^Bearer(?:\s+(.*))?$/i.exec(c.req.header("authorization")?.trim() ?? "");
  // A request that names a token stands or falls by it; it never falls back on a cookie it may also carry. Other
  // schemes (the browser's basic auth for /admin/analytics) are not ours and leave the cookie to decide.
  if (bearer) {
    const token = bearer[1] ? await tokenOfBearer(db, storeId, bearer[1]) : null;
    return token && { storeId, kind: "token", id: token.id, label: token.name, role: token.role, member: null, totpSetupRequired: false };
  }
  const signedIn = await staffOfRequest(db, storeId, c.req.raw);
  if (!signedIn) return null;
  const { member, totpSetupRequired } = signedIn;
  return { storeId, kind: "staff", id: member.id, label: member.email, role: member.role, member, totpSetupRequired };
}

/** Why a signed-in `actor` may not do `access` (403), or nothing when it may: the gate's one rule. */
function refusalOf(actor: StaffActor, access: Access): HttpError | undefined {
  if (access === "own-account") return actor.kind === "staff" ? undefined : new HttpError(403, FORBIDDEN_MESSAGE);
  if (actor.totpSetupRequired) return new HttpError(403, TOTP_REQUIRED_MESSAGE);
  if (!can(actor.role, access)) return new HttpError(403, FORBIDDEN_MESSAGE);
  return undefined;
}

export function requireStaff(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = await actorOf(c, c.var.deps.storeId);
    if (!actor) throw new HttpError(401, SIGN_IN_REQUIRED_MESSAGE);
    const refusal = refusalOf(actor, access);
    if (refusal) throw refusal;
    c.set("staffActor", actor);
    await next();
  };
}

/**
 * Whether the request's caller would pass `requireStaff(access)` in the deployment's store: asked by the body limits
 * (edge/body-limits.ts) before the body is read, and so before the request's own store is resolved from it.
 */
export async function passesStaffGate(c: Context<AppEnv>, access: Access): Promise<boolean> {
  const actor = await actorOf(c, c.var.deps.storeId);
  return actor !== null && refusalOf(actor, access) === undefined;
}

/** The member an `own-account` route serves (requireStaff let no token through to it). */
export function signedInMember(c: Context<AppEnv>): StaffMember {
  const member = c.var.staffActor.member;
  if (!member) throw new HttpError(403, FORBIDDEN_MESSAGE);
  return member;
}
