/** How often sign-in, sign-up and password-reset may be tried, per client address and per email. */
import type { RateLimiter } from "../http/rate-limit";
import { enforceRateLimit } from "../http/rate-limit";

const WINDOW_MS = 60_000;
/** Generous per address: a household or an office shares one, and each account has its own limit below. */
const PER_CLIENT = { limit: 30, windowMs: WINDOW_MS };
const PER_EMAIL = { limit: 10, windowMs: WINDOW_MS };

export function limitAccountAttempt(limiter: RateLimiter, clientIp: string, storeId: string, email?: string): void {
  enforceRateLimit(limiter, [`accounts:ip:${clientIp}`], PER_CLIENT);
  if (email) enforceRateLimit(limiter, [`accounts:email:${storeId}:${normalizeEmail(email)}`], PER_EMAIL);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
