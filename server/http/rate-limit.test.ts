import { afterEach, describe, expect, it, vi } from "vitest";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { createTestApp, instanceOver, type TestApp } from "../../tests/support/app";
import { usingPostgres } from "../../tests/support/database";
import { PER_EMAIL_AND_CLIENT } from "../accounts/limits";
import { openDatabase } from "../db/client";
import { createRateLimiter, enforceRateLimit, RateLimitError } from "./rate-limit";

describe("rate limiter", () => {
  afterEach(() => vi.useRealTimers());

  it("allows `limit` attempts per window and counts each key on its own", async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter();
    const policy = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect((await limiter.hit("a", policy)).allowed).toBe(true);
      vi.advanceTimersByTime(10_000);
    }
    // The window opened with the first attempt (at 0) and closes at 60 s.
    expect(await limiter.hit("a", policy)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await limiter.hit("b", policy)).allowed).toBe(true);
    vi.advanceTimersByTime(30_001);
    expect((await limiter.hit("a", policy)).allowed).toBe(true);
  });

  it("peeks without counting an attempt", async () => {
    const limiter = createRateLimiter();
    const policy = { limit: 1, windowMs: 60_000 };
    expect((await limiter.peek("a", policy)).allowed).toBe(true);
    expect((await limiter.hit("a", policy)).allowed).toBe(true);
    const refused = await limiter.peek("a", policy);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("throws a 429 when any key is over its policy", async () => {
    const limiter = createRateLimiter();
    const policy = { limit: 1, windowMs: 1000 };
    await enforceRateLimit(limiter, ["ip", "email"], policy);
    await expect(enforceRateLimit(limiter, ["other-ip", "email"], policy)).rejects.toThrow(RateLimitError);
    await limiter.clear();
    await enforceRateLimit(limiter, ["ip", "email"], policy);
  });
});

describe.runIf(usingPostgres())("rate limits on PostgreSQL", () => {
  const logIn = (shop: TestApp) =>
    shop.call("POST", "/api/auth/login", { email: "nobody@example.com", password: "a guess", store_id: shop.database.storeId });

  it("count across two instances on one database, and clear for both", async () => {
    const first = await createTestApp();
    // A second process's view: its own pool and rate limiter on the same database.
    const database = await openDatabase(first.database.url!);
    const second = instanceOver({ ...first.database, ...database }, first.deps.config);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < PER_EMAIL_AND_CLIENT.limit; i++) statuses.push((await logIn(i % 2 ? second : first)).status);
      expect(statuses).toEqual(Array(PER_EMAIL_AND_CLIENT.limit).fill(401));
      for (const shop of [first, second]) {
        const refused = await logIn(shop);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS_MESSAGE });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      await first.deps.rateLimiter.clear();
      expect((await logIn(second)).status).toBe(401);
    } finally {
      await database.close();
      await first.database.dispose();
    }
  });
});
