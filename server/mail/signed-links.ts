/**
 * Tokens for the links the shop emails (stop price-drop emails, restore a cart): what the link is for, the record it
 * names and until when it works, signed with the store's own secret (stores.link_secret, made by the database), so
 * a link can be checked on any instance without storing it, and nobody can make one for someone else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { stores } from "../db/schema";

type Payload = { purpose: string; subject: string; expiresAt: number };

const secrets = new Map<string, string>();

async function linkSecret(db: Database, storeId: string): Promise<string> {
  const known = secrets.get(storeId);
  if (known) return known;
  const [row] = await db.select({ secret: stores.linkSecret }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw new Error(`store ${storeId} does not exist`);
  secrets.set(storeId, row.secret);
  return row.secret;
}

function signature(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

/** A token for `purpose` naming `subject` (a record's id), good until `expiresAt`. */
export async function signLink(
  db: Database,
  storeId: string,
  { purpose, subject, expiresAt }: { purpose: string; subject: string; expiresAt: Date },
): Promise<string> {
  const body = Buffer.from(JSON.stringify({ purpose, subject, expiresAt: expiresAt.getTime() } satisfies Payload)).toString("base64url");
  return `${body}.${signature(await linkSecret(db, storeId), body).toString("base64url")}`;
}

export type LinkCheck = { ok: true; subject: string } | { ok: false; reason: "invalid" | "expired" };

/** The subject a token for `purpose` names, or why it cannot be used (forged, for another purpose, or expired). */
export async function checkLink(db: Database, storeId: string, purpose: string, token: string, now = new Date()): Promise<LinkCheck> {
  const [body, mac] = token.split(".");
  if (!body || !mac || token.split(".").length !== 2) return { ok: false, reason: "invalid" };
  const expected = signature(await linkSecret(db, storeId), body);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  const payload = JSON.parse(Buffer.from(body, "base64url").toString()) as Payload;
  if (payload.purpose !== purpose) return { ok: false, reason: "invalid" };
  if (payload.expiresAt <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subject: payload.subject };
}
