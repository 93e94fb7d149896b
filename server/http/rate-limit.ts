/**
 * Rate limits through rate-limiter-flexible (decision 0031). On PostgreSQL the attempts are counted in the
 * `rate_limits` table, so N instances on one database allow a limit once, not N times; on the embedded database,
 * which serves one process only, they are counted in memory. Each policy is a fixed window that opens with a key's
 * first attempt.
 */
import type { Context } from "hono";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { errorResponse, HttpError } from "./errors";

export type RateLimitPolicy = { limit: number; windowMs: number };

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt under `key` and says whether it is within the policy. */
  hit(key: string, policy: RateLimitPolicy): Promise<RateLimitResult>;
  /** Says whether an attempt under `key` would be within the policy, without counting one. */
  peek(key: string, policy: RateLimitPolicy): Promise<RateLimitResult>;
  /** Forgets every key, on every instance sharing the store (tests, or an operator after an incident). */
  clear(): Promise<void>;
};

/** Created by migration 0031; the library's own `create table` would race the first request. */
const TABLE = "rate_limits";

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

const refusedFor = (msBeforeNext: number): RateLimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
});

/** `pool`: PostgreSQL's, to count across instances; none on the embedded database. */
export function createRateLimiter(pool?: pg.Pool): RateLimiter {
  let limiters = new Map<string, RateLimiterAbstract>();

  // The library keeps one limit per limiter object, so there is one per policy; the prefix keeps their keys apart.
  const limiterFor = ({ limit, windowMs }: RateLimitPolicy) => {
    const keyPrefix = `${limit}/${windowMs}`;
    let limiter = limiters.get(keyPrefix);
    if (!limiter) {
      const options = { points: limit, duration: windowMs / 1000, keyPrefix };
      limiter = pool
        ? new RateLimiterPostgres({
            ...options,
            storeClient: pool,
            // Our pool's class is a subclass the library does not recognise by name.
            storeType: "pool",
            tableName: TABLE,
            tableCreated: true,
            // Expired rows are swept by one timer per process, not one per policy.
            clearExpiredByTimeout: limiters.size === 0,
          })
        : new RateLimiterMemory(options);
      limiters.set(keyPrefix, limiter);
    }
    return limiter;
  };

  return {
    async hit(key, policy) {
      try {
        await limiterFor(policy).consume(key);
        return ALLOWED;
      } catch (refusal) {
        // The library rejects with its result when over the limit, and with the store's error when that failed.
        if (refusal instanceof RateLimiterRes) return refusedFor(refusal.msBeforeNext);
        throw refusal;
      }
    },
    async peek(key, policy) {
      const state = await limiterFor(policy).get(key);
      return state && state.consumedPoints >= policy.limit ? refusedFor(state.msBeforeNext) : ALLOWED;
    },
    async clear() {
      if (pool) await pool.query(`delete from ${TABLE}`);
      else limiters = new Map();
    },
  };
}

export class RateLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS_MESSAGE);
  }
}

/** Counts an attempt under every key and throws a 429 when any of them is over its policy. */
export async function enforceRateLimit(limiter: RateLimiter, keys: string[], policy: RateLimitPolicy): Promise<void> {
  let refused: RateLimitResult | undefined;
  for (const key of keys) {
    const result = await limiter.hit(key, policy);
    if (!result.allowed && (!refused || result.retryAfterSeconds > refused.retryAfterSeconds)) refused = result;
  }
  if (refused) throw new RateLimitError(refused.retryAfterSeconds);
}

/** Retry-After for a page's answer to a refused attempt, as the API's 429 has it; no header for any other failure. */
export function retryAfterHeader(error: unknown): Record<string, string> {
  return error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

/** The JSON answer for a refused attempt, with Retry-After so well-behaved clients wait. */
export function rateLimitResponse(c: Context, error: RateLimitError) {
  c.header("Retry-After", String(error.retryAfterSeconds));
  return errorResponse(c, 429, error.message);
}
