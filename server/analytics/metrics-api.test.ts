import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionPayload } from "../../core/schemas/analytics";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { ANALYTICS_COOKIE, METRICS_RATE_LIMIT } from "../api/metrics";
import { analyticsEvents, analyticsSessions } from "../db/schema";
import { analyticsReport, recentSessions } from "./report";
import { SESSION_IDLE_MS } from "./sessions";
import { namedError } from "../../tests/support/errors";

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await shop.database.dispose();
});

async function startSession(headers: Record<string, string> = {}, body: unknown = {}) {
  const response = await shop.call("POST", "/api/metrics/initialize", body, { store_id: shop.database.storeId, ...headers });
  expect(response.status).toBe(201);
  const cookie = response.headers.get("set-cookie") ?? "";
  const id = new RegExp(`${ANALYTICS_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  if (!id) throw new Error(`no session cookie in ${cookie}`);
  return { id, cookie: `${ANALYTICS_COOKIE}=${id}`, setCookie: cookie };
}

function payload(overrides: Partial<SessionPayload> = {}): SessionPayload {
  const now = new Date().toISOString();
  return {
    cartData: {
      cartEvents: [{ type: "ITEM_ADDED", timestamp: now, sku: "SKU-1" }],
      cartStatus: "abandoned",
      sessionDuration: 42_000,
      timestamp: now,
    },
    productPageViews: { "house-blend": 2 },
    viewedPages: [
      { page: "/", queryData: {} },
      { page: "/search", queryData: { type: "search", query: "tea" } },
    ],
    totalViewTime: 30_000,
    searchHistory: [
      { query: "Tea", timestamp: now, duration: 3.5, scrolledProducts: [], clickedProducts: [], resultCount: 4 },
    ],
    ...overrides,
  };
}

const sessionRow = async (id: string) =>
  (await shop.deps.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, id)))[0];
const eventsOf = (id: string) =>
  shop.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, id));

describe("POST /api/metrics/initialize", () => {
  it("starts a session row and sets an httpOnly cookie", async () => {
    const { id, setCookie } = await startSession({ "user-agent": "TestBrowser/1" });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ storeId: shop.database.storeId, cartStatus: "empty", userAgent: "TestBrowser/1" });
  });

  it("keeps where a new visit came from: the referrer's host alone and the landing page's utm parameters", async () => {
    const start = { referrer: "https://www.Example.org/post/42?reader=sam", utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring", extra: "ignored" };
    const { id, setCookie } = await startSession({}, start);
    // Every API call gets it, so the checkout's submit can copy the visit's source onto the order.
    expect(setCookie).toMatch(/Path=\/api(;|$)/);
    expect((await sessionRow(id)).source).toEqual({ referrer: "example.org", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" });

    // A later page load of the visit (back from the payment page, or the shop's own) leaves its source as it was.
    const again = await shop.call("POST", "/api/metrics/initialize", { referrer: "https://hooks.stripe.com/3ds", utm_source: "other" }, { store_id: shop.database.storeId, cookie: `${ANALYTICS_COOKIE}=${id}` });
    expect(again.status).toBe(200);
    expect((await sessionRow(id)).source).toEqual({ referrer: "example.org", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" });

    // The shop's own page as the referrer, or none (the spec's client posts no body), is a direct visit.
    for (const body of [{ referrer: "http://localhost/shop?page=2" }, undefined]) {
      const direct = await startSession({}, body);
      expect((await sessionRow(direct.id)).source).toEqual({ referrer: null, utmSource: null, utmMedium: null, utmCampaign: null });
    }
    const tooLong = await shop.call("POST", "/api/metrics/initialize", { referrer: `https://example.org/${"x".repeat(2000)}` }, { store_id: shop.database.storeId });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { field?: string }).field).toBe("referrer");
  });

  it("goes on with the visit of today's cookie when one set at the former path (/api/metrics) comes first, and clears that one", async () => {
    const former = await startSession();
    const current = await startSession();
    // A browser lists the cookie of the longer path first.
    const both = await shop.call("POST", "/api/metrics/initialize", {}, { store_id: shop.database.storeId, cookie: `${former.cookie}; ${current.cookie}` });
    expect(both.status).toBe(200);
    const set = both.headers.getSetCookie();
    expect(set.find((cookie) => cookie.includes("Path=/api/metrics"))).toMatch(new RegExp(`^${ANALYTICS_COOKIE}=;.*Max-Age=0`));
    expect(set.find((cookie) => /Path=\/api(;|$)/.test(cookie))).toContain(`${ANALYTICS_COOKIE}=${current.id}`);
  });

  it("answers 404 for an unknown store and 400 without a store_id header", async () => {
    expect((await shop.call("POST", "/api/metrics/initialize", {}, { store_id: "nope" })).status).toBe(404);
    expect((await shop.call("POST", "/api/metrics/initialize", {})).status).toBe(400);
  });
});

