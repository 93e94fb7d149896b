/**
 * The back office's pages (app/routes/admin.*), rendered for real through Vite: the first owner from a setup link,
 * sign-in and out, the role gate on every screen, and each screen's writes reaching the audit trail. Forms are
 * posted as a browser posts them before its JavaScript loads.
 */
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { createApp } from "../app";
import { listFailedJobs, startJobQueue } from "../jobs/queue";
import { ensureSetupLink } from "../staff/setup-link";
import { CODE_TRIES_PER_ACCOUNT, TOTP_REQUIRED_MESSAGE } from "../staff/totp";
import routes from "../../app/routes";


let renderer: PageRenderer;
let t: TestApp;
let pages: ReturnType<typeof createApp>;

const OWNER = { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase" };
const PACKER = { email: "packer@example.com", name: "Pat Packer", password: "a long packing passphrase" };

function get(path: string, cookie?: string) {
  return Promise.resolve(pages.request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return Promise.resolve(
    pages.request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** The staff cookie a response sets, as the browser sends it back. */
function staffCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("staff_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0];
}

async function html(response: Response, status = 200) {
  expect(response.status).toBe(status);
  return response.text();
}

async function signIn(who: { email: string; password: string }, extra: Record<string, string> = {}) {
  const response = await post("/admin/login", { email: who.email, password: who.password, redirectTo: "/admin", ...extra });
  expect(response.status).toBe(302);
  return staffCookie(response);
}

beforeAll(async () => {
  renderer = await startPageRenderer();
  t = await createTestApp();
  pages = renderer.appOf(t);
});
type RouteEntry = { path?: string; children?: RouteEntry[] };

/** The addresses under /admin in the app's route table, each parameter given the value 1. */
function adminPagePaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || !entry.children ? [path.replace(/:[^/]+/g, "1") || "/"] : [];
    return [...own, ...adminPagePaths(entry.children ?? [], path)].filter((address) => /^\/admin(\/|$)/.test(address));
  });
}

afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

describe("the back office's pages", () => {
  let setupPath: string;
  let owner: string;
  let packer: string;

  it("sends every page to sign-in without a staff session, with the way back", async () => {
    // Every back-office address the route table has, but the ways in; a parameter is any value.
    const waysIn = ["/admin/setup", "/admin/login", "/admin/logout", "/admin/forgot-password", "/admin/reset-password"];
    const paths = adminPagePaths(routes).filter((path) => !waysIn.includes(path));
    expect(paths).toEqual(expect.arrayContaining(["/admin", "/admin/orders/1", "/admin/customers/1", "/admin/analytics"]));
    for (const path of [...paths, "/admin/audit?entity=staff"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it("says a setup link without a token is not valid, and refuses a made-up one when sent", async () => {
    const link = await ensureSetupLink(t.deps);
    setupPath = new URL(link!).pathname + new URL(link!).search;
    expect(await html(await get("/admin/setup"))).toContain("This setup link is not valid");
    const madeUp = await html(await post("/admin/setup?token=nope", { token: "nope", ...OWNER, confirm: OWNER.password, start: "demo" }), 400);
    expect(madeUp).toContain("This setup link is not valid");
  });

  it("creates the owner from the setup link, signs them in, and then says the link was used", async () => {
    const page = await get(setupPath);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const form = await html(page);
    expect(form).toContain("Create the owner");
    // How the shop starts is asked, with no answer given for the owner (decision 0067).
    expect(form).toContain("Start with the demo shop or an empty one?");
    expect(form).not.toMatch(/name="start"[^>]*checked/);
    expect(form).toMatch(/<meta name="robots" content="noindex"/);
    // The shop's own frame is not drawn around the back office.
    expect(form).not.toContain("Subscribe");

    const token = new URL(`http://localhost${setupPath}`).searchParams.get("token")!;
    const mismatch = await html(await post(setupPath, { token, ...OWNER, confirm: "something else", start: "demo" }), 400);
    expect(mismatch).toContain("The passwords do not match");
    const unanswered = await html(await post(setupPath, { token, ...OWNER, confirm: OWNER.password }), 400);
    expect(unanswered).toContain("Choose the demo shop or an empty one");

    const created = await post(setupPath, { token, ...OWNER, confirm: OWNER.password, start: "demo" });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    owner = staffCookie(created);

    expect(await html(await get(setupPath))).toContain("This setup link has already been used");
    const home = await html(await get("/admin", owner));
    expect(home).toContain(`Welcome, ${OWNER.name}`);
    for (const screen of ["Staff", "API tokens", "Audit trail", "Analytics", "Your account"]) expect(home).toContain(`>${screen}</a>`);
  });

  it("shows the owner a background job that kept failing, with its last error and attempts", async () => {
    expect(await html(await get("/admin", owner))).not.toContain("Jobs that keep failing");
    const queue = await startJobQueue(t.deps.database, { pollSeconds: 0.5 });
    try {
      await queue.work("test-feed", async () => Promise.reject(new Error("the supplier's feed answered 502")), { retryLimit: 0 });
      await queue.send("test-feed", {});
      while ((await listFailedJobs(t.deps.db)).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await queue.stop(2000);
    }
    const home = await html(await get("/admin", owner));
    expect(home).toContain("Jobs that keep failing");
    expect(home).toMatch(/test-feed<\/span> · (<!-- -->)?1(<!-- -->)? attempts/);
    expect(home).toContain("the supplier&#x27;s feed answered 502");
  });

  it("adds a fulfilment member, and shows each refusal beside its field", async () => {
    const refused = await html(await post("/admin/staff", { intent: "add", email: "not an email", name: "", role: "fulfilment", password: "x" }, owner), 400);
    expect(refused).toContain("Invalid email address");
    expect(refused).toContain("Name is required");

    const added = await post("/admin/staff", { intent: "add", ...PACKER, role: "fulfilment" }, owner);
    expect(added.headers.get("location")).toBe("/admin/staff?notice=staff-added");
    const page = await get("/admin/staff?notice=staff-added", owner);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const list = await html(page);
    expect(list).toContain("Staff member added.");
    expect(list).toContain(PACKER.email);
  });

  it("refuses to remove the store's last owner with the server's words", async () => {
    const ownerId = /name="id" value="(\d+)"/.exec(await html(await get("/admin/staff", owner)))![1];
    const confirm = await html(await get(`/admin/staff?remove=${ownerId}`, owner));
    expect(confirm).toContain(`Remove ${OWNER.name}?`);
    const refused = await html(await post("/admin/staff", { intent: "remove", id: ownerId }, owner), 422);
    expect(refused).toContain("The store&#x27;s last owner cannot be removed or given another role");
  });

  it("shows a new token once and revokes it", async () => {
    const created = await html(await post("/admin/tokens", { intent: "create", name: "Stock sync", role: "manager" }, owner));
    const secret = /value="(shop_admin_[^"]+)"/.exec(created)?.[1];
    expect(secret).toBeDefined();
    const list = await html(await get("/admin/tokens", owner));
    expect(list).toContain("Stock sync");
    expect(list).not.toContain(secret!);
    const id = /\?revoke=(\d+)/.exec(list)![1];
    const revoked = await post("/admin/tokens", { intent: "revoke", id }, owner);
    expect(revoked.headers.get("location")).toBe("/admin/tokens?notice=token-revoked");
    expect(await html(await get("/admin/tokens", owner))).not.toContain("?revoke=");
  });

  it("lists those writes in the audit trail, newest first, filtered by entity and actor", async () => {
    const trail = await html(await get("/admin/audit", owner));
    const order = ["token.revoke", "token.create", "staff.create"].map((action) => trail.indexOf(action));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const tokens = await html(await get("/admin/audit?entity=token", owner));
    expect(tokens).toContain("token.create");
    expect(tokens).not.toContain("staff.create");
    expect(await html(await get("/admin/audit?actor=nobody%40example.com", owner))).toContain("No events match this filter.");
    expect(await html(await get("/admin/audit?cursor=abc", owner), 400)).toContain("cursor must be a cursor this call returned");
  });

  it("keeps the screens' data answers (client navigation) private too", async () => {
    const answer = await get("/admin/staff.data", owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await answer.text()).toContain(PACKER.email);
  });

  it("signs out with a POST, after which the session opens nothing", async () => {
    expect((await get("/admin/logout", owner)).headers.get("location")).toBe("/admin");
    const out = await post("/admin/logout", {}, owner);
    expect(out.headers.get("location")).toBe("/admin/login?signed-out");
    expect(out.headers.getSetCookie().some((cookie) => cookie.startsWith("staff_session=;"))).toBe(true);
    expect((await get("/admin", owner)).status).toBe(302);
  });

  it("says a wrong password as the server does, and returns only to this site's paths", async () => {
    expect(await html(await post("/admin/login", { email: PACKER.email, password: "wrong password" }), 401)).toContain(
      "Invalid email or password",
    );
    const away = await post("/admin/login", { email: PACKER.email, password: PACKER.password, redirectTo: "//evil.example/admin" });
    expect(away.headers.get("location")).toBe("/admin");
    const back = await post("/admin/login", { email: PACKER.email, password: PACKER.password, redirectTo: "/admin/audit" });
    expect(back.headers.get("location")).toBe("/admin/audit");
    packer = staffCookie(back);
  });

  it("refuses fulfilment the staff, token and audit screens and their writes, and shows it only its own", async () => {
    const home = await html(await get("/admin", packer));
    expect(home).toContain("Your account");
    expect(home).not.toContain(">Staff</a>");
    expect(home).not.toContain(">API tokens</a>");
    for (const path of ["/admin/staff", "/admin/tokens", "/admin/audit"]) {
      const answer = await get(path, packer);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const refused = await html(answer, 403);
      expect(refused).toContain("Not allowed");
      expect(refused).toContain("Your account");
    }
    const write = await post("/admin/tokens", { intent: "create", name: "Mine now", role: "owner" }, packer);
    expect(write.status).toBe(403);
    expect(await html(await get("/admin/account", packer))).toContain(PACKER.email);
  });

  it("lets a member ask to be emailed of every paid order, and stop", async () => {
    expect(await html(await get("/admin/account", packer))).toContain("Email me every paid order");
    const on = await post("/admin/account", { intent: "order-notices-on" }, packer);
    expect(on.headers.get("location")).toBe("/admin/account?notice=order-notices-on");
    const shown = await html(await get("/admin/account?notice=order-notices-on", packer));
    expect(shown).toContain("You will be emailed of every paid order.");
    expect(shown).toContain("Stop emailing me paid orders");
    const off = await post("/admin/account", { intent: "order-notices-off" }, packer);
    expect(off.headers.get("location")).toBe("/admin/account?notice=order-notices-off");
    expect(await html(await get("/admin/account", packer))).toContain("Email me every paid order");
  });

  it("turns two-step sign-in on with a code, then asks for the code at sign-in", async () => {
    const enrolled = await html(await post("/admin/account", { intent: "enrol" }, packer));
    const uri = /(otpauth:\/\/totp\/[^<"]+)/.exec(enrolled)![1].replaceAll("&amp;", "&");
    const secret = new URL(uri).searchParams.get("secret")!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });

    const wrong = await html(await post("/admin/account", { intent: "confirm", code: "000000", secret, uri }, packer), 400);
    expect(wrong).toContain("The code is not valid");
    expect(wrong).toContain(uri.replaceAll("&", "&amp;"));
    // The answer shows the ten backup codes, once: they are kept nowhere but as hashes.
    const on = await html(await post("/admin/account", { intent: "confirm", code: totp.generate(), secret, uri }, packer));
    expect(on).toContain("Your backup codes");
    expect(on.match(/\b[a-z0-9]{5}-[a-z0-9]{5}\b/g)?.length).toBeGreaterThanOrEqual(10);

    const asked = await html(await post("/admin/login", { email: PACKER.email, password: PACKER.password }), 401);
    expect(asked).toContain("Enter the 6-digit code from your authenticator app");
    expect(asked).toContain('name="code"');
    // The code just used is spent; the next step's is accepted.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    await signIn(PACKER, { code: next });
  });

  it("tells a member guessing the code to turn two-step sign-in off to wait, and keeps it on", async () => {
    const turnOff = (code: string) => post("/admin/account", { intent: "disable", code }, packer);
    await t.deps.rateLimiter.clear();
    for (let tries = 0; tries < CODE_TRIES_PER_ACCOUNT.limit; tries++) expect(await html(await turnOff("000000"), 400)).toContain("The code is not valid");
    const refused = await turnOff("123456");
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await html(refused, 429)).toContain(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(await html(await get("/admin/account", packer))).toContain("On: signing in asks for your password and a code");
  });

  it("sends a member without two-step sign-in to set it up once the owner requires it", async () => {
    owner = await signIn(OWNER);
    const required = await post("/admin/staff", { intent: "policy", totp_required: "true" }, owner);
    expect(required.headers.get("location")).toBe("/admin/staff?notice=policy-saved");
    for (const path of ["/admin", "/admin/staff", "/admin/audit"]) {
      expect((await get(path, owner)).headers.get("location")).toBe("/admin/account");
    }
    expect(await html(await get("/admin/account", owner))).toContain(TOTP_REQUIRED_MESSAGE);
    // The packer has it on already, and may not turn it off now.
    expect(await html(await get("/admin/account", packer))).toContain("The owner requires two-step sign-in for every account, so it stays on.");
  });

  it("tells a guesser to wait once the sign-in limit is reached", async () => {
    const guess = () => post("/admin/login", { email: "guessed@example.com", password: "a guessed password" });
    let answer = await guess();
    for (let tries = 1; answer.status === 401 && tries < 50; tries++) answer = await guess();
    expect(answer.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await html(answer, 429)).toContain(TOO_MANY_ATTEMPTS_MESSAGE);
  });
});
