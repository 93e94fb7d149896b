/**
 * Limits discount-code guessing: a client with 10 failed codes in the last minute is refused (429) on every lookup,
 * right ones included, until the oldest failure leaves the window, so a blocked guesser learns nothing. Successful
 * lookups cost nothing, so a shopper trying a code or two never notices. In memory, per process, like the shop's
 * other limits.
 */
import { RateLimitError } from "../http/rate-limit";

export const DISCOUNT_GUESS_POLICY = { limit: 10, windowMs: 60_000 };

/** Keys are swept once the map grows past this, so a flood of addresses cannot exhaust memory. */
const SWEEP_THRESHOLD = 10_000;

export function createDiscountGuard(policy = DISCOUNT_GUESS_POLICY, now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const recent = (client: string, at: number) =>
    (failures.get(client) ?? []).filter((time) => time > at - policy.windowMs);

  return {
    /** Throws a 429 when the client has used up its failed guesses. */
    check(client: string): void {
      const at = now();
      const times = recent(client, at);
      if (times.length >= policy.limit) {
        throw new RateLimitError(Math.max(1, Math.ceil((times[0] + policy.windowMs - at) / 1000)));
      }
    },
    fail(client: string): void {
      const at = now();
      if (failures.size > SWEEP_THRESHOLD) {
        for (const key of [...failures.keys()]) if (recent(key, at).length === 0) failures.delete(key);
      }
      failures.set(client, [...recent(client, at), at]);
    },
  };
}
