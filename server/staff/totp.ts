/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238, through the `otpauth` package: decision 0026).
 * Enrolment keeps a new secret beside the account and turns it on only once the app has shown a right code, so a
 * mistyped or unscanned secret never locks anyone out. A code is accepted once: the step it belongs to is kept,
 * and a code of that step or an earlier one is refused after it. Turning it on gives ten backup codes, each of which
 * stands in for the app's code once (backup-codes.ts, decision 0070).
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { staff, staffPolicies, stores } from "../db/schema";
import { enforceRateLimit, type RateLimiter } from "../http/rate-limit";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, conflict, notFound, ruleBroken } from "../../core/errors";
import { acceptBackupCode, backupCodesLeft, deleteBackupCodes, newBackupCodes, storeBackupCodes } from "./backup-codes";

/** One step either side of now: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;

export const INVALID_CODE_MESSAGE = "The code is not valid";
export const CODE_REQUIRED_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const TOTP_REQUIRED_MESSAGE = "The owner requires two-step sign-in; set it up before anything else";

/**
 * Codes tried per account, from anywhere and at either door (sign-in, turning two-step off): someone who has the
 * password or a signed-in browser must not guess the code, one in a third of a million per try, at the password's
 * own pace of 100 a minute.
 */
export const CODE_TRIES_PER_ACCOUNT = { limit: 5, windowMs: 5 * 60_000 };

/** Counts one code tried for the member; over the limit, a RateLimitError (429 with Retry-After). */
export function limitCodeTries(limiter: RateLimiter, storeId: string, staffId: number): Promise<void> {
  return enforceRateLimit(limiter, [`staff-code:${storeId}:${staffId}`], CODE_TRIES_PER_ACCOUNT);
}

function totpOf(secret: string, label = "", issuer = "") {
  return new TOTP({ secret: Secret.fromBase32(secret), label, issuer, issuerInLabel: Boolean(issuer) });
}

/**
 * Whether `code` is right for the member's secret now and newer than the last code accepted; when it is, keeps its
 * step in `tx` (the conditional update decides between two requests racing with the same code).
 */
export async function acceptTotpCode(
  tx: Database,
  member: { id: number; totpSecret: string | null },
  code: string,
  now = Date.now(),
): Promise<boolean> {
  if (!member.totpSecret) return false;
  const delta = totpOf(member.totpSecret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = TOTP.counter({ timestamp: now }) + delta;
  const accepted = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, member.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return accepted.length > 0;
}

/**
 * The second step: a code of the member's app (six digits) or one of their backup codes. A backup code used is
 * audited in `tx`, so the member can see when and how many went, and finds out if it was not them.
 */
export async function acceptSecondStep(
  tx: Database,
  member: { storeId: string; id: number; email: string; totpSecret: string | null },
  code: string,
): Promise<boolean> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) return acceptTotpCode(tx, member, typed);
  if (!(await acceptBackupCode(tx, member.id, typed))) return false;
  const left = await backupCodesLeft(tx, member.id);
  await recordAudit(tx, { storeId: member.storeId, kind: "staff", id: member.id, label: member.email }, {
    action: "staff.backup-code-use",
    entity: "staff",
    entityId: member.id,
    before: { backup_codes_left: left + 1 },
    after: { backup_codes_left: left },
  });
  return true;
}

