/**
 * A staff member's browser as the back office's rendered-page tests play it: pages fetched with the staff cookie,
 * forms posted as a browser posts them (from the shop's own origin, before JavaScript), and the sign-in that makes
 * the cookie.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { createApp } from "../../server/app";
import { createStaff } from "../../server/staff/accounts";
import { commandLineActor } from "../../server/audit/audit";
import { createTestApp, type TestApp } from "./app";
import { startPageRenderer, type PageRenderer } from "./rendered-pages";

type Pages = ReturnType<typeof createApp>;
export type PostedForm = Record<string, string> | [string, string][] | URLSearchParams | FormData;

export const PAGE_OWNER = { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase", role: "owner" as const };
export const PAGE_PACKER = { email: "packer@example.com", name: "Pat Packer", password: "a long packing passphrase", role: "fulfilment" as const };

/** The staff cookie a response sets, as the browser sends it back. */
export function staffCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("staff_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0];
}

/** `pages` is read at each request, so the app may be made in the test's beforeAll. */
export function staffBrowser(pages: () => Pages) {
  const request = (path: string, init: RequestInit) => Promise.resolve(pages().request(`http://localhost${path}`, init));
  const get = (path: string, cookie?: string) => request(path, { headers: cookie ? { cookie } : {} });
  const post = (path: string, form: PostedForm, cookie?: string) =>
    request(path, {
      method: "POST",
      headers: {
        // A multipart body names its own boundary.
        ...(form instanceof FormData ? {} : { "content-type": "application/x-www-form-urlencoded" }),
        origin: "http://localhost",
        ...(cookie ? { cookie } : {}),
      },
      body: form instanceof FormData ? form : new URLSearchParams(form).toString(),
    });
  async function html(response: Response, status = 200) {
    expect(response.status).toBe(status);
    return response.text();
  }
  async function signIn(who: { email: string; password: string }, extra: Record<string, string> = {}) {
    const response = await post("/admin/login", { email: who.email, password: who.password, redirectTo: "/admin", ...extra });
    expect(response.status).toBe(302);
    return staffCookie(response);
  }
  return { get, post, html, signIn };
}

export type BackOffice = ReturnType<typeof staffBrowser> & {
  t: TestApp;
  pages: Pages;
  /** The owner's and the packer's staff cookies. */
  owner: string;
  packer: string;
  /** A source module as the pages load it (rendered-pages.ts). */
  pageModule: PageRenderer["pageModule"];
};

/**
 * The back office's pages rendered for real over a seeded shop of their own, with an owner and a packer signed in:
 * registers the test file's beforeAll and afterAll, and fills the fields it returns before the file's own hooks run.
 */
export function renderedBackOffice(env: Record<string, string> = {}): BackOffice {
  let renderer: PageRenderer | undefined;
  const office = {} as BackOffice;
  Object.assign(office, staffBrowser(() => office.pages));
  beforeAll(async () => {
    renderer = await startPageRenderer();
    office.t = await createTestApp(env);
    office.pages = renderer.appOf(office.t);
    office.pageModule = renderer.pageModule;
    for (const member of [PAGE_OWNER, PAGE_PACKER]) await createStaff(office.t.deps.db, commandLineActor(office.t.deps.storeId), member);
    office.owner = await office.signIn(PAGE_OWNER);
    office.packer = await office.signIn(PAGE_PACKER);
  });
  afterAll(async () => {
    await renderer?.close();
    await office.t?.database.dispose();
  });
  return office;
}
