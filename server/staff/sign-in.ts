/**
 * Staff sign-in: email and password, then the authenticator code (or a backup code) when the account has two-step
 * sign-in on. Wrong
 * email and wrong password get the same answer after the same scrypt work (as customers' do), and the attempts
 * count against the customers' limits (accounts/limits.ts): the same address and email are limited whichever door
 * they knock on.
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../context";
import { staff } from "../db/schema";
import { requestClientIp } from "../http/client-ip";
import { limitAccountAttempt } from "../accounts/limits";
import { normalizeEmail } from "../../core/email-address";
import { dummyPasswordHash, verifyPassword } from "../accounts/passwords";
import { staffColumns, type StaffMember } from "./accounts";
import { createStaffSession, staffSessionCookie, staffSessionToken } from "./sessions";
import { acceptSecondStep, CODE_REQUIRED_MESSAGE, INVALID_CODE_MESSAGE, limitCodeTries } from "./totp";
import { notSignedIn } from "../../core/errors";

export const INVALID_SIGN_IN_MESSAGE = "Invalid email or password";

export type StaffSignIn = { storeId: string; email: string; password: string; code?: string };

/** The member and the cookie of their new session; the request's old staff session, if any, is ended. */
export async function signInStaff(deps: AppDeps, request: Request, input: StaffSignIn): Promise<{ member: StaffMember; cookie: string }> {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId, input.email);
  const [row] = await deps.db
    .select({ ...staffColumns, passwordHash: staff.passwordHash, totpSecret: staff.totpSecret })
    .from(staff)
    .where(and(eq(staff.storeId, input.storeId), eq(staff.emailNormalized, normalizeEmail(input.email))));
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !valid) throw notSignedIn(INVALID_SIGN_IN_MESSAGE);
  const { passwordHash: _secret, totpSecret, ...member } = row;
  // Asked only after a right password, so the question itself tells a guesser nothing about the account.
  if (member.totpEnabled) {
    if (!input.code) throw notSignedIn(CODE_REQUIRED_MESSAGE, "code");
    await limitCodeTries(deps.rateLimiter, input.storeId, member.id);
    const code = input.code;
    const accepted = await deps.db.transaction((tx) => acceptSecondStep(tx, { storeId: input.storeId, id: member.id, email: member.email, totpSecret }, code));
    if (!accepted) throw notSignedIn(INVALID_CODE_MESSAGE, "code");
  }
  const session = await createStaffSession(deps.db, input.storeId, member.id, staffSessionToken(request));
  return { member, cookie: staffSessionCookie(deps.config, session) };
}