/** The otpauth:// address as an SVG QR code, drawn on the server so the page needs no script to show it. */
export function qrCodeSvg(uri: string): Promise<string> {
  // Black on white with the standard four-module quiet zone, whatever the theme: what phone cameras read best.
  return QRCode.toString(uri, { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
}

export async function isTotpRequired(db: Database, storeId: string): Promise<boolean> {
  const [row] = await db.select({ required: staffPolicies.totpRequired }).from(staffPolicies).where(eq(staffPolicies.storeId, storeId));
  return row?.required ?? false;
}

export async function setTotpRequired(db: Database, actor: AuditActor, required: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await isTotpRequired(tx, actor.storeId);
    if (before === required) return;
    await tx
      .insert(staffPolicies)
      .values({ storeId: actor.storeId, totpRequired: required })
      .onConflictDoUpdate({ target: staffPolicies.storeId, set: { totpRequired: required, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: "staff-policy.update",
      entity: "staff-policy",
      entityId: actor.storeId,
      before: { totp_required: before },
      after: { totp_required: required },
    });
  });
}

async function totpState(db: Database, storeId: string, staffId: number) {
  const [row] = await db
    .select({
      id: staff.id,
      storeId: staff.storeId,
      email: staff.email,
      totpSecret: staff.totpSecret,
      totpEnabled: staff.totpEnabled,
      storeName: stores.name,
    })
    .from(staff)
    .innerJoin(stores, eq(stores.id, staff.storeId))
    .where(and(eq(staff.id, staffId), eq(staff.storeId, storeId)));
  if (!row) throw notFound("Staff member not found");
  return row;
}

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

/** A new secret for the member's app: as text, as the otpauth:// address, and as that address's QR code. */
export async function enrolTotp(db: Database, storeId: string, staffId: number): Promise<TotpEnrolment> {
  const member = await totpState(db, storeId, staffId);
  if (member.totpEnabled) throw conflict("Two-step sign-in is already on; turn it off first to enrol again");
  const secret = new Secret({ size: 20 }).base32;
  await db.update(staff).set({ totpSecret: secret, totpLastStep: null }).where(eq(staff.id, staffId));
  const uri = totpOf(secret, member.email, member.storeName).toString();
  return { secret, uri, qrSvg: await qrCodeSvg(uri) };
}

/** Turns two-step sign-in on with the first code the app shows; answers the backup codes, shown this once. */
export async function confirmTotp(db: Database, actor: AuditActor, staffId: number, code: string): Promise<string[]> {
  const backup = await newBackupCodes();
  await db.transaction(async (tx) => {
    const member = await totpState(tx, actor.storeId, staffId);
    if (member.totpEnabled) throw conflict("Two-step sign-in is already on");
    if (!member.totpSecret) throw conflict("Start enrolment first");
    if (!(await acceptTotpCode(tx, member, code))) throw badInput(INVALID_CODE_MESSAGE, "code");
    await tx.update(staff).set({ totpEnabled: true }).where(eq(staff.id, staffId));
    await storeBackupCodes(tx, actor.storeId, staffId, backup);
    await recordAudit(tx, actor, {
      action: "staff.totp-enable",
      entity: "staff",
      entityId: staffId,
      before: { totp_enabled: false, backup_codes_left: 0 },
      after: { totp_enabled: true, backup_codes_left: backup.codes.length },
    });
  });
  return backup.codes;
}

/**
 * Ten new backup codes in place of the member's old ones, used or not, after a code of the second step (the app's
 * or a backup code): a session left open on a shared computer must not be enough to take a set away. The code
 * counts against the sign-in's tries.
 */
export async function renewBackupCodes(
  deps: Pick<AppDeps, "db" | "rateLimiter">,
  actor: AuditActor,
  staffId: number,
  code: string,
): Promise<string[]> {
  const backup = await newBackupCodes();
  await withSecondStep(deps, actor, staffId, code, async (tx) => {
    const left = await backupCodesLeft(tx, staffId);
    await storeBackupCodes(tx, actor.storeId, staffId, backup);
    await recordAudit(tx, actor, {
      action: "staff.backup-codes-renew",
      entity: "staff",
      entityId: staffId,
      before: { backup_codes_left: left },
      after: { backup_codes_left: backup.codes.length },
    });
  });
  return backup.codes;
}

/**
 * Turns it off with a current code (the app's or a backup code: a member who lost the phone turns it off to enrol
 * the new one), unless the owner requires it; the code counts against the sign-in's tries. The backup codes go too.
 */
export async function disableTotp(
  deps: Pick<AppDeps, "db" | "rateLimiter">,
  actor: AuditActor,
  staffId: number,
  code: string,
): Promise<void> {
  const refuseIfRequired = async (tx: Database) => {
    if (await isTotpRequired(tx, actor.storeId)) throw ruleBroken("The owner requires two-step sign-in for every account");
  };
  const turnOff = async (tx: Database) => {
    await tx.update(staff).set({ totpEnabled: false, totpSecret: null, totpLastStep: null }).where(eq(staff.id, staffId));
    await deleteBackupCodes(tx, staffId);
    await recordAudit(tx, actor, {
      action: "staff.totp-disable",
      entity: "staff",
      entityId: staffId,
      before: { totp_enabled: true },
      after: { totp_enabled: false },
    });
  };
  await withSecondStep(deps, actor, staffId, code, turnOff, refuseIfRequired);
}

/**
 * A change to an enrolled member's second step, made only with a current code of it (the app's or a backup code)
 * that counts against the sign-in's tries; `first` refuses before the code is spent.
 */
async function withSecondStep(
  { db, rateLimiter }: Pick<AppDeps, "db" | "rateLimiter">,
  actor: AuditActor,
  staffId: number,
  code: string,
  change: (tx: Database) => Promise<void>,
  first?: (tx: Database) => Promise<void>,
): Promise<void> {
  await limitCodeTries(rateLimiter, actor.storeId, staffId);
  await db.transaction(async (tx) => {
    await first?.(tx);
    const member = await totpState(tx, actor.storeId, staffId);
    if (!member.totpEnabled) throw conflict("Two-step sign-in is not on");
    if (!(await acceptSecondStep(tx, member, code))) throw badInput(INVALID_CODE_MESSAGE, "code");
    await change(tx);
  });
}
