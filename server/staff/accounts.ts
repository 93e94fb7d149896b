/**
 * Staff accounts: created with the customers' password rules and hashing (accounts/passwords.ts), listed, given
 * another role, removed. A store always keeps an owner: the last one can be neither removed nor demoted, or
 * nobody could manage staff again short of the command line. Every write records its audit event in its own
 * transaction.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { staff } from "../db/schema";
import { storeRow } from "../db/store-rows";
import { normalizeEmail } from "../../core/email-address";
import { assertAcceptablePassword, hashPassword } from "../accounts/passwords";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { StaffRole } from "../../core/staff-roles";
import { conflict, notFound, ruleBroken } from "../../core/errors";

export type StaffMember = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
  /** Emailed of every paid order. */
  orderNotices: boolean;
  createdAt: Date;
};

export const staffColumns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  totpEnabled: staff.totpEnabled,
  orderNotices: staff.orderNotices,
  createdAt: staff.createdAt,
};

export const EMAIL_TAKEN_MESSAGE = "A staff account with this email already exists";
export const STAFF_NOT_FOUND_MESSAGE = "Staff member not found";
export const LAST_OWNER_MESSAGE = "The store's last owner cannot be removed or given another role";

/** What the audit trail shows of an account: never its password or TOTP secret. */
const audited = (member: StaffMember) => ({ email: member.email, name: member.name, role: member.role });

export type NewStaff = { email: string; name: string; password: string; role: StaffRole };

/** Checked and hashed before any transaction opens: scrypt takes a noticeable moment. */
export async function hashNewStaffPassword(password: string): Promise<string> {
  assertAcceptablePassword(password);
  return hashPassword(password);
}

/**
 * Inserts the account inside `tx` and records it, by `by` or, for the store's first owner (who has nobody else to
 * be created by), by the new account itself.
 */
export async function insertStaff(
  tx: Database,
  storeId: string,
  input: Omit<NewStaff, "password"> & { passwordHash: string },
  by: AuditActor | "self",
): Promise<StaffMember> {
  // The unique index decides, so two requests racing for one email cannot both succeed.
  const [created] = await tx
    .insert(staff)
    .values({
      storeId,
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      name: input.name.trim(),
      passwordHash: input.passwordHash,
      role: input.role,
    })
    .onConflictDoNothing({ target: [staff.storeId, staff.emailNormalized] })
    .returning(staffColumns);
  if (!created) throw conflict(EMAIL_TAKEN_MESSAGE, "email");
  const actor: AuditActor = by === "self" ? { storeId, kind: "staff", id: created.id, label: created.email } : by;
  await recordAudit(tx, actor, { action: "staff.create", entity: "staff", entityId: created.id, before: null, after: audited(created) });
  return created;
}

export async function createStaff(db: Database, actor: AuditActor, input: NewStaff): Promise<StaffMember> {
  const passwordHash = await hashNewStaffPassword(input.password);
  return db.transaction((tx) => insertStaff(tx, actor.storeId, { ...input, passwordHash }, actor));
}

export function listStaff(db: Database, storeId: string): Promise<StaffMember[]> {
  return db.select(staffColumns).from(staff).where(eq(staff.storeId, storeId)).orderBy(asc(staff.id));
}

export async function findStaffByEmail(db: Database, storeId: string, email: string): Promise<StaffMember | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.emailNormalized, normalizeEmail(email))));
  return row;
}

export async function hasStaff(db: Database, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.storeId, storeId)).limit(1);
  return row !== undefined;
}

/**
 * The store's accounts, locked until `tx` ends, so two owners demoting or removing each other at once cannot
 * leave the store with none: the second waits, then sees the first's change.
 */
async function lockedStaff(tx: Database, storeId: string) {
  return tx.select(staffColumns).from(staff).where(eq(staff.storeId, storeId)).for("update");
}

async function changeWithOwnerKept(
  tx: Database,
  storeId: string,
  id: number,
  newRole: StaffRole | null,
): Promise<StaffMember> {
  const members = await lockedStaff(tx, storeId);
  const member = members.find((candidate) => candidate.id === id);
  if (!member) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  const owners = members.filter((candidate) => candidate.role === "owner").length;
  if (member.role === "owner" && newRole !== "owner" && owners <= 1) throw ruleBroken(LAST_OWNER_MESSAGE);
  return member;
}

export async function changeStaffRole(db: Database, actor: AuditActor, id: number, role: StaffRole): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const member = await changeWithOwnerKept(tx, actor.storeId, id, role);
    if (member.role === role) return member;
    const [changed] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning(staffColumns);
    await recordAudit(tx, actor, { action: "staff.role", entity: "staff", entityId: id, before: audited(member), after: audited(changed) });
    return changed;
  });
}

/** Removes the account, and with it (by cascade) its sessions; its audit events stay under its email. */
export async function removeStaff(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await changeWithOwnerKept(tx, actor.storeId, id, null);
    await tx.delete(staff).where(eq(staff.id, id));
    await recordAudit(tx, actor, { action: "staff.remove", entity: "staff", entityId: id, before: audited(member), after: null });
  });
}

/** A member's own choice to be emailed of every paid order (the owner address always is: SHOP_OWNER_EMAIL). */
export async function setOrderNotices(db: Database, actor: AuditActor, staffId: number, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await storeRow(tx, staff, actor.storeId, staffId, STAFF_NOT_FOUND_MESSAGE, true);
    if (before.orderNotices === on) return;
    await tx.update(staff).set({ orderNotices: on }).where(eq(staff.id, staffId));
    await recordAudit(tx, actor, {
      action: "staff.order-notices",
      entity: "staff",
      entityId: staffId,
      before: { order_notices: before.orderNotices },
      after: { order_notices: on },
    });
  });
}

/** The staff who asked to be emailed of every paid order. */
export async function orderNoticeRecipients(db: Database, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.orderNotices, true)))
    .orderBy(asc(staff.id));
  return rows.map((row) => row.email);
}