describe("one visit across page loads", () => {
  const initialize = (cookie?: string) =>
    shop.call("POST", "/api/metrics/initialize", {}, { store_id: shop.database.storeId, ...(cookie ? { cookie } : {}) });
  const beacon = (cookie: string, load: string, body: SessionPayload) =>
    shop.call("POST", `/api/metrics/update-session-data?load=${load}`, JSON.stringify(body), { cookie, "content-type": "text/plain" });
  const sessionsToday = async () =>
    (await analyticsReport(shop.deps.db, shop.database.storeId, { days: 1 })).sessions;

  it("continues the visit the cookie names, each page load keeping its own beacons, and counts one session", async () => {
    const before = await sessionsToday();
    const first = await startSession();
    const firstLoad = (await (await initialize(first.cookie)).json()).load;
    expect((await sessionsToday())).toBe(before + 1);

    // A reload (or the return from a card payment) is a new page load of the same visit.
    const reload = await initialize(first.cookie);
    expect(reload.status).toBe(200);
    expect(reload.headers.get("set-cookie")).toContain(`${ANALYTICS_COOKIE}=${first.id}`);
    const secondLoad = (await reload.json()).load;
    expect(secondLoad).not.toBe(firstLoad);
    expect(await sessionsToday()).toBe(before + 1);

    const browsing = payload({ viewedPages: [{ page: "/products/house-blend", queryData: {} }], searchHistory: [] });
    expect((await beacon(first.cookie, firstLoad, browsing)).status).toBe(204);
    const paid = payload({ viewedPages: [{ page: "/checkout-confirmation", queryData: {} }], productPageViews: {}, searchHistory: [] });
    paid.cartData.cartEvents = [];
    paid.cartData.cartStatus = "purchased";
    paid.cartData.timestamp = new Date(Date.now() + 60_000).toISOString();
    expect((await beacon(first.cookie, secondLoad, paid)).status).toBe(204);
    // The first page load's last beacon replaces only its own.
    expect((await beacon(first.cookie, firstLoad, browsing)).status).toBe(204);

    const row = await sessionRow(first.id);
    expect(row.cartStatus).toBe("purchased");
    const [visit] = (await recentSessions(shop.deps.db, shop.database.storeId)).filter((s) => s.ref === first.id.slice(0, 8));
    expect(visit.pages).toEqual(["/products/house-blend", "/checkout-confirmation"]);
    expect(visit.cartEvents).toEqual([{ type: "ITEM_ADDED", sku: "SKU-1" }]);
    expect((await eventsOf(first.id)).filter((event) => event.type === "page_view")).toHaveLength(2);
  });

  it("starts a new visit after 30 minutes idle", async () => {
    const first = await startSession();
    await shop.deps.db
      .update(analyticsSessions)
      .set({ updatedAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(analyticsSessions.id, first.id));
    const before = await sessionsToday();
    const later = await initialize(first.cookie);
    expect(later.status).toBe(201);
    expect(later.headers.get("set-cookie")).not.toContain(first.id);
    expect(await sessionsToday()).toBe(before + 1);
  });

  it("refuses a load id that is not one", async () => {
    const { cookie } = await startSession();
    expect((await beacon(cookie, "x'%20or%201=1", payload())).status).toBe(400);
  });
});

describe("POST /api/metrics/collect-data", () => {
  it("stores the forwarded address truncated to its /24 behind a trusted proxy, ignoring any address in the body", async () => {
    const { id, cookie } = await startSession();
    const response = await shop.call(
      "POST",
      "/api/metrics/collect-data",
      { ipAddress: "8.8.8.8" },
      { cookie, "x-forwarded-for": "203.0.113.77" },
    );
    expect(response.status).toBe(204);
    expect((await sessionRow(id)).networkPrefix).toBe("203.0.113.0/24");
  });

  it("stores an IPv6 address truncated to its /48", async () => {
    const { id, cookie } = await startSession();
    await shop.call("POST", "/api/metrics/collect-data", {}, { cookie, "x-forwarded-for": "2001:db8:abcd:12::1" });
    expect((await sessionRow(id)).networkPrefix).toBe("2001:db8:abcd::/48");
  });

  it("refuses a request without a session or with a forged one", async () => {
    expect((await shop.call("POST", "/api/metrics/collect-data", {})).status).toBe(400);
    const forged = `${ANALYTICS_COOKIE}=00000000-0000-4000-8000-000000000000`;
    expect((await shop.call("POST", "/api/metrics/collect-data", {}, { cookie: forged })).status).toBe(400);
    expect((await shop.call("POST", "/api/metrics/collect-data", {}, { cookie: `${ANALYTICS_COOKIE}=x'; drop` })).status).toBe(400);
  });
});

describe("POST /api/metrics/update-session-data", () => {
  it("stores the payload and its raw events from a text/plain beacon", async () => {
    const { id, cookie } = await startSession();
    const response = await shop.call("POST", "/api/metrics/update-session-data", JSON.stringify(payload()), {
      cookie,
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(response.status).toBe(204);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ cartStatus: "abandoned", sessionDurationMs: 42_000, totalViewTime: 30_000 });
    const events = await eventsOf(id);
    expect(events.map((event) => event.type).sort()).toEqual(["ITEM_ADDED", "page_view", "page_view", "product_view", "search"]);
    expect(events.find((event) => event.type === "search")).toMatchObject({
      query: "tea",
      data: { duration: 3.5, resultCount: 4 },
    });
    expect(events.find((event) => event.type === "product_view")).toMatchObject({
      productHandle: "house-blend",
      data: { count: 2 },
    });
  });

  it("repeated beacons update the same session and replace its events", async () => {
    const { id, cookie } = await startSession();
    await shop.call("POST", "/api/metrics/update-session-data", payload(), { cookie });
    const later = payload({ viewedPages: [{ page: "/", queryData: {} }], totalViewTime: 50_000 });
    later.cartData.cartStatus = "purchased";
    expect((await shop.call("POST", "/api/metrics/update-session-data", later, { cookie })).status).toBe(204);
    const rows = await shop.deps.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cartStatus: "purchased", totalViewTime: 50_000 });
    expect((await eventsOf(id)).filter((event) => event.type === "page_view")).toHaveLength(1);
  });

  it("pins forged future timestamps to the time of receipt", async () => {
    const { id, cookie } = await startSession();
    const body = payload();
    body.cartData.cartEvents = [{ type: "ITEM_REMOVED", timestamp: "2999-01-01T00:00:00Z", sku: "X" }];
    await shop.call("POST", "/api/metrics/update-session-data", body, { cookie });
    const [removed] = (await eventsOf(id)).filter((event) => event.type === "ITEM_REMOVED");
    expect(removed.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("answers malformed, invalid, oversized and sessionless beacons with a 4xx and stores nothing", async () => {
    const { id, cookie } = await startSession();
    const post = (body: unknown, headers: Record<string, string> = { cookie }) =>
      shop.call("POST", "/api/metrics/update-session-data", body, headers);
    expect((await post("{not json")).status).toBe(400);
    const invalid = await post({ ...payload(), totalViewTime: -1 });
    expect(invalid.status).toBe(400);
    expect(namedError(await invalid.json())).toContain("totalViewTime");
    const wrongType = payload();
    (wrongType.cartData.cartEvents[0] as { type: string }).type = "DROP_TABLE";
    expect((await post(wrongType)).status).toBe(400);
    const huge = payload({ viewedPages: Array.from({ length: 400 }, () => ({ page: "/".padEnd(400, "x"), queryData: {} })) });
    expect((await post(huge)).status).toBe(413);
    expect((await post(payload(), {})).status).toBe(400);
    expect((await sessionRow(id)).payload).toBeNull();
    expect(await eventsOf(id)).toHaveLength(0);
  });
});

describe("rate limit", () => {
  it("refuses a client past its budget with 429 and Retry-After", async () => {
    const app = await createTestApp();
    try {
      // In-process requests have no socket, so they all come from the address "unknown".
      expect((await app.call("POST", "/api/metrics/collect-data", {})).status).toBe(400);
      for (let attempt = 1; attempt < METRICS_RATE_LIMIT.limit; attempt++) {
        await app.deps.rateLimiter.hit("metrics:unknown", METRICS_RATE_LIMIT);
      }
      const refused = await app.call("POST", "/api/metrics/collect-data", {});
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
    } finally {
      await app.database.dispose();
    }
  });
});
