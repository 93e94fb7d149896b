/**
 * A staff member's password after the account is made (decision 0070): changed by the member with the current one,
 * or chosen again through a one-time link valid for an hour, which the owner sends from the staff screen or the
 * member asks for at the sign-in page. Either way the customers' password rules and hashing apply
 * (accounts/passwords.ts), the member's other sessions end, and the audit trail records it (never the password).
 * Only a reset token's SHA-256 is kept, as for customers' links (accounts/password-reset.ts).
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { staff, staffPasswordResets, stores } from "../db/schema";
import { logger } from "../logger";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { limitAccountAttempt } from "../accounts/limits";
import { verifyPassword } from "../accounts/passwords";
import { hashToken, newToken } from "../accounts/session";
import { recordAudit, type AuditActor } from "../audit/audit";
import { normalizeEmail } from "../../core/email-address";
import { badInput, notFound, ruleBroken } from "../../core/errors";
import { hashNewStaffPassword, STAFF_NOT_FOUND_MESSAGE } from "./accounts";
import { endStaffSessions } from "./sessions";

export const RESET_LINK_MINUTES = 60;
/** Reset mails one member receives in an hour at most, whoever asks: a member's inbox is not a target to flood. */
export const STAFF_RESET_MAILS_PER_HOUR = 3;

export const WRONG_CURRENT_PASSWORD_MESSAGE = "The current password is not right";
export const INVALID_STAFF_RESET_LINK_MESSAGE = "This link to choose a new password is not valid any more: it was used, or its hour has passed";
export const TOO_MANY_RESET_MAILS_MESSAGE = `This member was sent ${STAFF_RESET_MAILS_PER_HOUR} links in the last hour; the newest still works`;
/** What the sign-in page's "Forgot your password?" tells, whether or not the email has an account. */
export const STAFF_RESET_REQUESTED_MESSAGE = `If a staff account has this email, a link to choose a new password is on its way. It works once, for ${RESET_LINK_MINUTES} minutes.`;

const selfActor = (storeId: string, member: { id: number; email: string }): AuditActor => ({ storeId, kind: "staff", id: member.id, label: member.email });

/**
 * The member's own change: the current password first (counted against the sign-in's limits, so a session left open
 * is no way to guess it), then the new one under the password rules. Every other session of the member ends; the
 * one of `keepToken`, the browser that asked, stays.
 */
export async function changeOwnPassword(
  deps: Pick<AppDeps, "db" | "rateLimiter">,
  actor: AuditActor,
  input: { staffId: number; currentPassword: string; newPassword: string; clientIp: string; keepToken?: string },
): Promise<void> {
  const [member] = await deps.db
    .select({ email: staff.email, passwordHash: staff.passwordHash })
    .from(staff)
    .where(and(eq(staff.id, input.staffId), eq(staff.storeId, actor.storeId)));
  if (!member) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  await limitAccountAttempt(deps.rateLimiter, input.clientIp, actor.storeId, member.email);
  if (!(await verifyPassword(input.currentPassword, member.passwordHash))) throw badInput(WRONG_CURRENT_PASSWORD_MESSAGE, "current_password");
  const passwordHash = await hashNewStaffPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // Only over the hash just checked: a reset that landed meanwhile is not overwritten by a password it never knew.
    const changed = await tx
      .update(staff)
      .set({ passwordHash })
      .where(and(eq(staff.id, input.staffId), eq(staff.passwordHash, member.passwordHash)))
      .returning({ id: staff.id });
    if (changed.length === 0) throw badInput(WRONG_CURRENT_PASSWORD_MESSAGE, "current_password");
    await spendResetLinks(tx, input.staffId);
    const ended = await endStaffSessions(tx, input.staffId, input.keepToken);
    await recordAudit(tx, actor, {
      action: "staff.password-change",
      entity: "staff",
      entityId: input.staffId,
      before: { other_sessions: ended },
      after: { other_sessions: 0 },
    });
  });
}

type ResetTarget = { id: number; email: string; name: string; storeName: string };

/**
 * A new reset token for the member, or null when they have had STAFF_RESET_MAILS_PER_HOUR this hour. Counted under
 * a lock on the member's row, so requests on any instance take turns and each sees the others' tokens.
 */
async function issueResetToken(db: Database, storeId: string, where: { id: number } | { email: string }, sentBy?: AuditActor) {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staff.id, email: staff.email, name: staff.name, storeName: stores.name })
      .from(staff)
      .innerJoin(stores, eq(stores.id, staff.storeId))
      .where(and(eq(staff.storeId, storeId), "id" in where ? eq(staff.id, where.id) : eq(staff.emailNormalized, normalizeEmail(where.email))))
      .for("update", { of: staff });
    if (!member) return { member: null, token: null };
    const [recent] = await tx
      .select({ links: count() })
      .from(staffPasswordResets)
      .where(and(eq(staffPasswordResets.staffId, member.id), gt(staffPasswordResets.createdAt, sql`now() - interval '1 hour'`)));
    if (recent.links >= STAFF_RESET_MAILS_PER_HOUR) return { member, token: null };
    const token = newToken();
    await tx.insert(staffPasswordResets).values({
      tokenHash: hashToken(token),
      storeId,
      staffId: member.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    if (sentBy) {
      await recordAudit(tx, sentBy, { action: "staff.password-reset-send", entity: "staff", entityId: member.id, before: null, after: { email: member.email } });
    }
    return { member, token };
  });
}

