/**
 * The staff domain against the database: the audit trail's append-only table and its changes, the last owner,
 * session timeouts and rotation, setup links, TOTP codes used once; and that none of it moves content_version.
 */
import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { readContentVersions } from "../db/content-version";
import { auditEvents, staff, stores } from "../db/schema";
import { resetStore, seedDemoStore } from "../db/seed";
import { loadConfig } from "../config";
import { changeStaffRole, createStaff, listStaff, removeStaff, LAST_OWNER_MESSAGE } from "./accounts";
import { changedFields, commandLineActor, listAudit, recordAudit } from "../audit/audit";
import { ABSOLUTE_TIMEOUT_MS, createStaffSession, IDLE_TIMEOUT_MS, staffOfSession } from "./sessions";
import { completeSetup, ensureSetupLink, SETUP_LINK_MS } from "./setup-link";
import { acceptTotpCode, enrolTotp } from "./totp";
import { createRateLimiter } from "../http/rate-limit";

let database: TestDatabase;
const storeId = "demo";
const PASSWORD = "correct horse battery staple";
const actor = () => commandLineActor(storeId);

beforeAll(async () => {
  database = await createTestDatabase({ seed: true, storeId });
});
afterAll(async () => {
  await database.dispose();
});

const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: Error) => error);

describe("the audit trail", () => {
  it("keeps only the fields that changed, a missing side as null", () => {
    expect(changedFields({ role: "manager", name: "Ann" }, { role: "owner", name: "Ann" })).toEqual({
      role: { before: "manager", after: "owner" },
    });
    expect(changedFields(null, { role: "owner" })).toEqual({ role: { before: null, after: "owner" } });
    expect(changedFields({ tags: ["a"] }, { tags: ["a"] })).toEqual({});
  });

  it("is append-only in the database: UPDATE, DELETE and TRUNCATE are refused", async () => {
    await recordAudit(database.db, actor(), { action: "test.write", entity: "test", entityId: 1, before: null, after: { a: 1 } });
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "test.write"));
    expect(event.changes).toEqual({ a: { before: null, after: 1 } });
    expect(await errorOf(database.db.update(auditEvents).set({ action: "edited" }).where(eq(auditEvents.id, event.id)))).toBeTruthy();
    expect(await errorOf(database.db.delete(auditEvents).where(eq(auditEvents.id, event.id)))).toBeTruthy();
    expect(await errorOf(database.db.execute(sql`truncate audit_events`))).toBeTruthy();
    const [kept] = await database.db.select().from(auditEvents).where(eq(auditEvents.id, event.id));
    expect(kept.action).toBe("test.write");
  });

  it("goes with its store, and only then (a reset of the demo shop still works)", async () => {
    const other = "audited-elsewhere";
    await seedDemoStore(database.db, { storeId: other, imagesDir: database.imagesDir });
    await recordAudit(database.db, commandLineActor(other), { action: "x", entity: "test", entityId: null, before: null, after: null });
    await resetStore(database.db, other);
    expect(await database.db.select().from(stores).where(eq(stores.id, other))).toEqual([]);
    expect(await database.db.select().from(auditEvents).where(eq(auditEvents.storeId, other))).toEqual([]);
  });

  it("lists newest first, a page at a time, by entity or actor", async () => {
    for (let i = 0; i < 5; i += 1) {
      await recordAudit(database.db, { storeId, kind: "token", id: 7, label: "paged" }, { action: "page.x", entity: "paged", entityId: i, before: null, after: { i } });
    }
    const first = await listAudit(database.db, storeId, { entity: "paged", limit: 2 });
    expect(first.events.map((event) => event.entityId)).toEqual(["4", "3"]);
    const second = await listAudit(database.db, storeId, { entity: "paged", limit: 2, cursor: first.nextCursor! });
    expect(second.events.map((event) => event.entityId)).toEqual(["2", "1"]);
    const last = await listAudit(database.db, storeId, { entity: "paged", limit: 2, cursor: second.nextCursor! });
    expect(last).toMatchObject({ events: [{ entityId: "0" }], nextCursor: null });
    expect((await listAudit(database.db, storeId, { actor: "paged" })).events).toHaveLength(5);
  });
});

