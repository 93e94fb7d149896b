import { and, count, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_NOT_FOUND_MESSAGE, INVALID_RESET_LINK_MESSAGE } from "../../core/account-messages";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { customers, mailOutbox, passwordResetTokens, sessions } from "../db/schema";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { PER_EMAIL, PER_EMAIL_AND_CLIENT } from "./limits";
import { RESET_MAILS_PER_HOUR } from "./password-reset";
import { hashToken } from "./session";
import { namedError } from "../../tests/support/errors";

let t: TestApp;
let storeId: string;
let ipCounter = 0;

beforeAll(async () => {
  // Behind a trusted proxy the client address comes from X-Forwarded-For, so each test can be its own client.
  t = await createTestApp({ TRUST_PROXY: "true" });
  storeId = t.database.storeId;
});
afterAll(() => t.database.dispose());

/** A fresh client address, so one test's attempts do not count against another's. */
function client(extra: Record<string, string> = {}) {
  ipCounter += 1;
  return { "x-forwarded-for": `203.0.113.${ipCounter}`, ...extra };
}

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error("no session cookie set");
  return cookie.split(";")[0];
}

async function signUp(email: string, password = "blue coffee beans", headers = client()) {
  return t.call("POST", "/api/auth/signup", { email, password, store_id: storeId, first_name: "Ada", last_name: "Lovelace" }, headers);
}

async function logIn(email: string, password: string, headers = client()) {
  return t.call("POST", "/api/auth/login", { email, password, store_id: storeId }, headers);
}

