/**
 * The admin API over HTTP: sign-in and its limits, the staff cookie's flags and rotation, two-step sign-in, the
 * setup link, the role on every request (sessions and API tokens), cross-site writes, and an audit event for every
 * write. A crawl of the OpenAPI document's /api/admin paths, unauthenticated, finds nothing that answers.
 */
import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { PER_EMAIL_AND_CLIENT } from "../accounts/limits";
import { apiTokens } from "../db/schema";
import { createStaff } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";
import { ensureSetupLink } from "../staff/setup-link";
import { CODE_TRIES_PER_ACCOUNT, setTotpRequired } from "../staff/totp";

const PASSWORD = "correct horse battery staple";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});
beforeEach(() => t.deps.rateLimiter.clear());

const cookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("staff_session="))!;
const jarOf = (response: Response) => ({ cookie: cookieOf(response).split(";")[0] });

let staffCount = 0;
/** A new member of `role`, signed in: the headers that carry their session. */
async function signedIn(role: "owner" | "manager" | "fulfilment") {
  staffCount += 1;
  const email = `${role}${staffCount}@example.com`;
  const member = await createStaff(t.deps.db, commandLineActor(t.deps.storeId), { email, name: `${role} ${staffCount}`, password: PASSWORD, role });
  const response = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { member, email, headers: jarOf(response) };
}

async function auditOf(entity: string) {
  const owner = await signedIn("owner");
  const response = await t.call("GET", `/api/admin/audit?entity=${entity}`, undefined, owner.headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: { action: string; actor: { label: string }; entity_id: string; changes: object }[] }).events;
}

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe("staff sign-in", () => {
  it("answers a wrong password and an unknown email alike, and signs in with the right one", async () => {
    const { email } = await signedIn("manager");
    for (const body of [{ email, password: "not the password" }, { email: "nobody@example.com", password: PASSWORD }]) {
      const response = await t.call("POST", "/api/admin/auth/login", body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid email or password" });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const response = await t.call("POST", "/api/admin/auth/login", { email: email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ staff: { email, name: expect.any(String), role: "manager" }, totp_setup_required: false });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const me = await t.call("GET", "/api/admin/auth/me", undefined, jarOf(response));
    expect(await me.json()).toMatchObject({ staff: { email, role: "manager" }, permissions: expect.not.arrayContaining(["staff", "tokens"]) });
  });

  it("names the field of bad input", async () => {
    const response = await t.call("POST", "/api/admin/auth/login", { email: "not an email", password: "x" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid email address", field: "email" });
  });

  it("locks an email out at one address after the customers' limit of tries, with Retry-After", async () => {
    const { email } = await signedIn("fulfilment");
    for (let i = 0; i < PER_EMAIL_AND_CLIENT.limit - 1; i += 1) {
      expect((await t.call("POST", "/api/admin/auth/login", { email, password: "wrong password" })).status).toBe(401);
    }
    const locked = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("sets an HttpOnly, SameSite=Strict cookie for the whole site, not Secure over plain http", async () => {
    const { headers } = await signedIn("manager");
    const response = await t.call("POST", "/api/admin/auth/login", { email: `manager${staffCount}@example.com`, password: PASSWORD }, headers);
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("marks the cookie Secure when the shop's public address is https", async () => {
    const secure = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" });
    try {
      await createStaff(secure.deps.db, commandLineActor(secure.deps.storeId), { email: "s@example.com", name: "S", password: PASSWORD, role: "owner" });
      const response = await secure.call("POST", "/api/admin/auth/login", { email: "s@example.com", password: PASSWORD });
      expect(cookieOf(response)).toMatch(/; Secure/);
      expect(cookieOf(response)).toMatch(/; SameSite=Strict/);
    } finally {
      await secure.database.dispose();
    }
  });

  it("gives a new session at every sign-in; the request's old one no longer works", async () => {
    const { email, headers: first } = await signedIn("manager");
    const again = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD }, first);
    const second = jarOf(again);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, first)).status).toBe(401);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, second)).status).toBe(200);
  });

  it("signs out: the session ends and the cookie is cleared", async () => {
    const { headers } = await signedIn("fulfilment");
    const response = await t.call("POST", "/api/admin/auth/logout", undefined, headers);
    expect(response.status).toBe(200);
    expect(cookieOf(response)).toMatch(/^staff_session=;.*Max-Age=0/);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, headers)).status).toBe(401);
  });

  it("does not take a customer's session cookie for a staff one", async () => {
    const { headers } = await signedIn("owner");
    const customerCookie = { cookie: headers.cookie.replace("staff_session=", "session=") };
    expect((await t.call("GET", "/api/admin/staff", undefined, customerCookie)).status).toBe(401);
  });
});

