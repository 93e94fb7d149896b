/**
 * The analytics collection service (spec section 7, "Session and analytics"): the shop's own endpoints, storing
 * into its own database. The session is named by an httpOnly cookie; beacons cannot send headers, so the cookie is
 * what ties them to the visit.
 */
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { initialDataSchema, sessionPayloadSchema } from "../../core/schemas/analytics";
import { networkPrefix } from "../analytics/network";
import { recordSessionNetwork, saveSessionPayload, startAnalyticsSession } from "../analytics/sessions";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { HttpError, describeZodError, errorResponse, readJson } from "../http/errors";
import { enforceRateLimit, RateLimitError, rateLimitResponse } from "../http/rate-limit";
import { assertStoreExists } from "../store/settings";

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
    if (error instanceof HttpError) return errorResponse(c, error.status, error.message);
    throw error;
  });

  metrics.post("/initialize", async (c) => {
    const { db, config } = c.var.deps;
    const storeId = c.req.header("store_id")?.trim();
    if (!storeId) throw new HttpError(400, "store_id header is required");
    await assertStoreExists(db, storeId);
    const id = await startAnalyticsSession(db, storeId, c.req.header("user-agent"));
    setCookie(c, ANALYTICS_COOKIE, id, {
      httpOnly: true,
      sameSite: "Lax",
      secure: config.publicUrl.startsWith("https:"),
      path: "/api/metrics",
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
    return c.json({ status: "ok" }, 201);
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
    if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
    const known = await saveSessionPayload(db, id, parsed.data);
    if (!known) throw new HttpError(400, "Unknown analytics session");
    return c.body(null, 204);
  });

  return metrics;
}