async function status(cookie?: string) {
  const response = await t.call("GET", `/api/auth/status?store_id=${storeId}`, undefined, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return response.json();
}

describe("sign up, sign in, status, sign out", () => {
  it("answers with the spec's shapes and ends the session on logout", async () => {
    const created = await signUp("Ada@Example.com");
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ user: { email: "Ada@Example.com", first_name: "Ada", last_name: "Lovelace" } });

    expect(await status()).toEqual({ isLoggedIn: false, user: null });

    const login = await logIn("ada@example.COM", "blue coffee beans");
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body).toEqual({
      user: { id: expect.any(Number), email: "Ada@Example.com", firstName: "Ada", lastName: "Lovelace", customerId: body.user.id },
    });
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(login);

    expect(await status(cookie)).toEqual({
      isLoggedIn: true,
      user: { id: body.user.id, email: "Ada@Example.com", first_name: "Ada", last_name: "Lovelace" },
    });

    const logout = await t.call("POST", "/api/auth/logout", undefined, { cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((c) => /^session=;.*Max-Age=0/.test(c))).toBe(true);
    // The row is gone: the old cookie no longer signs anyone in.
    expect(await status(cookie)).toEqual({ isLoggedIn: false, user: null });
  });

  it("stores only a hash of the session token", async () => {
    await signUp("hash@example.com");
    const login = await logIn("hash@example.com", "blue coffee beans");
    const token = sessionCookieOf(login).split("=")[1];
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.idHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.idHash, token))).toHaveLength(0);
  });

  it("answers a sign-up with a taken email as a new one, changes nothing, and mails the account's owner", async () => {
    const created = await signUp("twice@example.com");
    expect(created.status).toBe(201);
    const again = await signUp("twice@example.com", "another password here");
    expect(again.status).toBe(created.status);
    expect(await again.json()).toEqual(await created.json());
    // Any letter case is the same account.
    expect((await signUp("  TWICE@example.com ")).status).toBe(201);
    expect(await t.deps.db.select().from(customers).where(eq(customers.emailNormalized, "twice@example.com"))).toHaveLength(1);
    expect((await logIn("twice@example.com", "another password here")).status).toBe(401);
    expect((await logIn("twice@example.com", "blue coffee beans")).status).toBe(200);

    const mail = await vi.waitFor(async () => {
      const [row] = await t.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, "twice@example.com"), eq(mailOutbox.kind, "signup-attempt")));
      if (!row) throw new Error("no mail yet");
      return row;
    });
    expect(mail.subject).toMatch(/^Someone tried to create a .+ account with your email$/);
    expect(mail.text).toContain(`${t.deps.config.publicUrl}/login`);
    // Its reset link works, like one asked for on the forgot-password page.
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    const reset = await t.call("POST", "/api/auth/reset-password", { token, password: "chosen after all", store_id: storeId }, client());
    expect(reset.status).toBe(200);
    expect((await logIn("twice@example.com", "chosen after all")).status).toBe(200);
  });

  it("refuses short and common passwords and names the missing field", async () => {
    const short = await signUp("short@example.com", "abc123");
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 8 characters");
    const common = await signUp("common@example.com", "Password123");
    expect(common.status).toBe(400);
    expect((await common.json()).error).toMatch(/too common/);
    const missing = await t.call("POST", "/api/auth/signup", { email: "x@example.com", password: "blue coffee beans", store_id: storeId, last_name: "L" }, client());
    expect(missing.status).toBe(400);
    expect(namedError(await missing.json())).toMatch(/^first_name/);
    const badEmail = await logIn("not-an-email", "whatever1");
    expect(badEmail.status).toBe(400);
    expect(namedError(await badEmail.json())).toMatch(/^email/);
  });

  it("answers 404 for an unknown store", async () => {
    const response = await t.call("POST", "/api/auth/login", { email: "a@example.com", password: "x", store_id: "no-such-store" }, client());
    expect(response.status).toBe(404);
    expect((await t.call("GET", "/api/auth/status?store_id=no-such-store")).status).toBe(404);
    expect((await t.call("GET", "/api/auth/status")).status).toBe(400);
  });

  it("gives an unknown email and a wrong password the same answer in similar time", async () => {
    // At the shop's own hashing cost: the cheap one Vitest uses (server/accounts/passwords.ts) is no slower than the
    // queries around it. Vitest undoes the stub before the next test (vitest.config.ts's unstubEnvs).
    vi.stubEnv("NODE_ENV", "production");
    await signUp("known@example.com");
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await logIn(email, "not the password");
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    await timed("warm-up@example.com");
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await timed("known@example.com");
      const b = await timed(`nobody-${i}@example.com`);
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toEqual({ error: ACCOUNT_NOT_FOUND_MESSAGE });
      expect(b.body).toEqual(a.body);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // The fastest of each: a busy machine only ever adds time, and without the dummy hash an unknown email answers in
    // a tenth of the time of a wrong password, far outside these bounds.
    const ratio = Math.min(...unknown) / Math.min(...wrong);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it("gives a new session id at every sign-in and drops the one the browser had", async () => {
    await signUp("rotate@example.com");
    const first = sessionCookieOf(await logIn("rotate@example.com", "blue coffee beans"));
    const second = await logIn("rotate@example.com", "blue coffee beans", client({ cookie: first }));
    const secondCookie = sessionCookieOf(second);
    expect(secondCookie).not.toBe(first);
    expect((await status(first)).isLoggedIn).toBe(false);
    expect((await status(secondCookie)).isLoggedIn).toBe(true);
  });

  it("ignores an expired session", async () => {
    await signUp("expired@example.com");
    const cookie = sessionCookieOf(await logIn("expired@example.com", "blue coffee beans"));
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(cookie.split("=")[1])));
    expect((await status(cookie)).isLoggedIn).toBe(false);
  });
});