describe("two-step sign-in", () => {
  it("is optional: once confirmed, sign-in asks for the code and refuses a wrong or reused one", async () => {
    const { email, headers } = await signedIn("manager");
    const enrol = await t.call("POST", "/api/admin/auth/totp/enrol", undefined, headers);
    const { secret, uri } = (await enrol.json()) as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const now = Date.now();
    expect((await t.call("POST", "/api/admin/auth/totp/confirm", { code: "12345" }, headers)).status).toBe(400);
    expect((await t.call("POST", "/api/admin/auth/totp/confirm", { code: codeAt(secret, now) }, headers)).status).toBe(200);

    const withoutCode = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD });
    expect(withoutCode.status).toBe(401);
    expect(await withoutCode.json()).toEqual({ error: "Enter the 6-digit code from your authenticator app", field: "code" });
    const wrongPassword = await t.call("POST", "/api/admin/auth/login", { email, password: "wrong password" });
    expect(await wrongPassword.json()).toEqual({ error: "Invalid email or password" });
    const reused = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD, code: codeAt(secret, now) });
    expect(await reused.json()).toEqual({ error: "The code is not valid", field: "code" });
    const next = codeAt(secret, now + 30_000);
    expect((await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD, code: next })).status).toBe(200);

    // Codes are counted per account, from any address, below the password's own limits.
    await t.deps.rateLimiter.clear();
    expect(CODE_TRIES_PER_ACCOUNT.limit).toBeLessThan(PER_EMAIL_AND_CLIENT.limit);
    for (let i = 0; i < CODE_TRIES_PER_ACCOUNT.limit; i += 1) {
      expect((await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD, code: "000000" })).status).toBe(401);
    }
    const guessing = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD, code: codeAt(secret, now + 60_000) });
    expect(guessing.status).toBe(429);

    const events = await auditOf("staff");
    expect(events.find((event) => event.action === "staff.totp-enable" && event.actor.label === email)?.changes).toEqual({
      totp_enabled: { before: false, after: true },
      backup_codes_left: { before: 0, after: 10 },
    });
  });

  it("counts the codes tried to turn it off as sign-in's: past the limit, 429 with Retry-After, and it stays on", async () => {
    const { email, headers } = await signedIn("manager");
    const { secret } = (await (await t.call("POST", "/api/admin/auth/totp/enrol", undefined, headers)).json()) as { secret: string };
    const now = Date.now();
    expect((await t.call("POST", "/api/admin/auth/totp/confirm", { code: codeAt(secret, now) }, headers)).status).toBe(200);
    for (let i = 0; i < CODE_TRIES_PER_ACCOUNT.limit; i += 1) {
      const wrong = await t.call("POST", "/api/admin/auth/totp/disable", { code: "000000" }, headers);
      expect(await wrong.json()).toEqual({ error: "The code is not valid", field: "code" });
    }
    const refused = await t.call("POST", "/api/admin/auth/totp/disable", { code: codeAt(secret, now + 30_000) }, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS_MESSAGE });
    // Still on: sign-in asks for the code, and the tries are the same ones sign-in counts.
    const withoutCode = await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD });
    expect(await withoutCode.json()).toEqual({ error: "Enter the 6-digit code from your authenticator app", field: "code" });
    expect((await t.call("POST", "/api/admin/auth/login", { email, password: PASSWORD, code: codeAt(secret, now + 30_000) })).status).toBe(429);
    expect((await auditOf("staff")).some((event) => event.action === "staff.totp-disable" && event.actor.label === email)).toBe(false);
  });

  it("when the owner requires it, a member without it may only set it up; with it, only the code signs in", async () => {
    const owner = await signedIn("owner");
    const fulfilment = await signedIn("fulfilment");
    const set = await t.call("POST", "/api/admin/staff-policy", { totp_required: true }, owner.headers);
    expect(await set.json()).toEqual({ totp_required: true });
    try {
      const login = await t.call("POST", "/api/admin/auth/login", { email: fulfilment.email, password: PASSWORD });
      expect(await login.json()).toMatchObject({ totp_setup_required: true });
      const headers = jarOf(login);
      // The owner too, who has not set it up either.
      const refused = await t.call("GET", "/api/admin/audit", undefined, owner.headers);
      expect(await refused.json()).toEqual({ error: "The owner requires two-step sign-in; set it up before anything else" });
      const me = await t.call("GET", "/api/admin/auth/me", undefined, headers);
      expect(await me.json()).toMatchObject({ totp_setup_required: true });
      const { secret } = (await (await t.call("POST", "/api/admin/auth/totp/enrol", undefined, headers)).json()) as { secret: string };
      expect((await t.call("POST", "/api/admin/auth/totp/confirm", { code: codeAt(secret, Date.now()) }, headers)).status).toBe(200);
      const disable = await t.call("POST", "/api/admin/auth/totp/disable", { code: codeAt(secret, Date.now() + 30_000) }, headers);
      expect(disable.status).toBe(422);
      expect((await t.call("POST", "/api/admin/auth/login", { email: fulfilment.email, password: PASSWORD })).status).toBe(401);
    } finally {
      await setTotpRequired(t.deps.db, commandLineActor(t.deps.storeId), false);
    }
  });
});