async function sendResetMail(deps: Pick<AppDeps, "mailer" | "config">, storeId: string, member: ResetTarget, token: string, sentBy: string | null) {
  const link = new URL("/admin/reset-password", deps.config.publicUrl);
  link.searchParams.set("token", token);
  const why = sentBy
    ? `${sentBy} sent you this link to choose a new password for the back office of ${member.storeName}.`
    : `Someone, probably you, asked to choose a new password for the back office of ${member.storeName}.`;
  const lasts = `The link works once, for ${RESET_LINK_MINUTES} minutes. Choosing a new password signs you out everywhere; two-step sign-in stays as it is.`;
  await deps.mailer.send({
    storeId,
    to: member.email,
    subject: `Choose a new password for ${member.storeName}'s back office`,
    kind: "staff-password-reset",
    text: [`Hello ${member.name},`, "", why, link.toString(), "", lasts, "If you did not expect this, ignore it: your password stays as it is."].join("\n"),
    html: layoutHtml(
      member.storeName,
      `<p>Hello ${escapeHtml(member.name)},</p>
<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(link.toString())}">Choose a new password</a></p>
<p>Or open this link: ${escapeHtml(link.toString())}</p>
<p>${escapeHtml(lasts)} If you did not expect this, ignore it: your password stays as it is.</p>`,
    ),
  });
}

/**
 * The owner sends a member the link (the staff screen; the `staff` permission, the owner's alone). Over the hour's
 * limit the owner is told, since they know the account exists anyway.
 */
export async function sendStaffPasswordReset(deps: Pick<AppDeps, "db" | "mailer" | "config">, actor: AuditActor, staffId: number): Promise<void> {
  const { member, token } = await issueResetToken(deps.db, actor.storeId, { id: staffId }, actor);
  if (!member) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  if (!token) throw ruleBroken(TOO_MANY_RESET_MAILS_MESSAGE);
  await sendResetMail(deps, actor.storeId, member, token, actor.label);
}

/**
 * "Forgot your password?" at the sign-in page: mails the member of `email`, if there is one, the link. The answer is
 * the same either way, and the mail goes after it, so neither its words nor its timing tell which emails have an
 * account. Counted against the sign-in's limits (per address, per email).
 */
export async function requestStaffPasswordReset(deps: AppDeps, storeId: string, email: string, clientIp: string): Promise<void> {
  await limitAccountAttempt(deps.rateLimiter, clientIp, storeId, email);
  const { member, token } = await issueResetToken(deps.db, storeId, { email });
  if (!member || !token) return;
  void sendResetMail(deps, storeId, member, token, null).catch((error: unknown) => {
    logger.error({ err: error, storeId }, "staff password reset mail failed");
  });
}

async function spendResetLinks(tx: Database, staffId: number) {
  await tx.update(staffPasswordResets).set({ usedAt: new Date() }).where(and(eq(staffPasswordResets.staffId, staffId), isNull(staffPasswordResets.usedAt)));
}

const usableLink = (storeId: string, token: string, now: Date) =>
  and(
    eq(staffPasswordResets.tokenHash, hashToken(token)),
    eq(staffPasswordResets.storeId, storeId),
    isNull(staffPasswordResets.usedAt),
    gt(staffPasswordResets.expiresAt, now),
  );

/** Whether the link still works, so the page says so before a new password is typed. */
export async function staffResetLinkIsUsable(db: Database, storeId: string, token: string): Promise<boolean> {
  const [row] = await db.select({ staffId: staffPasswordResets.staffId }).from(staffPasswordResets).where(usableLink(storeId, token, new Date()));
  return row !== undefined;
}

/**
 * Sets the new password with the link's token. The token is spent in the same transaction (it works once, also when
 * two requests race), the member's other links with it, and every session of the member ends: whoever knew the old
 * password is out. Two-step sign-in is untouched, so the link alone does not open the back office.
 */
export async function resetStaffPassword(db: Database, storeId: string, token: string, password: string): Promise<void> {
  const passwordHash = await hashNewStaffPassword(password);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffPasswordResets)
      .set({ usedAt: new Date() })
      .where(usableLink(storeId, token, new Date()))
      .returning({ staffId: staffPasswordResets.staffId });
    if (!spent) throw badInput(INVALID_STAFF_RESET_LINK_MESSAGE, "token");
    const [member] = await tx.update(staff).set({ passwordHash }).where(eq(staff.id, spent.staffId)).returning({ id: staff.id, email: staff.email });
    await spendResetLinks(tx, member.id);
    const ended = await endStaffSessions(tx, member.id);
    await recordAudit(tx, selfActor(storeId, member), {
      action: "staff.password-reset",
      entity: "staff",
      entityId: member.id,
      before: { sessions: ended },
      after: { sessions: 0 },
    });
  });
}
