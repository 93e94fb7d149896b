/**
 * A staff member's own security over the admin API (decision 0070): the QR code and the backup codes of two-step
 * sign-in (each works once, a renewed set voids the old one, the code tries limit them too, every use audited), the
 * member's own password change (a wrong current password changes nothing; the other sessions end), and the one-hour,
 * one-time reset link the owner sends or the member asks for, as mailed over real SMTP.
 */
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";
import { staff, staffBackupCodes, staffPasswordResets } from "../db/schema";
import { commandLineActor } from "../audit/audit";
import { createStaff } from "./accounts";
import { CODE_TRIES_PER_ACCOUNT, INVALID_CODE_MESSAGE } from "./totp";
import {
  INVALID_STAFF_RESET_LINK_MESSAGE,
  STAFF_RESET_MAILS_PER_HOUR,
  STAFF_RESET_REQUESTED_MESSAGE,
  TOO_MANY_RESET_MAILS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "./passwords";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a fresh and private phrase";

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://shop.test" });
});
afterAll(async () => {
  await t?.database.dispose();
  await smtp?.close();
});
beforeEach(() => t.deps.rateLimiter.clear());

const jarOf = (response: Response) => ({ cookie: response.headers.getSetCookie().find((cookie) => cookie.startsWith("staff_session="))!.split(";")[0] });
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

let count = 0;
async function member(role: "owner" | "manager" | "fulfilment" = "manager") {
  count += 1;
  const email = `security${count}@example.com`;
  const created = await createStaff(t.deps.db, commandLineActor(t.deps.storeId), { email, name: `Member ${count}`, password: PASSWORD, role });
  return { id: created.id, email };
}

async function signIn(email: string, password = PASSWORD, code?: string) {
  return t.call("POST", "/api/admin/auth/login", code === undefined ? { email, password } : { email, password, code });
}

async function signedIn(role: "owner" | "manager" | "fulfilment" = "manager") {
  const who = await member(role);
  const response = await signIn(who.email);
  expect(response.status).toBe(200);
  return { ...who, headers: jarOf(response) };
}

async function auditActions(staffId: number) {
  const owner = await signedIn("owner");
  const response = await t.call("GET", "/api/admin/audit?entity=staff&limit=100", undefined, owner.headers);
  const { events } = (await response.json()) as { events: { action: string; entity_id: string; changes: object }[] };
  return events.filter((event) => event.entity_id === String(staffId));
}

/** A member with two-step sign-in on: its secret, its backup codes, and the session that turned it on. */
async function withTwoStep() {
  const who = await signedIn();
  const enrol = await t.call("POST", "/api/admin/auth/totp/enrol", undefined, who.headers);
  const { secret, uri, qr_svg: qrSvg } = (await enrol.json()) as { secret: string; uri: string; qr_svg: string };
  const confirm = await t.call("POST", "/api/admin/auth/totp/confirm", { code: codeAt(secret, Date.now()) }, who.headers);
  expect(confirm.status).toBe(200);
  const { backup_codes: codes } = (await confirm.json()) as { backup_codes: string[] };
  return { ...who, secret, uri, qrSvg, codes };
}

const left = async (headers: Record<string, string>) =>
  ((await (await t.call("GET", "/api/admin/auth/me", undefined, headers)).json()) as { backup_codes_left: number }).backup_codes_left;