describe("carts at sign-in and sign-out", () => {
  function cartCookieOf(response: Response): string | undefined {
    return response.headers.getSetCookie().find((c) => c.startsWith("cart="))?.split(";")[0];
  }

  async function saveCart(cookie: string | undefined, items: { sku: string; quantity: number }[]) {
    const response = await t.call(
      "POST",
      "/api/cart-items",
      { cartItems: items.map((item) => ({ kind: "product", ...item })) },
      cookie ? { cookie } : {},
    );
    expect(response.status).toBe(200);
    return cookieOrSame(cartCookieOf(response), cookie);
  }

  function cookieOrSame(set: string | undefined, had: string | undefined): string {
    const cookie = set ?? had;
    if (!cookie) throw new Error("no cart cookie");
    return cookie;
  }

  async function cartOf(cookie: string) {
    const response = await t.call("GET", "/api/cart-items", undefined, { cookie });
    const body = (await response.json()) as { cartItems: { sku: string; quantity: number }[] };
    return Object.fromEntries(body.cartItems.map((item) => [item.sku, item.quantity]));
  }

  it("keeps the cart with the account at sign-out and merges the next guest cart into it at sign-in", async () => {
    await signUp("cart@example.com");
    const firstCart = await saveCart(undefined, [{ sku: "HOUSE-12OZ-WB", quantity: 1 }]);
    const login = await logIn("cart@example.com", "blue coffee beans", client({ cookie: firstCart }));
    // No saved cart yet: the guest cart simply becomes the account's.
    expect(cartCookieOf(login)).toBeUndefined();
    const session = sessionCookieOf(login);

    const logout = await t.call("POST", "/api/auth/logout", undefined, { cookie: `${session}; ${firstCart}` });
    expect(logout.headers.getSetCookie().some((c) => /^cart=;.*Max-Age=0/.test(c))).toBe(true);

    const guestCart = await saveCart(undefined, [
      { sku: "HOUSE-12OZ-WB", quantity: 2 },
      { sku: "BFAST-50G", quantity: 1 },
    ]);
    const again = await logIn("cart@example.com", "blue coffee beans", client({ cookie: guestCart }));
    const mergedCart = cartCookieOf(again);
    expect(mergedCart).toBeDefined();
    expect(mergedCart).not.toBe(guestCart);
    expect(await cartOf(mergedCart!)).toEqual({ "HOUSE-12OZ-WB": 3, "BFAST-50G": 1 });
    // The guest cart was folded in and is gone.
    expect(await cartOf(guestCart)).toEqual({});
  });
});

