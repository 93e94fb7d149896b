/**
 * Staff sessions, apart from customers' (decision 0026): a cookie of their own, `staff_session`, SameSite=Strict
 * (a link from another site never arrives signed in to the back office), and short lives: 30 minutes idle, 12 hours
 * at most. As with customers, only the token's SHA-256 is stored and every sign-in gets a new token.
 */
import { and, eq, gt, lt, ne, or } from "drizzle-orm";
import { parse } from "hono/utils/cookie";
import type { Database } from "../db/client";
import { staff, staffSessions } from "../db/schema";
import { hashToken, newToken } from "../accounts/session";
import { sessionCookies } from "../http/cookies";
import { staffColumns, type StaffMember } from "./accounts";

export const STAFF_SESSION_COOKIE = "staff_session";
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A busy session writes its last-seen time at most this often, not on every request. */
const SEEN_PRECISION_MS = 60 * 1000;

export type StaffSession = { token: string; expiresAt: Date };

export function staffSessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  return parse(header, STAFF_SESSION_COOKIE)[STAFF_SESSION_COOKIE] || undefined;
}

/**
 * A new session for the member. The request's previous token (`replacing`) is deleted, so a token planted or seen
 * before sign-in is worthless after it; the member's lapsed sessions go too, so the table holds little else.
 */
export async function createStaffSession(
  db: Database,
  storeId: string,
  staffId: number,
  replacing: string | undefined,
  now = new Date(),
): Promise<StaffSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.transaction(async (tx) => {
    if (replacing) await tx.delete(staffSessions).where(eq(staffSessions.idHash, hashToken(replacing)));
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lapsed(now)));
    await tx.insert(staffSessions).values({ idHash: hashToken(token), storeId, staffId, createdAt: now, lastSeenAt: now, expiresAt });
  });
  return { token, expiresAt };
}

function lapsed(now: Date) {
  return or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)));
}

export async function deleteStaffSession(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(staffSessions).where(eq(staffSessions.idHash, hashToken(token)));
}

/** Ends the member's sessions but the one of `keepToken` (the browser that changed the password), if given. */
export async function endStaffSessions(db: Pick<Database, "delete">, staffId: number, keepToken?: string): Promise<number> {
  const others = keepToken ? ne(staffSessions.idHash, hashToken(keepToken)) : undefined;
  const ended = await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), others)).returning({ idHash: staffSessions.idHash });
  return ended.length;
}

/** The member signed in with `token`, or null when it is unknown, idle too long or past its end. Slides the idle timeout. */
export async function staffOfSession(
  db: Database,
  storeId: string,
  token: string | undefined,
  now = new Date(),
): Promise<StaffMember | null> {
  if (!token) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({ ...staffColumns, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        eq(staffSessions.storeId, storeId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
  if (!row) return null;
  const { lastSeenAt, ...member } = row;
  if (now.getTime() - lastSeenAt.getTime() >= SEEN_PRECISION_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return member;
}

/** Lives as long as the session at most; the server ends it sooner when idle. */
const cookies = sessionCookies(STAFF_SESSION_COOKIE, "Strict", ABSOLUTE_TIMEOUT_MS);
export const staffSessionCookie = cookies.set;
export const clearedStaffSessionCookie = cookies.cleared;
