/**
 * The analytics collection service (spec section 7, "Session and analytics"): the shop's own endpoints, storing
 * into its own database. The session is named by an httpOnly cookie; beacons cannot send headers, so the cookie is
 * what ties them to the visit.
 */
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { initialDataSchema, sessionPayloadSchema } from "../../core/schemas/analytics";
import { networkPrefix } from "../analytics/network";
import { DEFAULT_LOAD, LOAD_ID, recordSessionNetwork, saveSessionPayload, startPageLoad } from "../analytics/sessions";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { HttpError, errorResponse, readJson, zodHttpError } from "../http/errors";
import { enforceRateLimit, RateLimitError, rateLimitResponse } from "../http/rate-limit";

export const ANALYTICS_COOKIE = "shop_analytics";
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
/**
 * A page load sends one initialize, one collect-data and a beacon or two; this leaves room for many shoppers
 * behind one address (an office, a carrier's NAT) while bounding what one client can write.
 */
export const METRICS_RATE_LIMIT = { limit: 600, windowMs: 60_000 };

const SESSION_ID = /^[0-9a-f-]{36}$/;

function sessionIdOf(c: Context<AppEnv>): string {
  const id = getCookie(c, ANALYTICS_COOKIE);
  if (!id || !SESSION_ID.test(id)) throw new HttpError(400, "No analytics session: call /api/metrics/initialize first");
  return id;
}

export function metricsRoutes() {
  const metrics = new Hono<AppEnv>();

  metrics.use(async (c, next) => {
    enforceRateLimit(c.var.deps.rateLimiter, [`metrics:${clientIp(c)}`], METRICS_RATE_LIMIT);
    await next();
  });

  metrics.onError((error, c) => {
    if (error instanceof RateLimitError) return rateLimitResponse(c, error);
    if (error instanceof HttpError) return errorResponse(c, error.status, error.message, error.field);
    throw error;
  });

  metrics.post("/initialize", async (c) => {
    const { db, config } = c.var.deps;
    if (!c.req.header("store_id")?.trim()) throw new HttpError(400, "store_id header is required");
    const { storeId } = c.var;
    const cookieId = getCookie(c, ANALYTICS_COOKIE);
    const { sessionId, loadId, continued } = await startPageLoad(
      db,
      storeId,
      cookieId && SESSION_ID.test(cookieId) ? cookieId : undefined,
      c.req.header("user-agent"),
    );
    setCookie(c, ANALYTICS_COOKIE, sessionId, {
      httpOnly: true,
      sameSite: "Lax",
      secure: config.publicUrl.startsWith("https:"),
      path: "/api/metrics",
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
    // The page names its load in its beacons (update-session-data?load=…), so loads of one visit never overwrite each other.
    return c.json({ status: "ok", load: loadId }, continued ? 200 : 201);
  });

  metrics.post("/collect-data", async (c) => {
    const { db } = c.var.deps;
    const id = sessionIdOf(c);
    await readJson(c, initialDataSchema);
    // The address comes from the connection (or a trusted proxy), never from the body: a client cannot forge it.
    const known = await recordSessionNetwork(db, id, networkPrefix(clientIp(c)));
    if (!known) throw new HttpError(400, "Unknown analytics session");
    return c.body(null, 204);
  });

  metrics.post("/update-session-data", async (c) => {
    const { db } = c.var.deps;
    const id = sessionIdOf(c);
    // sendBeacon posts a Blob: its type may be text/plain or application/json, so the body is parsed by hand.
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new HttpError(400, "Request body must be valid JSON");
    }
    const parsed = sessionPayloadSchema.safeParse(body);
    if (!parsed.success) throw zodHttpError(parsed.error);
    const load = c.req.query("load") ?? DEFAULT_LOAD;
    if (!LOAD_ID.test(load)) throw new HttpError(400, "must be the id /api/metrics/initialize answered", "load");
    const known = await saveSessionPayload(db, id, parsed.data, new Date(), load);
    if (!known) throw new HttpError(400, "Unknown analytics session");
    return c.body(null, 204);
  });

  return metrics;
}
