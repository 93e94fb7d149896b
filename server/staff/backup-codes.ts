/**
 * Backup codes of two-step sign-in (decision 0070): ten one-time codes that stand in for the authenticator app when
 * the phone is lost. They are shown once and kept as scrypt hashes, as passwords are (accounts/passwords.ts): at about
 * 50 bits a code is far weaker than an API token, so a fast hash of a leaked table could be searched through. A new
 * set deletes the old one.
 */
import { randomInt } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { staffBackupCodes } from "../db/schema";
import { hashPassword, verifyPassword } from "../accounts/passwords";
import { BACKUP_CODE_COUNT, isBackupCodeShape, normalizeBackupCode } from "../../core/backup-codes";

/** Letters and digits a reader cannot take for one another (no 0/o, 1/l/i). */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const HALF = 5;

function newCode(): string {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${half()}-${half()}`;
}

export type BackupCodeSet = { codes: string[]; hashes: string[] };

/** A new set and its hashes, made before any transaction opens: ten scrypt hashes take a noticeable moment. */
export async function newBackupCodes(): Promise<BackupCodeSet> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newCode);
  return { codes, hashes: await Promise.all(codes.map((code) => hashPassword(normalizeBackupCode(code)))) };
}

/** Replaces the member's codes with `set`: every earlier code, used or not, stops working. */
export async function storeBackupCodes(tx: Database, storeId: string, staffId: number, set: BackupCodeSet): Promise<void> {
  await deleteBackupCodes(tx, staffId);
  await tx.insert(staffBackupCodes).values(set.hashes.map((codeHash) => ({ storeId, staffId, codeHash })));
}

export async function deleteBackupCodes(tx: Database, staffId: number): Promise<void> {
  await tx.delete(staffBackupCodes).where(eq(staffBackupCodes.staffId, staffId));
}

export async function backupCodesLeft(db: Database, staffId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(staffBackupCodes)
    .where(and(eq(staffBackupCodes.staffId, staffId), isNull(staffBackupCodes.usedAt)));
  return row.left;
}

/**
 * Whether `code` is one of the member's unused codes; when it is, marks it used in `tx`. The conditional update
 * decides between two requests racing with the same code, so it works once.
 */
export async function acceptBackupCode(tx: Database, staffId: number, code: string): Promise<boolean> {
  if (!isBackupCodeShape(code)) return false;
  const typed = normalizeBackupCode(code);
  const unused = await tx
    .select({ id: staffBackupCodes.id, codeHash: staffBackupCodes.codeHash })
    .from(staffBackupCodes)
    .where(and(eq(staffBackupCodes.staffId, staffId), isNull(staffBackupCodes.usedAt)));
  const matches = await Promise.all(unused.map((row) => verifyPassword(typed, row.codeHash)));
  const match = unused.find((_, index) => matches[index]);
  if (!match) return false;
  const spent = await tx
    .update(staffBackupCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(staffBackupCodes.id, match.id), isNull(staffBackupCodes.usedAt)))
    .returning({ id: staffBackupCodes.id });
  return spent.length > 0;
}