describe("two-step sign-in's QR code and backup codes", () => {
  it("draws the otpauth address as an SVG QR code beside the key", async () => {
    const { qrSvg, uri, secret } = await withTwoStep();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(qrSvg).toMatch(/<path fill="#ffffff"/);
    expect(qrSvg).not.toMatch(/<script|on\w+=/i);
  });

  it("gives ten different codes once, keeps only their scrypt hashes, and says how many are left", async () => {
    const { id, codes, headers } = await withTwoStep();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const stored = await t.deps.db.select({ hash: staffBackupCodes.codeHash }).from(staffBackupCodes).where(eq(staffBackupCodes.staffId, id));
    expect(stored).toHaveLength(10);
    for (const { hash } of stored) {
      expect(hash).toMatch(/^scrypt\$/);
      for (const code of codes) expect(hash).not.toContain(code.replace("-", ""));
    }
    expect(await left(headers)).toBe(10);
  });

  it("takes a backup code once at sign-in's second step, however it is typed, and audits its use", async () => {
    const { id, email, codes, headers } = await withTwoStep();
    const typed = ` ${codes[3].replace("-", " ").toUpperCase()} `;
    const first = await signIn(email, PASSWORD, typed);
    expect(first.status).toBe(200);
    const again = await signIn(email, PASSWORD, codes[3]);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: INVALID_CODE_MESSAGE, field: "code" });
    expect(await left(headers)).toBe(9);
    const used = (await auditActions(id)).filter((event) => event.action === "staff.backup-code-use");
    expect(used).toEqual([expect.objectContaining({ changes: { backup_codes_left: { before: 10, after: 9 } } })]);
  });

  it("refuses a backup code of someone else, and one that is no code at all", async () => {
    const one = await withTwoStep();
    const other = await withTwoStep();
    expect((await signIn(one.email, PASSWORD, other.codes[0])).status).toBe(401);
    const malformed = await signIn(one.email, PASSWORD, "not-a-code!");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ field: "code" });
    expect(await left(one.headers)).toBe(10);
  });

  it("counts backup codes against the code tries: past the limit even a right one waits", async () => {
    const { email, codes } = await withTwoStep();
    for (let i = 0; i < CODE_TRIES_PER_ACCOUNT.limit; i += 1) {
      expect((await signIn(email, PASSWORD, "aaaaa-aaaaa")).status).toBe(401);
    }
    const limited = await signIn(email, PASSWORD, codes[0]);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("makes a new set on demand with a current code: every old code, used or not, is void", async () => {
    const { id, email, secret, codes, headers } = await withTwoStep();
    expect((await signIn(email, PASSWORD, codes[0])).status).toBe(200);
    const wrong = await t.call("POST", "/api/admin/auth/backup-codes", { code: "000000" }, headers);
    expect(wrong.status).toBe(400);
    expect(await left(headers)).toBe(9);
    const renewed = await t.call("POST", "/api/admin/auth/backup-codes", { code: codeAt(secret, Date.now() + 30_000) }, headers);
    expect(renewed.status).toBe(200);
    const { backup_codes: fresh } = (await renewed.json()) as { backup_codes: string[] };
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await left(headers)).toBe(10);
    expect((await signIn(email, PASSWORD, codes[1])).status).toBe(401);
    expect((await signIn(email, PASSWORD, fresh[0])).status).toBe(200);
    expect((await auditActions(id)).find((event) => event.action === "staff.backup-codes-renew")?.changes).toEqual({
      backup_codes_left: { before: 9, after: 10 },
    });
  });

  it("turns two-step sign-in off with a backup code (the phone is lost), and its codes go with it", async () => {
    const { id, codes, headers } = await withTwoStep();
    expect((await t.call("POST", "/api/admin/auth/totp/disable", { code: codes[5] }, headers)).status).toBe(200);
    expect(await t.deps.db.select().from(staffBackupCodes).where(eq(staffBackupCodes.staffId, id))).toEqual([]);
    expect(await left(headers)).toBe(0);
  });
});

