/**
 * Sign-in sessions: a random token in an httpOnly cookie, and in the database only its SHA-256, so a leaked
 * table holds no usable session. Every sign-in gets a new token (no fixation); sign-out deletes the row.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { parse } from "hono/utils/cookie";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { customers, sessions } from "../db/schema";
import { SESSION_COOKIE, sessionCookies } from "../http/cookies";

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export type Customer = { id: number; email: string; firstName: string; lastName: string };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  return parse(header, SESSION_COOKIE)[SESSION_COOKIE] || undefined;
}

export async function createSession(db: Database, storeId: string, customerId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(sessions).values({ idHash: hashToken(token), storeId, customerId, expiresAt });
  // The customer's lapsed sessions go now, so the table holds little beyond live sessions.
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of the customer except the one carrying `keepToken` (after a password change). */
export async function deleteOtherSessions(db: Pick<Database, "delete">, customerId: number, keepToken?: string): Promise<void> {
  const others = keepToken ? ne(sessions.idHash, hashToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), others));
}

/** The signed-in customer of `token` in `storeId`, or null when the session is unknown or expired. */
export async function customerOfSession(db: Database, storeId: string, token: string | undefined): Promise<Customer | null> {
  if (!token) return null;
  const [row] = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(eq(sessions.idHash, hashToken(token)), eq(sessions.storeId, storeId), gt(sessions.expiresAt, new Date())),
    );
  return row ?? null;
}

/** The customer signed in on this request (from the session cookie), or null. For any page or API handler. */
export function currentCustomer(deps: Pick<AppDeps, "db" | "storeId">, request: Request): Promise<Customer | null> {
  return customerOfSession(deps.db, deps.storeId, sessionToken(request));
}

const cookies = sessionCookies(SESSION_COOKIE, "Lax", SESSION_MS);
export const sessionCookie = cookies.set;
export const clearedSessionCookie = cookies.cleared;
