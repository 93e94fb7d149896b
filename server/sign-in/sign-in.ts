/**
 * The account actions as both the JSON API and the account pages perform them: each checks the rate limits, does
 * the work and says which cookies to set, so the two entrances cannot drift apart.
 */
import type { AppDeps } from "../context";
import { requestClientIp } from "../http/client-ip";
import { mergeGuestWishlist } from "../wishlist/wishlist";
import { keepCartWithAccount, mergeGuestCart } from "./cart-merge";
import { createCustomer, authenticate } from "../accounts/customers";
import { limitAccountAttempt } from "../accounts/limits";
import { requestPasswordReset, resetPassword } from "../accounts/password-reset";
import {
  clearedSessionCookie,
  createSession,
  customerOfSession,
  deleteSession,
  sessionCookie,
  sessionToken,
  type Customer,
} from "../accounts/session";

export type SignedIn = { customer: Customer; cookies: string[] };

export async function signIn(
  deps: AppDeps,
  request: Request,
  input: { storeId: string; email: string; password: string },
): Promise<SignedIn> {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId, input.email);
  const customer = await authenticate(deps.db, input.storeId, input.email, input.password);
  // A new session id at every sign-in: a session id planted before sign-in is worthless after it.
  await deleteSession(deps.db, sessionToken(request));
  const session = await createSession(deps.db, input.storeId, customer.id);
  await mergeGuestWishlist(deps.db, input.storeId, request, customer.id);
  const cartCookie = await mergeGuestCart(deps, input.storeId, customer.id, request);
  return { customer, cookies: [sessionCookie(deps.config, session), ...(cartCookie ? [cartCookie] : [])] };
}

/**
 * Creates the account; when the email already has one, its owner is mailed instead (decision 0006). The requester
 * learns nothing either way: the caller answers both alike, and the mail goes out after the answer.
 */
export async function signUp(
  deps: AppDeps,
  request: Request,
  input: { storeId: string; email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId, input.email);
  const created = await createCustomer(deps.db, input.storeId, input);
  if (!created) await requestPasswordReset(deps, input.storeId, input.email, "signup-attempt");
}

/** Ends the request's session; returns the cookies that clear it (and the account's cart) in the browser. */
export async function signOut(deps: AppDeps, request: Request): Promise<string[]> {
  const token = sessionToken(request);
  const customer = await customerOfSession(deps.db, deps.storeId, token);
  const cartCookie = customer ? await keepCartWithAccount(deps, deps.storeId, customer.id, request) : undefined;
  await deleteSession(deps.db, token);
  return [clearedSessionCookie(deps.config), ...(cartCookie ? [cartCookie] : [])];
}

export async function forgotPassword(deps: AppDeps, request: Request, input: { storeId: string; email: string }) {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId, input.email);
  await requestPasswordReset(deps, input.storeId, input.email);
}

export async function chooseNewPassword(
  deps: AppDeps,
  request: Request,
  input: { storeId: string; token: string; password: string },
) {
  await limitAccountAttempt(deps.rateLimiter, requestClientIp(request), input.storeId);
  await resetPassword(deps, input.storeId, input.token, input.password, sessionToken(request));
}

/** Response headers setting each cookie (a redirect from a page action). */
export function setCookies(cookies: string[]): [string, string][] {
  return cookies.map((cookie) => ["Set-Cookie", cookie]);
}