describe("the first owner", () => {
  it("is made from the setup link, which works once", async () => {
    const fresh = await createTestApp();
    try {
      const link = await ensureSetupLink(fresh.deps);
      const token = new URL(link!).searchParams.get("token")!;
      const body = { token, email: "first@example.com", name: "First Owner", password: PASSWORD };
      const made = await fresh.call("POST", "/api/admin/setup", body);
      expect(made.status).toBe(201);
      expect(await made.json()).toEqual({ staff: { email: "first@example.com", name: "First Owner", role: "owner" }, totp_setup_required: false });
      expect((await fresh.call("GET", "/api/admin/staff", undefined, jarOf(made))).status).toBe(200);
      const again = await fresh.call("POST", "/api/admin/setup", { ...body, email: "second@example.com" });
      expect(again.status).toBe(410);
      expect(await again.json()).toEqual({ error: "This setup link has already been used", field: "token" });
      expect(await ensureSetupLink(fresh.deps)).toBeNull();
    } finally {
      await fresh.database.dispose();
    }
  });
});

describe("roles, on every request", () => {
  const ownerOnly = [
    ["GET", "/api/admin/staff"],
    ["POST", "/api/admin/staff", { email: "x@example.com", name: "X", password: PASSWORD, role: "owner" }],
    ["PATCH", "/api/admin/staff/1", { role: "owner" }],
    ["DELETE", "/api/admin/staff/1"],
    ["GET", "/api/admin/tokens"],
    ["POST", "/api/admin/tokens", { name: "mine", role: "owner" }],
    ["DELETE", "/api/admin/tokens/1"],
    ["POST", "/api/admin/staff-policy", { totp_required: false }],
  ] as const;

  it("fulfilment and manager get 403 on staff and token routes; manager reads the audit trail, fulfilment not", async () => {
    for (const role of ["fulfilment", "manager"] as const) {
      const { headers } = await signedIn(role);
      for (const [method, path, body] of ownerOnly) {
        const response = await t.call(method, path, body, headers);
        expect(`${role} ${method} ${path} ${response.status}`).toBe(`${role} ${method} ${path} 403`);
        expect(await response.json()).toEqual({ error: "Forbidden" });
      }
      const audit = await t.call("GET", "/api/admin/audit", undefined, headers);
      expect(audit.status).toBe(role === "manager" ? 200 : 403);
    }
  });

  it("reads the role afresh: a member demoted mid-session loses the owner's routes at once", async () => {
    const owner = await signedIn("owner");
    const other = await signedIn("owner");
    expect((await t.call("GET", "/api/admin/staff", undefined, other.headers)).status).toBe(200);
    const demoted = await t.call("PATCH", `/api/admin/staff/${other.member.id}`, { role: "manager" }, owner.headers);
    expect(await demoted.json()).toMatchObject({ staff: { role: "manager" } });
    expect((await t.call("GET", "/api/admin/staff", undefined, other.headers)).status).toBe(403);
    const removed = await t.call("DELETE", `/api/admin/staff/${other.member.id}`, undefined, owner.headers);
    expect(removed.status).toBe(200);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, other.headers)).status).toBe(401);
    expect((await t.call("DELETE", `/api/admin/staff/${other.member.id}`, undefined, owner.headers)).status).toBe(404);
    expect(await (await t.call("PATCH", "/api/admin/staff/abc", { role: "owner" }, owner.headers)).json()).toEqual({
      error: "id must be a positive whole number",
      field: "id",
    });

    const events = await auditOf("staff");
    const id = String(other.member.id);
    expect(events.filter((event) => event.entity_id === id).map((event) => [event.action, event.actor.label, event.changes])).toEqual([
      ["staff.remove", owner.email, { email: { before: other.email, after: null }, name: { before: expect.any(String), after: null }, role: { before: "manager", after: null } }],
      ["staff.role", owner.email, { role: { before: "owner", after: "manager" } }],
      ["staff.create", "command line", expect.objectContaining({ role: { before: null, after: "owner" } })],
    ]);
  });

  it("adds staff with the customers' password rules, and records it", async () => {
    const owner = await signedIn("owner");
    const weak = await t.call("POST", "/api/admin/staff", { email: "weak@example.com", name: "W", password: "short", role: "manager" }, owner.headers);
    expect(weak.status).toBe(400);
    const role = await t.call("POST", "/api/admin/staff", { email: "r@example.com", name: "R", password: PASSWORD, role: "boss" }, owner.headers);
    expect(await role.json()).toEqual({ error: "Role must be one of owner, manager, fulfilment", field: "role" });
    const added = await t.call("POST", "/api/admin/staff", { email: "added@example.com", name: "Added", password: PASSWORD, role: "fulfilment" }, owner.headers);
    expect(added.status).toBe(201);
    const taken = await t.call("POST", "/api/admin/staff", { email: "ADDED@example.com", name: "Again", password: PASSWORD, role: "manager" }, owner.headers);
    expect(taken.status).toBe(409);
    const list = (await (await t.call("GET", "/api/admin/staff", undefined, owner.headers)).json()) as { staff: { email: string }[] };
    expect(list.staff.map((member) => member.email)).toContain("added@example.com");
    const [event] = (await auditOf("staff")).filter((candidate) => candidate.action === "staff.create" && candidate.actor.label === owner.email);
    expect(event.changes).toEqual({
      email: { before: null, after: "added@example.com" },
      name: { before: null, after: "Added" },
      role: { before: null, after: "fulfilment" },
    });
  });
});

