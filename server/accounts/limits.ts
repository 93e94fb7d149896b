/**
 * How often sign-in, sign-up and password-reset may be tried. An account's attempts are counted per client address,
 * so a guesser at one address is stopped after a few without locking the account's owner out at theirs; a much
 * higher ceiling per account alone stops guessing spread over many addresses.
 */
import type { RateLimiter } from "../http/rate-limit";
import { enforceRateLimit } from "../http/rate-limit";
import { normalizeEmail } from "../../core/email-address";

const WINDOW_MS = 60_000;
/** Generous per address: a household or an office shares one, and each account has its own limit below. */
const PER_CLIENT = { limit: 30, windowMs: WINDOW_MS };
export const PER_EMAIL_AND_CLIENT = { limit: 10, windowMs: WINDOW_MS };
export const PER_EMAIL = { limit: 100, windowMs: WINDOW_MS };

export async function limitAccountAttempt(limiter: RateLimiter, clientIp: string, storeId: string, email?: string): Promise<void> {
  await enforceRateLimit(limiter, [`accounts:ip:${clientIp}`], PER_CLIENT);
  if (!email) return;
  const account = `${storeId}:${normalizeEmail(email)}`;
  await enforceRateLimit(limiter, [`accounts:email-ip:${account}:${clientIp}`], PER_EMAIL_AND_CLIENT);
  await enforceRateLimit(limiter, [`accounts:email:${account}`], PER_EMAIL);
}

