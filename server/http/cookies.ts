/**
 * The names of the shop's own cookies that the HTTP layer reads without their domain: a response carrying the cart's
 * or a customer's cookie is that browser's own, never the shared page cache's (page-cache.ts).
 */
import { generateCookie } from "hono/cookie";
import { secureCookies, type Config } from "../config";

export const CART_COOKIE = "cart";
export const SESSION_COOKIE = "session";

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
