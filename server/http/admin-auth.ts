/**
 * The owner's pages are guarded by one password (ADMIN_PASSWORD) over HTTP basic auth: no account is needed, and
 * with no password configured the pages do not exist (404) rather than being open.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Config } from "../config";
import { requestClientIp } from "./client-ip";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import type { RateLimiter } from "./rate-limit";

export const ADMIN_REALM = "Shop owner";

/** Every request to an owner's page counts, so guessing the password runs at a few tries a minute at most. */
export const ADMIN_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

const digest = (value: string) => createHash("sha256").update(value).digest();

function presentedPassword(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon === -1 ? null : decoded.slice(colon + 1);
}

/**
 * Throws the Response to answer with (404, 429, or 401 with a challenge) unless the request carries the owner's
 * password.
 */
export function requireAdmin(request: Request, config: Pick<Config, "ADMIN_PASSWORD">, limiter: RateLimiter): void {
  if (!config.ADMIN_PASSWORD) throw new Response("Not found", { status: 404 });
  const attempt = limiter.hit(`admin:${requestClientIp(request)}`, ADMIN_RATE_LIMIT);
  if (!attempt.allowed) {
    throw new Response(TOO_MANY_ATTEMPTS_MESSAGE, {
      status: 429,
      headers: { "Retry-After": String(attempt.retryAfterSeconds) },
    });
  }
  const password = presentedPassword(request);
  // Comparing digests keeps the comparison constant-time whatever the lengths.
  if (password === null || !timingSafeEqual(digest(password), digest(config.ADMIN_PASSWORD))) {
    throw new Response("Authentication required", {
      status: 401,
      headers: { "WWW-Authenticate": `Basic realm="${ADMIN_REALM}", charset="UTF-8"` },
    });
  }
}