describe("API tokens", () => {
  it("are shown once, act with their role, note their use, and answer 401 once revoked", async () => {
    const owner = await signedIn("owner");
    const made = await t.call("POST", "/api/admin/tokens", { name: "Packing script", role: "fulfilment" }, owner.headers);
    expect(made.status).toBe(201);
    const { api_token: record, token } = (await made.json()) as { api_token: { id: number }; token: string };
    expect(token).toMatch(/^shop_admin_/);
    const [stored] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, record.id));
    expect(stored.tokenHash).not.toContain(token);
    const list = await (await t.call("GET", "/api/admin/tokens", undefined, owner.headers)).text();
    expect(list).not.toContain(token);

    const bearer = { authorization: `Bearer ${token}` };
    expect((await t.call("GET", "/api/admin/audit", undefined, bearer)).status).toBe(403);
    expect((await t.call("GET", "/api/admin/tokens", undefined, bearer)).status).toBe(403);
    const [used] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, record.id));
    expect(used.lastUsedAt).not.toBeNull();
    // A token acts for no one: a member's own settings need a member.
    expect((await t.call("POST", "/api/admin/auth/totp/enrol", undefined, bearer)).status).toBe(403);

    const manager = await t.call("POST", "/api/admin/tokens", { name: "Reports", role: "manager" }, owner.headers);
    const managerBearer = { authorization: `Bearer ${((await manager.json()) as { token: string }).token}` };
    expect((await t.call("GET", "/api/admin/audit", undefined, managerBearer)).status).toBe(200);

    const revoked = await t.call("DELETE", `/api/admin/tokens/${record.id}`, undefined, owner.headers);
    expect(await revoked.json()).toMatchObject({ api_token: { revoked_at: expect.any(String) } });
    const refused = await t.call("GET", "/api/admin/audit", undefined, bearer);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Sign-in required" });
    // A bad token is not rescued by a session cookie sent with it; another scheme leaves the cookie to decide.
    expect((await t.call("GET", "/api/admin/staff", undefined, { ...bearer, ...owner.headers })).status).toBe(401);
    expect((await t.call("GET", "/api/admin/staff", undefined, { authorization: "Basic b3duZXI6cGFzcw==", ...owner.headers })).status).toBe(200);
    expect((await t.call("GET", "/api/admin/staff", undefined, { ...owner.headers, authorization: "bearer" })).status).toBe(401);

    const events = await auditOf("token");
    expect(events.filter((event) => event.entity_id === String(record.id)).map((event) => [event.action, event.changes])).toEqual([
      ["token.revoke", { revoked_at: { before: null, after: expect.any(String) } }],
      ["token.create", { name: { before: null, after: "Packing script" }, role: { before: null, after: "fulfilment" } }],
    ]);
  });
});

