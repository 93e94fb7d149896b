/**
 * The first run: a store without staff gets a one-time link, valid 24 hours, whose use creates its owner. `npm
 * start` prints it; only its SHA-256 is stored. Each start makes a new link and leaves earlier ones valid until
 * they lapse (several instances starting together each print one); the first used makes the owner, and from then
 * on every link is refused, since the store has staff.
 */
import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { AuditActor } from "../audit/audit";
import type { Database } from "../db/client";
import { staffSetupLinks, stores } from "../db/schema";
import { requestClientIp } from "../http/client-ip";
import { limitAccountAttempt } from "../accounts/limits";
import { hashToken, newToken } from "../accounts/session";
import { hasStaff, hashNewStaffPassword, insertStaff, type StaffMember } from "./accounts";
import { createStaffSession, staffSessionCookie, staffSessionToken } from "./sessions";
import { badInput, gone } from "../../core/errors";
import { changeStoreSettings } from "../store/settings";

export const SETUP_LINK_MS = 24 * 60 * 60 * 1000;

export const INVALID_SETUP_LINK_MESSAGE = "This setup link is not valid";
export const USED_SETUP_LINK_MESSAGE = "This setup link has already been used";
export const EXPIRED_SETUP_LINK_MESSAGE = "This setup link has expired; restart the shop for a new one";

type SetupDeps = Pick<AppDeps, "db" | "storeId" | "config">;

/** The address of a new setup link when the store has no staff yet; null once it has. */
export async function ensureSetupLink(deps: SetupDeps, now = new Date()): Promise<string | null> {
  if (await hasStaff(deps.db, deps.storeId)) return null;
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.delete(staffSetupLinks).where(and(eq(staffSetupLinks.storeId, deps.storeId), lt(staffSetupLinks.expiresAt, now)));
    await tx.insert(staffSetupLinks).values({
      tokenHash: hashToken(token),
      storeId: deps.storeId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_MS),
    });
  });
  return `${deps.config.publicUrl}/admin/setup?token=${token}`;
}

export type OwnerSetup = { storeId: string; token: string; email: string; name: string; password: string; time_zone?: string };

/** More of the setup, done in its transaction as the new owner: a shop started empty loses the demo (server/demo). */
export type SetupStep = (tx: Database, owner: AuditActor) => Promise<unknown>;

/**
 * Creates the owner from a setup link and signs them in: their member record and session cookie. The shop's time
 * zone, when chosen, is set in the same transaction, audited as the new owner's change, and so is `alsoInTransaction`.
 */
export async function completeSetup(
  deps: Pick<AppDeps, "db" | "config" | "rateLimiter">,
  request: Request,
  input: OwnerSetup,
  now = new Date(),
  alsoInTransaction?: SetupStep,
): Promise<{ member: StaffMember; cookie: string }> {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId);
  const passwordHash = await hashNewStaffPassword(input.password);
  const member = await deps.db.transaction(async (tx) => {
    // One setup at a time per store: two links used at once cannot make two first owners.
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId)).for("update");
    const [link] = await tx
      .select()
      .from(staffSetupLinks)
      .where(and(eq(staffSetupLinks.tokenHash, hashToken(input.token)), eq(staffSetupLinks.storeId, input.storeId)));
    if (!link) throw badInput(INVALID_SETUP_LINK_MESSAGE, "token");
    if (link.usedAt || (await hasStaff(tx, input.storeId))) throw gone(USED_SETUP_LINK_MESSAGE, "token");
    if (link.expiresAt <= now) throw gone(EXPIRED_SETUP_LINK_MESSAGE, "token");
    await tx.update(staffSetupLinks).set({ usedAt: now }).where(eq(staffSetupLinks.tokenHash, link.tokenHash));
    const owner = await insertStaff(tx, input.storeId, { email: input.email, name: input.name, passwordHash, role: "owner" }, "self");
    const actor: AuditActor = { storeId: input.storeId, kind: "staff", id: owner.id, label: owner.email };
    if (input.time_zone) await changeStoreSettings(tx, actor, { timeZone: input.time_zone });
    await alsoInTransaction?.(tx, actor);
    return owner;
  });
  const session = await createStaffSession(deps.db, input.storeId, member.id, staffSessionToken(request));
  return { member, cookie: staffSessionCookie(deps.config, session) };
}