describe("staff accounts", () => {
  it("never loses the store's last owner, by removal or by a new role; with a second owner either is allowed", async () => {
    const owner = await createStaff(database.db, actor(), { email: "Owner@Example.com", name: "Olive", password: PASSWORD, role: "owner" });
    expect((await errorOf(removeStaff(database.db, actor(), owner.id)))?.message).toBe(LAST_OWNER_MESSAGE);
    expect((await errorOf(changeStaffRole(database.db, actor(), owner.id, "manager")))?.message).toBe(LAST_OWNER_MESSAGE);
    const second = await createStaff(database.db, actor(), { email: "second@example.com", name: "Sam", password: PASSWORD, role: "owner" });
    await changeStaffRole(database.db, actor(), second.id, "manager");
    await removeStaff(database.db, actor(), second.id);
    expect((await listStaff(database.db, storeId)).map((member) => member.email)).toEqual(["Owner@Example.com"]);
    const trail = await listAudit(database.db, storeId, { entity: "staff" });
    expect(trail.events.map((event) => [event.action, event.changes])).toEqual([
      ["staff.remove", { email: { before: "second@example.com", after: null }, name: { before: "Sam", after: null }, role: { before: "manager", after: null } }],
      ["staff.role", { role: { before: "owner", after: "manager" } }],
      ["staff.create", { email: { before: null, after: "second@example.com" }, name: { before: null, after: "Sam" }, role: { before: null, after: "owner" } }],
      ["staff.create", expect.objectContaining({ role: { before: null, after: "owner" } })],
    ]);
  });

  it("refuses an email already taken in any letter case, and a common password", async () => {
    expect((await errorOf(createStaff(database.db, actor(), { email: "owner@example.COM", name: "x", password: PASSWORD, role: "manager" })))?.message).toBe(
      "A staff account with this email already exists",
    );
    expect((await errorOf(createStaff(database.db, actor(), { email: "new@example.com", name: "x", password: "password", role: "manager" })))?.message).toMatch(
      /too common|at least/,
    );
  });

  it("keeps an owner when two owners remove each other at once: one removal waits for the other and is refused", async () => {
    // A store of its own holding exactly these two owners.
    const race = { ...actor(), storeId: "owner-race" };
    await database.db.insert(stores).values({ id: race.storeId, name: "Race" });
    const owner = (email: string) => createStaff(database.db, race, { email, name: email, password: PASSWORD, role: "owner" });
    const [first, second] = [await owner("first@example.com"), await owner("second@example.com")];
    const outcomes = await Promise.allSettled([removeStaff(database.db, race, first.id), removeStaff(database.db, race, second.id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const owners = (await listStaff(database.db, race.storeId)).filter((member) => member.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("moves no content version: staff, sessions and the audit trail are not shop content", async () => {
    const before = await readContentVersions(database.db);
    const member = await createStaff(database.db, actor(), { email: "cv@example.com", name: "Cv", password: PASSWORD, role: "fulfilment" });
    await createStaffSession(database.db, storeId, member.id, undefined);
    await changeStaffRole(database.db, actor(), member.id, "manager");
    await removeStaff(database.db, actor(), member.id);
    expect(await readContentVersions(database.db)).toEqual(before);
  });
});

describe("staff sessions", () => {
  it("end after 30 minutes idle, slide while used, and end after 12 hours however busy", async () => {
    const member = await createStaff(database.db, actor(), { email: "idle@example.com", name: "Ida", password: PASSWORD, role: "manager" });
    const start = new Date("2030-01-01T09:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const idle = await createStaffSession(database.db, storeId, member.id, undefined, start);
    expect(await staffOfSession(database.db, storeId, idle.token, at(IDLE_TIMEOUT_MS - 1000))).toMatchObject({ id: member.id });
    // Seen 29:59 in: the idle half hour now runs from there.
    expect(await staffOfSession(database.db, storeId, idle.token, at(2 * IDLE_TIMEOUT_MS - 2000))).toMatchObject({ id: member.id });
    expect(await staffOfSession(database.db, storeId, idle.token, at(3 * IDLE_TIMEOUT_MS))).toBeNull();

    const busy = await createStaffSession(database.db, storeId, member.id, undefined, start);
    for (let ms = 20 * 60_000; ms < ABSOLUTE_TIMEOUT_MS; ms += 20 * 60_000) {
      expect(await staffOfSession(database.db, storeId, busy.token, at(ms))).not.toBeNull();
    }
    expect(await staffOfSession(database.db, storeId, busy.token, at(ABSOLUTE_TIMEOUT_MS))).toBeNull();
  });

  it("are replaced at sign-in: the request's old token is dead, and belongs to no other store", async () => {
    const member = await createStaff(database.db, actor(), { email: "rotate@example.com", name: "Rae", password: PASSWORD, role: "manager" });
    const old = await createStaffSession(database.db, storeId, member.id, undefined);
    const fresh = await createStaffSession(database.db, storeId, member.id, old.token);
    expect(fresh.token).not.toBe(old.token);
    expect(await staffOfSession(database.db, storeId, old.token)).toBeNull();
    expect(await staffOfSession(database.db, storeId, fresh.token)).toMatchObject({ email: "rotate@example.com" });
    expect(await staffOfSession(database.db, "another-store", fresh.token)).toBeNull();
  });
});

describe("setup links", () => {
  const deps = (db: TestDatabase) => ({
    db: db.db,
    storeId: db.storeId,
    config: loadConfig({ NODE_ENV: "test", STORE_ID: db.storeId, PUBLIC_URL: "https://shop.example.com" }),
    rateLimiter: createRateLimiter(),
  });
  const request = () => new Request("https://shop.example.com/api/admin/setup", { method: "POST" });
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  it("are made only while the store has no staff, work once, and lapse after 24 hours", async () => {
    const fresh = await createTestDatabase({ seed: true, storeId: "setup-test" });
    try {
      const now = new Date();
      const link = await ensureSetupLink(deps(fresh), now);
      expect(link).toMatch(/^https:\/\/shop\.example\.com\/admin\/setup\?token=[\w-]{43}$/);
      const lapsed = await ensureSetupLink(deps(fresh), new Date(now.getTime() - SETUP_LINK_MS));
      const owner = { storeId: "setup-test", email: "first@example.com", name: "First", password: PASSWORD };
      expect(await errorOf(completeSetup(deps(fresh), request(), { ...owner, token: tokenOf(lapsed!) }))).toMatchObject({ kind: "gone" });
      expect(await errorOf(completeSetup(deps(fresh), request(), { ...owner, token: "unknown" }))).toMatchObject({ kind: "bad-input", field: "token" });

      const made = await completeSetup(deps(fresh), request(), { ...owner, token: tokenOf(link!) });
      expect(made.member).toMatchObject({ email: "first@example.com", role: "owner" });
      expect(made.cookie).toMatch(/^staff_session=/);
      expect(await errorOf(completeSetup(deps(fresh), request(), { ...owner, email: "again@example.com", token: tokenOf(link!) }))).toMatchObject({
        kind: "gone",
        message: "This setup link has already been used",
      });
      expect(await ensureSetupLink(deps(fresh))).toBeNull();
      const [created] = await listAudit(fresh.db, "setup-test", { entity: "staff" }).then((page) => page.events);
      expect(created).toMatchObject({ action: "staff.create", actorKind: "staff", actorLabel: "first@example.com" });
    } finally {
      await fresh.dispose();
    }
  });
});

describe("TOTP codes", () => {
  it("are accepted once: the same code, or an older one, is refused after it", async () => {
    const member = await createStaff(database.db, actor(), { email: "totp@example.com", name: "Tom", password: PASSWORD, role: "manager" });
    const { secret } = await enrolTotp(database.db, storeId, member.id);
    const now = Date.now();
    const code = (at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
    const row = { id: member.id, totpSecret: secret };
    expect(await acceptTotpCode(database.db, row, code(now), now)).toBe(true);
    expect(await acceptTotpCode(database.db, row, code(now), now)).toBe(false);
    expect(await acceptTotpCode(database.db, row, code(now - 30_000), now)).toBe(false);
    expect(await acceptTotpCode(database.db, row, code(now + 30_000), now)).toBe(true);
    expect(await acceptTotpCode(database.db, row, "000000", now + 120_000)).toBe(false);
    const [stored] = await database.db.select({ step: staff.totpLastStep }).from(staff).where(eq(staff.id, member.id));
    expect(stored.step).toBe(TOTP.counter({ timestamp: now }) + 1);
  });
});
