/**
 * The names of the shop's own cookies that the HTTP layer reads without their domain: a response carrying the cart's
 * or a customer's cookie is that browser's own, never the shared page cache's (page-cache.ts).
 */
import { generateCookie } from "hono/cookie";
import { secureCookies, type Config } from "../config";

export const CART_COOKIE = "cart";
export const SESSION_COOKIE = "session";
/**
 * Asks the shop for the theme draft instead of the live theme; only a signed-in staff member's request gets it
 * (server/looks/theme-draft.ts), and no request carrying it is shared (page-cache.ts).
 */
export const THEME_PREVIEW_COOKIE = "theme_preview";

const THEME_PREVIEW_SENT = new RegExp(`(?:^|;\\s*)${THEME_PREVIEW_COOKIE}=1(?:;|$)`);

export const asksForThemePreview = (cookieHeader: string | null | undefined) => THEME_PREVIEW_SENT.test(cookieHeader ?? "");

/** The preview's cookie set, for as long as the browser session, or cleared. */
export function themePreviewCookie(config: Config, on: boolean): string {
  const options = { path: "/", httpOnly: true, sameSite: "Strict" as const, secure: secureCookies(config) };
  return on ? generateCookie(THEME_PREVIEW_COOKIE, "1", options) : generateCookie(THEME_PREVIEW_COOKIE, "", { ...options, maxAge: 0, expires: new Date(0) });
}

/**
 * A session's cookie and the one that clears it: out of scripts' reach, over HTTPS where the config asks, and gone
 * at the session's end or after `lifetimeMs`, whichever the browser reaches first.
 */
export function sessionCookies(name: string, sameSite: "Lax" | "Strict", lifetimeMs: number) {
  const options = (config: Config) => ({ path: "/", httpOnly: true, sameSite, secure: secureCookies(config) });
  return {
    set: (config: Config, session: { token: string; expiresAt: Date }): string =>
      generateCookie(name, session.token, { ...options(config), expires: session.expiresAt, maxAge: Math.floor(lifetimeMs / 1000) }),
    cleared: (config: Config): string => generateCookie(name, "", { ...options(config), maxAge: 0, expires: new Date(0) }),
  };
}