describe("a member's own password", () => {
  it("refuses a wrong current password and changes nothing", async () => {
    const { id, email, headers } = await signedIn();
    const other = jarOf(await signIn(email));
    const [before] = await t.deps.db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, id));
    const refused = await t.call("POST", "/api/admin/auth/password", { current_password: "not the password", password: NEW_PASSWORD }, headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: WRONG_CURRENT_PASSWORD_MESSAGE, field: "current_password" });
    const [after] = await t.deps.db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, id));
    expect(after.hash).toBe(before.hash);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, other)).status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(401);
    expect((await auditActions(id)).some((event) => event.action === "staff.password-change")).toBe(false);
  });

  it("holds the new password to the password rules", async () => {
    const { email, headers } = await signedIn();
    const common = await t.call("POST", "/api/admin/auth/password", { current_password: PASSWORD, password: "password123" }, headers);
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({ error: "This password is too common. Please choose a less common password." });
    const short = await t.call("POST", "/api/admin/auth/password", { current_password: PASSWORD, password: "short" }, headers);
    expect(await short.json()).toEqual({ error: "Password must be at least 8 characters" });
    expect((await signIn(email)).status).toBe(200);
  });

  it("changes it: every other session of the member ends, this one stays, and the trail records it", async () => {
    const { id, email, headers } = await signedIn();
    const other = jarOf(await signIn(email));
    const bystander = await signedIn();
    const changed = await t.call("POST", "/api/admin/auth/password", { current_password: PASSWORD, password: NEW_PASSWORD }, headers);
    expect(changed.status).toBe(200);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, other)).status).toBe(401);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, headers)).status).toBe(200);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, bystander.headers)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await auditActions(id)).find((event) => event.action === "staff.password-change")?.changes).toEqual({
      other_sessions: { before: 1, after: 0 },
    });
  });

  it("counts wrong current passwords against the sign-in's limits", async () => {
    const { headers } = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await t.call("POST", "/api/admin/auth/password", { current_password: "wrong guess", password: NEW_PASSWORD }, headers)).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

/** The token of the newest reset mail to `email`, as it went over SMTP. */
function resetTokenMailedTo(email: string): string {
  const raw = smtp.received.filter((message) => new RegExp(`^To: ${email.replace(".", "\\.")}\\r?$`, "m").test(message)).at(-1);
  expect(raw, `a mail to ${email}`).toBeDefined();
  const text = raw!.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /http:\/\/shop\.test\/admin\/reset-password\?token=([\w-]+)/.exec(text);
  expect(link, "the reset link").not.toBeNull();
  return link![1];
}

const mailsTo = (email: string) => smtp.received.filter((message) => message.includes(`To: ${email}`)).length;

describe("the reset link", () => {
  it("is sent by the owner only, works once, sets the password and ends every session of the member", async () => {
    const owner = await signedIn("owner");
    const manager = await signedIn("manager");
    const target = await signedIn("fulfilment");
    expect((await t.call("POST", `/api/admin/staff/${target.id}/password-reset`, undefined, manager.headers)).status).toBe(403);
    const sent = await t.call("POST", `/api/admin/staff/${target.id}/password-reset`, undefined, owner.headers);
    expect(sent.status).toBe(200);
    const token = resetTokenMailedTo(target.email);
    const raw = smtp.received.at(-1)!;
    expect(raw).toMatch(/^Subject: Choose a new password for .*back office\r?$/m);

    const weak = await t.call("POST", "/api/admin/auth/reset-password", { token, password: "short" });
    expect(weak.status).toBe(400);
    const reset = await t.call("POST", "/api/admin/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await t.call("GET", "/api/admin/auth/me", undefined, target.headers)).status).toBe(401);
    expect((await signIn(target.email)).status).toBe(401);
    expect((await signIn(target.email, NEW_PASSWORD)).status).toBe(200);

    const twice = await t.call("POST", "/api/admin/auth/reset-password", { token, password: "yet another long phrase" });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: INVALID_STAFF_RESET_LINK_MESSAGE, field: "token" });
    expect((await signIn(target.email, NEW_PASSWORD)).status).toBe(200);
    const actions = (await auditActions(target.id)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.password-reset-send", "staff.password-reset"]));
  });

  it("lapses after its hour", async () => {
    const owner = await signedIn("owner");
    const target = await member();
    await t.call("POST", `/api/admin/staff/${target.id}/password-reset`, undefined, owner.headers);
    const token = resetTokenMailedTo(target.email);
    await t.deps.db
      .update(staffPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPasswordResets.staffId, target.id));
    const lapsed = await t.call("POST", "/api/admin/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(lapsed.status).toBe(400);
    expect((await signIn(target.email)).status).toBe(200);
  });

  it("is void once the member changes the password themselves", async () => {
    const owner = await signedIn("owner");
    const target = await signedIn();
    await t.call("POST", `/api/admin/staff/${target.id}/password-reset`, undefined, owner.headers);
    const token = resetTokenMailedTo(target.email);
    await t.call("POST", "/api/admin/auth/password", { current_password: PASSWORD, password: NEW_PASSWORD }, target.headers);
    expect((await t.call("POST", "/api/admin/auth/reset-password", { token, password: "yet another long phrase" })).status).toBe(400);
  });

  it("is asked for at the sign-in page with the same answer for any email, and at most three an hour", async () => {
    const target = await member();
    const answers = [];
    for (const email of [target.email, "nobody-here@example.com"]) {
      const response = await t.call("POST", "/api/admin/auth/forgot-password", { email });
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers).toEqual([{ message: STAFF_RESET_REQUESTED_MESSAGE }, { message: STAFF_RESET_REQUESTED_MESSAGE }]);
    // The mail goes after the answer.
    await expect.poll(() => mailsTo(target.email)).toBe(1);
    expect(mailsTo("nobody-here@example.com")).toBe(0);
    for (let i = 1; i < STAFF_RESET_MAILS_PER_HOUR + 2; i += 1) {
      expect((await t.call("POST", "/api/admin/auth/forgot-password", { email: target.email })).status).toBe(200);
    }
    await expect.poll(() => mailsTo(target.email)).toBe(STAFF_RESET_MAILS_PER_HOUR);
    const owner = await signedIn("owner");
    const refused = await t.call("POST", `/api/admin/staff/${target.id}/password-reset`, undefined, owner.headers);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: TOO_MANY_RESET_MAILS_MESSAGE });
    const token = resetTokenMailedTo(target.email);
    expect((await t.call("POST", "/api/admin/auth/reset-password", { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("is rate-limited per address like sign-in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await t.call("POST", "/api/admin/auth/forgot-password", { email: "flood@example.com" })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