describe("without a staff session or token", () => {
  it("no /api/admin operation of the OpenAPI document answers but 401 (the doors in, and back in, answer their own refusals)", async () => {
    const document = (await (await t.call("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const admin = Object.entries(document.paths).filter(([path]) => path.startsWith("/api/admin/"));
    expect(admin.flatMap(([, methods]) => Object.keys(methods)).length).toBeGreaterThanOrEqual(17);
    const doors: Record<string, number> = {
      "post /api/admin/auth/login": 400,
      "post /api/admin/setup": 400,
      "post /api/admin/auth/forgot-password": 400,
      "post /api/admin/auth/reset-password": 400,
    };
    for (const [path, methods] of admin) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{\w+\}/g, "1");
        const anonymous: Record<string, string>[] = [{}, { cookie: "staff_session=forged" }, { authorization: "Bearer shop_admin_forged" }];
        for (const headers of anonymous) {
          const response = await t.call(method.toUpperCase(), url, method === "get" ? undefined : {}, headers);
          expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} ${doors[`${method} ${path}`] ?? 401}`);
        }
      }
    }
    expect((await t.call("GET", "/api/admin/not-a-route")).status).toBe(404);
  });

  it("refuses cross-site writes (CSRF) before anything else, even with a valid session", async () => {
    const owner = await signedIn("owner");
    const foreign = { ...owner.headers, origin: "https://evil.example" };
    const response = await t.call("POST", "/api/admin/tokens", { name: "stolen", role: "owner" }, foreign);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused" });
    expect((await t.call("DELETE", "/api/admin/staff/1", undefined, foreign)).status).toBe(403);
    expect((await t.call("POST", "/api/admin/auth/login", { email: owner.email, password: PASSWORD }, { origin: "https://evil.example" })).status).toBe(403);
    const sameSite = await t.call("POST", "/api/admin/tokens", { name: "mine", role: "owner" }, { ...owner.headers, origin: "http://localhost" });
    expect(sameSite.status).toBe(201);
  });
});

describe("hostile input from a signed-in owner", () => {
  async function adminOperations() {
    const document = (await (await t.call("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/admin/") && !path.endsWith("/logout"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  }

  it("answers every id and cursor past a database id's range as the caller's mistake, on every operation", async () => {
    const owner = await signedIn("owner");
    const failures: string[] = [];
    for (const operation of await adminOperations()) {
      for (const id of ["99999999999", "2147483648", "-1", "1e3"]) {
        await t.deps.rateLimiter.clear();
        const url = operation.path.replace(/\{\w+\}/g, id) + (operation.method === "GET" ? `?cursor=${id}&product_id=${id}` : "");
        const response = await t.call(operation.method, url, operation.method === "GET" ? undefined : "{}", owner.headers);
        if (response.status >= 500) failures.push(`${operation.method} ${url} -> ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("never makes an admin operation answer a 5xx", async () => {
    const owner = await signedIn("owner");
    const operations = await adminOperations();
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "0", "-1", "99999999999", "1e3", "owner", "\u0000", "\ud800", "x".repeat(5000)));
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 2 }));
    const body = fc.oneof(
      fc.record({ email: value, name: value, password: value, role: value, code: value, token: value, totp_required: value }, { requiredKeys: [] }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), text, body, async (operation, id, sent) => {
        await t.deps.rateLimiter.clear();
        // An address carries UTF-8, in which an unpaired surrogate has no encoding.
        const part = encodeURIComponent(Buffer.from(id, "utf8").toString("utf8"));
        const url = operation.path.replace(/\{\w+\}/g, part) + (operation.method === "GET" ? `?cursor=${part}&entity=${part}&actor=${part}` : "");
        const response = await t.call(operation.method, url, operation.method === "GET" ? undefined : JSON.stringify(sent ?? null), owner.headers);
        if (response.status >= 500) failures.push(`${operation.method} ${url} ${JSON.stringify(sent)?.slice(0, 200)} -> ${response.status} ${await response.text()}`);
      }),
      { numRuns: 300 },
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
