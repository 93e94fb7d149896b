/**
 * Addresses carrying text the database cannot store (`/products/%00`, `?store_id=%00`): no product, page, session or
 * store can be named by one, and looking one up failed in PostgreSQL with a 500. The API answers 400 naming the
 * query or path parameter; a page answers the shop's 404 (core/storable-text.ts says what cannot be stored).
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../core/storable-text";
import type { AppEnv } from "../context";
import { errorResponse } from "./errors";

/** The query or path parameter of the request's address that cannot be stored, or null if every part can. */
function unstorableUrlPart(c: Context): string | null {
  const url = new URL(c.req.url);
  for (const [name, value] of url.searchParams) {
    if (hasUnstorableText(name)) return "query";
    if (hasUnstorableText(value)) return name;
  }
  const endpoint = matchedRoutes(c).findLast((route) => route.method !== "ALL")?.path.split("/") ?? [];
  for (const [index, segment] of url.pathname.split("/").entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Malformed escapes are left as they are by the router too: text that can be stored.
      continue;
    }
    if (!hasUnstorableText(decoded)) continue;
    const pattern = endpoint[index];
    return pattern?.startsWith(":") ? pattern.slice(1).replace(/\{.*$/, "") : "path";
  }
  return null;
}

/** For the API: 400 naming the parameter, before any handler reads it. */
export function refuseUnstorableUrl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const part = unstorableUrlPart(c);
    if (part) return errorResponse(c, 400, UNSTORABLE_TEXT_MESSAGE, part);
    await next();
  };
}

/** A path no page of the shop serves, so React Router renders its 404 (the `*` route) with the shop around it. */
const NOWHERE = "/not-found";

/** For pages: the request itself, or one for the shop's 404 page when its address names nothing that can exist. */
export function pageRequest(c: Context): Request {
  if (!unstorableUrlPart(c)) return c.req.raw;
  // React Router's data requests (client navigations) keep their suffix, so they get data back and not a document.
  const target = new URL(new URL(c.req.url).pathname.endsWith(".data") ? `${NOWHERE}.data` : NOWHERE, c.req.url);
  return new Request(target, { method: "GET", headers: c.req.raw.headers, signal: c.req.raw.signal });
}
