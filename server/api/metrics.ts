/**
 * The analytics collection service (spec section 7, "Session and analytics"): the shop's own endpoints, storing
 * into its own database. The session is named by an httpOnly cookie; beacons cannot send headers, so the cookie is
 * what ties them to the visit.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { initialDataSchema, sessionPayloadSchema, visitStartSchema } from "../../core/schemas/analytics";
import { visitSourceOf } from "../../core/traffic-sources";
import { networkPrefix } from "../analytics/network";
import { DEFAULT_LOAD, LOAD_ID, recordSessionNetwork, saveSessionPayload, startPageLoad } from "../analytics/sessions";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { errorResponse, HttpError, isAnswerable, statusOf } from "../http/errors";
import { enforceRateLimit, RateLimitError, rateLimitResponse } from "../http/rate-limit";
import { bodyOf, declaredBody, errors, json, jsonBody, operation, queryOf, RATE_LIMITED, register, UNKNOWN_STORE } from "./operation";
import { badInputOf, parseWith } from "../../core/errors";

export const ANALYTICS_COOKIE = "shop_analytics";
/**
 * The cookie reaches every API call, not only these: the checkout's submit reads it to keep the visit's source on the
 * order (decision 0065). Until then it was set at /api/metrics; such a cookie may still come beside the new one.
 */
const COOKIE_PATH = "/api";
const FORMER_COOKIE_PATH = "/api/metrics";
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
/**
 * A page load sends one initialize, one collect-data and a beacon or two; this leaves room for many shoppers
 * behind one address (an office, a carrier's NAT) while bounding what one client can write.
 */
export const METRICS_RATE_LIMIT = { limit: 600, windowMs: 60_000 };

const SESSION_ID = /^[0-9a-f-]{36}$/;

/**
 * The visit a request's cookies name, if any, and whether a cookie of the former path came with it. A browser lists
 * the cookie of the longer path first (RFC 6265, 5.4), so with both the last is the one set at /api.
 */
function visitCookie(cookieHeader: string | undefined): { id: string | undefined; former: boolean } {
  const values = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${ANALYTICS_COOKIE}=`))
    .map((part) => part.slice(ANALYTICS_COOKIE.length + 1));
  const id = values.at(-1);
  return { id: id && SESSION_ID.test(id) ? id : undefined, former: values.length > 1 };
}

/** The analytics visit the request's cookie names (a well-formed id; whether it is a visit is the caller's lookup). */
export const analyticsVisitOf = (c: Context): string | undefined => visitCookie(c.req.header("cookie")).id;

function sessionIdOf(c: Context<AppEnv>): string {
  const id = analyticsVisitOf(c);
  if (!id) throw new HttpError(400, "No analytics session: call /api/metrics/initialize first");
  return id;
}

const NO_SESSION = "No or unknown analytics session, or bad input";
const pageLoad = z.object({ status: z.literal("ok"), load: z.string().describe("Names this page load in its beacons") });

const initialize = operation({
  method: "post",
  path: "/initialize",
  tags: ["metrics"],
  summary: "A page load: goes on with the visit the cookie names when active in the last 30 minutes, else starts one (sets its httpOnly cookie)",
  request: {
    headers: z.object({ store_id: z.string().describe("Store; required") }),
    body: {
      required: false,
      description: "Where a new visit came from: document.referrer (only its host is kept) and the landing page's utm parameters",
      content: { "application/json": { schema: visitStartSchema } },
    },
  },
  responses: {
    200: json(pageLoad, "The visit goes on"),
    201: json(pageLoad, "A new visit"),
    ...errors({ 400: "store_id header is required", 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

const collectData = operation({
  method: "post",
  path: "/collect-data",
  tags: ["metrics"],
  summary: "Record the session's network (read from the connection, not the body)",
  request: { body: jsonBody(initialDataSchema) },
  responses: { 204: { description: "Recorded" }, ...errors({ 400: NO_SESSION, 429: RATE_LIMITED }) },
});

const updateSessionData = operation({
  method: "post",
  path: "/update-session-data",
  tags: ["metrics"],
  summary: "Save a page load's cart events, page views and searches on its visit (sendBeacon; any content type)",
  request: {
    query: z.object({ load: z.string().optional().describe("The page load, as /api/metrics/initialize answered it") }),
    body: jsonBody(sessionPayloadSchema),
  },
  responses: { 204: { description: "Saved" }, ...errors({ 400: NO_SESSION, 429: RATE_LIMITED }) },
});

/** A body that may be absent (the spec's client posted none before decision 0065): absent is `{}`. */
async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
}

export function metricsRoutes() {
  const metrics = new OpenAPIHono<AppEnv>();

  metrics.use(async (c, next) => {
    await enforceRateLimit(c.var.deps.rateLimiter, [`metrics:${clientIp(c)}`], METRICS_RATE_LIMIT);
    await next();
  });

  metrics.onError((error, c) => {
    if (error instanceof RateLimitError) return rateLimitResponse(c, error);
    if (isAnswerable(error)) return errorResponse(c, statusOf(error), error.message, error.field);
    throw error;
  });

  register(metrics, initialize, async (c) => {
    const { db, config } = c.var.deps;
    if (!c.req.header("store_id")?.trim()) throw new HttpError(400, "store_id header is required");
    const { storeId } = c.var.deps;
    const start = parseWith(visitStartSchema, await optionalJson(c));
    const cookie = visitCookie(c.req.header("cookie"));
    // The shop's own pages are no referrer: as its public address names it, and as this request reached it.
    const shopHosts = [new URL(config.publicUrl).hostname, new URL(c.req.url).hostname];
    const { sessionId, loadId, continued } = await startPageLoad(
      db,
      storeId,
      cookie.id,
      c.req.header("user-agent"),
      new Date(),
      visitSourceOf(start, shopHosts),
    );
    const secure = config.publicUrl.startsWith("https:");
    if (cookie.former) deleteCookie(c, ANALYTICS_COOKIE, { path: FORMER_COOKIE_PATH, secure });
    setCookie(c, ANALYTICS_COOKIE, sessionId, { httpOnly: true, sameSite: "Lax", secure, path: COOKIE_PATH, maxAge: COOKIE_MAX_AGE_SECONDS });
    // The page names its load in its beacons (update-session-data?load=…), so loads of one visit never overwrite each other.
    return c.json({ status: "ok", load: loadId }, continued ? 200 : 201);
  });

  register(metrics, collectData, async (c) => {
    const { db } = c.var.deps;
    const id = sessionIdOf(c);
    await bodyOf(c, collectData);
    // The address comes from the connection (or a trusted proxy), never from the body: a client cannot forge it.
    const known = await recordSessionNetwork(db, id, networkPrefix(clientIp(c)));
    if (!known) throw new HttpError(400, "Unknown analytics session");
    return c.body(null, 204);
  });

  register(metrics, updateSessionData, async (c) => {
    const { db } = c.var.deps;
    const id = sessionIdOf(c);
    // sendBeacon posts a Blob: its type may be text/plain or application/json, so the body is parsed by hand.
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new HttpError(400, "Request body must be valid JSON");
    }
    const parsed = declaredBody(updateSessionData).safeParse(body);
    if (!parsed.success) throw badInputOf(parsed.error);
    const load = queryOf(c, updateSessionData).load ?? DEFAULT_LOAD;
    if (!LOAD_ID.test(load)) throw new HttpError(400, "must be the id /api/metrics/initialize answered", "load");
    const known = await saveSessionPayload(db, id, parsed.data, new Date(), load);
    if (!known) throw new HttpError(400, "Unknown analytics session");
    return c.body(null, 204);
  });

  return metrics;
}
