import { describe, expect, it } from "vitest";
import { createRateLimiter, enforceRateLimit, RateLimitError } from "./rate-limit";

describe("rate limiter", () => {
  it("allows `limit` attempts per sliding window and counts each key on its own", () => {
    let now = 0;
    const limiter = createRateLimiter(() => now);
    const policy = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect(limiter.hit("a", policy).allowed).toBe(true);
      now += 10_000;
    }
    const refused = limiter.hit("a", policy);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.hit("b", policy).allowed).toBe(true);
    // The first attempt (at 0) leaves the window at 60 s; refused attempts were not counted.
    now = 60_001;
    expect(limiter.hit("a", policy).allowed).toBe(true);
    expect(limiter.hit("a", policy).allowed).toBe(false);
  });

  it("throws a 429 when any key is over its policy", () => {
    const limiter = createRateLimiter(() => 0);
    const policy = { limit: 1, windowMs: 1000 };
    enforceRateLimit(limiter, ["ip", "email"], policy);
    expect(() => enforceRateLimit(limiter, ["other-ip", "email"], policy)).toThrow(RateLimitError);
  });
});
