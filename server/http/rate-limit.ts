/**
 * A small in-memory rate limiter: a sliding window of attempt times per key. It lives in one process, which is
 * what a one-process shop needs; several instances behind a balancer would each count on their own.
 */
import type { Context } from "hono";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { errorResponse, HttpError } from "./errors";

export type RateLimitPolicy = { limit: number; windowMs: number };

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt under `key` and says whether it is within the policy. Refused attempts are not counted. */
  hit(key: string, policy: RateLimitPolicy): RateLimitResult;
  /** Forgets every key (tests, or an operator after an incident). */
  clear(): void;
};

/** Keys are swept once the map grows past this, so a flood of one-off keys cannot exhaust memory. */
const SWEEP_THRESHOLD = 10_000;

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const attempts = new Map<string, { times: number[]; windowMs: number }>();

  const sweep = (at: number) => {
    for (const [key, entry] of attempts) {
      if (entry.times[entry.times.length - 1] <= at - entry.windowMs) attempts.delete(key);
    }
  };

  return {
    hit(key, { limit, windowMs }) {
      const at = now();
      if (attempts.size > SWEEP_THRESHOLD) sweep(at);
      const entry = attempts.get(key) ?? { times: [], windowMs };
      entry.windowMs = windowMs;
      const recent = entry.times.filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        entry.times = recent;
        attempts.set(key, entry);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + windowMs - at) / 1000)) };
      }
      recent.push(at);
      entry.times = recent;
      attempts.set(key, entry);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    clear() {
      attempts.clear();
    },
  };
}

export class RateLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS_MESSAGE);
  }
}

/** Counts an attempt under every key and throws a 429 when any of them is over its policy. */
export function enforceRateLimit(limiter: RateLimiter, keys: string[], policy: RateLimitPolicy): void {
  let refused: RateLimitResult | undefined;
  for (const key of keys) {
    const result = limiter.hit(key, policy);
    if (!result.allowed && (!refused || result.retryAfterSeconds > refused.retryAfterSeconds)) refused = result;
  }
  if (refused) throw new RateLimitError(refused.retryAfterSeconds);
}

/** The JSON answer for a refused attempt, with Retry-After so well-behaved clients wait. */
export function rateLimitResponse(c: Context, error: RateLimitError) {
  c.header("Retry-After", String(error.retryAfterSeconds));
  return errorResponse(c, 429, error.message);
}
