/**
 * A staff member's browser as the back office's rendered-page tests play it: pages fetched with the staff cookie,
 * forms posted as a browser posts them (from the shop's own origin, before JavaScript), and the sign-in that makes
 * the cookie.
 */
import { expect } from "vitest";
import type { createApp } from "../../server/app";

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