describe("password reset", () => {
  async function requestReset(email: string) {
    const response = await t.call("POST", "/api/auth/forgot-password", { email, store_id: storeId }, client());
    expect(response.status).toBe(200);
    return response.json();
  }

  /** The mail is sent after the answer (so its timing reveals nothing); it lands in the outbox a moment later. */
  async function latestResetToken(email: string): Promise<string> {
    const mail = await vi.waitFor(async () => {
      const [row] = await t.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "password-reset")))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      if (!row) throw new Error("no reset mail yet");
      return row;
    });
    const link = /http\S+\/reset-password\?token=([\w-]+)/.exec(mail.text);
    if (!link) throw new Error("no reset link in the mail");
    return link[1];
  }

  async function reset(token: string, password: string) {
    return t.call("POST", "/api/auth/reset-password", { token, password, store_id: storeId }, client());
  }

  it("sends a single-use link that sets a new password and ends every session", async () => {
    await signUp("reset@example.com", "old password here");
    const sessionA = sessionCookieOf(await logIn("reset@example.com", "old password here"));
    const sessionB = sessionCookieOf(await logIn("reset@example.com", "old password here"));

    const known = await requestReset("reset@example.com");
    const unknown = await requestReset("no-account@example.com");
    expect(unknown).toEqual(known);
    const unknownMail = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "no-account@example.com"));
    expect(unknownMail).toHaveLength(0);

    const token = await latestResetToken("reset@example.com");
    const [stored] = await t.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    // A refused password does not spend the link.
    expect((await reset(token, "short")).status).toBe(400);
    const done = await reset(token, "new password here");
    expect(done.status).toBe(200);

    const reused = await reset(token, "another password");
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: INVALID_RESET_LINK_MESSAGE });

    expect((await status(sessionA)).isLoggedIn).toBe(false);
    expect((await status(sessionB)).isLoggedIn).toBe(false);
    expect((await logIn("reset@example.com", "old password here")).status).toBe(401);
    expect((await logIn("reset@example.com", "new password here")).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    await signUp("late@example.com");
    await requestReset("late@example.com");
    const token = await latestResetToken("late@example.com");
    await t.deps.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const response = await reset(token, "new password here");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: INVALID_RESET_LINK_MESSAGE });
    expect((await logIn("late@example.com", "blue coffee beans")).status).toBe(200);
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} reset mails an hour to one account, however many requests come at once`, async () => {
    await signUp("flooded@example.com");
    // Thirty requests in the same moment, each from an address of its own; all get the same answer.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.call("POST", "/api/auth/forgot-password", { email: "flooded@example.com", store_id: storeId }, client())),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    const [tokens] = await t.deps.db
      .select({ count: count() })
      .from(passwordResetTokens)
      .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
      .where(eq(customers.emailNormalized, "flooded@example.com"));
    expect(tokens.count).toBe(RESET_MAILS_PER_HOUR);
    await vi.waitFor(async () => {
      const mails = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "flooded@example.com"), eq(mailOutbox.kind, "password-reset")));
      expect(mails).toHaveLength(RESET_MAILS_PER_HOUR);
    });
    // A sign-up with the email now mails nothing more: its mail carries a reset link too.
    expect((await signUp("flooded@example.com")).status).toBe(201);

    // An hour on, the account has room again.
    await t.deps.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(inArray(passwordResetTokens.customerId, t.deps.db.select({ id: customers.id }).from(customers).where(eq(customers.emailNormalized, "flooded@example.com"))));
    await requestReset("flooded@example.com");
    await vi.waitFor(async () => {
      const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "flooded@example.com"));
      expect(mails).toHaveLength(RESET_MAILS_PER_HOUR + 1);
    });
  });

  it("refuses a made-up token", async () => {
    expect((await reset("made-up-token", "new password here")).status).toBe(400);
  });
});

describe("protection", () => {
  it("stops ten wrong passwords from one address without locking the owner out at theirs", async () => {
    await signUp("target@example.com");
    const attacker = client();
    for (let i = 0; i < PER_EMAIL_AND_CLIENT.limit; i++) {
      expect((await logIn("target@example.com", "guess number " + i, attacker)).status).toBe(401);
    }
    // The attacker's address is stopped for this account, whatever it tries next, the right password included.
    const refused = await logIn("TARGET@example.com", "blue coffee beans", attacker);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner, at their own address, signs in.
    expect((await logIn("target@example.com", "blue coffee beans", client())).status).toBe(200);
  });

  it("stops guessing spread over many addresses at the account's ceiling", async () => {
    await signUp("spread@example.com");
    // The sign-up was the account's first attempt in the minute; each guess comes from an address of its own.
    const guesses = Array.from({ length: PER_EMAIL.limit - 1 }, (_, i) => logIn("spread@example.com", "guess " + i, client()));
    expect(new Set((await Promise.all(guesses)).map((response) => response.status))).toEqual(new Set([401]));
    expect((await logIn("spread@example.com", "one guess more", client())).status).toBe(429);
    expect((await logIn("spread@example.com", "blue coffee beans", client())).status).toBe(429);
    // 99 scrypt checks at once: the limit only stops a hang, on two cores that another test worker shares.
  }, 180_000);

  it("limits attempts per client address across emails", async () => {
    const headers = client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.call("POST", "/api/auth/forgot-password", { email: `spray-${i}@example.com`, store_id: storeId }, headers)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("refuses a state-changing request from a foreign origin with 403 and lets same-origin ones through", async () => {
    const foreign = await t.call("POST", "/api/auth/logout", undefined, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: expect.any(String) });
    const foreignPage = await t.call("POST", "/login", "email=a%40b.c", { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" });
    expect(foreignPage.status).toBe(403);
    expect((await t.call("POST", "/api/auth/logout", undefined, { origin: "http://localhost" })).status).toBe(200);
    // The configured public address is the shop's own origin too (a proxy may change the Host header).
    expect((await t.call("POST", "/api/auth/logout", undefined, { origin: t.deps.config.publicUrl })).status).toBe(200);
    expect((await t.call("POST", "/api/auth/logout", undefined, { origin: "null" })).status).toBe(403);
    expect((await t.call("POST", "/api/auth/logout", undefined, { origin: "http://localhost.evil.example" })).status).toBe(403);
    expect((await t.call("POST", "/api/auth/logout")).status).toBe(200);
    expect((await t.call("GET", `/api/auth/status?store_id=${storeId}`, undefined, { origin: "https://evil.example" })).status).toBe(200);
  });
});
