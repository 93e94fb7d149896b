import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageSpeed, SessionPayload } from "../../core/schemas/analytics";
import { pageSpeedReportSchema } from "../../core/schemas/page-speed";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { namedError } from "../../tests/support/errors";
import { ANALYTICS_COOKIE } from "../api/metrics";
import { commandLineActor } from "../audit/audit";
import { analyticsPageSpeed } from "../db/schema";
import { pageSpeedReport, recordPageSpeed } from "./page-speed";
import { deleteExpiredAnalytics } from "./retention";
import { startAnalyticsSession } from "./sessions";
import { changeStoreSettings } from "../store/settings";

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop.database.dispose();
});

const DAY_MS = 86_400_000;
const rowsOf = (sessionId: string) =>
  shop.deps.db.select().from(analyticsPageSpeed).where(eq(analyticsPageSpeed.sessionId, sessionId));

function payload(pageSpeed?: PageSpeed): SessionPayload {
  const now = new Date().toISOString();
  return {
    cartData: { cartEvents: [], cartStatus: "empty", sessionDuration: 1000, timestamp: now },
    productPageViews: {},
    viewedPages: [{ page: "/bundles/gift-box", queryData: {} }],
    totalViewTime: 1000,
    searchHistory: [],
    pageSpeed,
  };
}

describe("the beacon's page speed", () => {
  async function startVisit() {
    const response = await shop.call("POST", "/api/metrics/initialize", {}, { store_id: shop.database.storeId });
    const id = new RegExp(`${ANALYTICS_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")![1];
    const { load } = (await response.json()) as { load: string };
    return { id, load, cookie: `${ANALYTICS_COOKIE}=${id}` };
  }
  const beacon = (visit: { cookie: string; load: string }, body: string) =>
    shop.call("POST", `/api/metrics/update-session-data?load=${visit.load}`, body, { cookie: visit.cookie, "content-type": "text/plain" });

  it("stores one row per page load by the page type it began on, the latest beacon's figures on the first one's day", async () => {
    const visit = await startVisit();
    const first = { page: "/bundles/gift-box", ttfb: 120, lcp: 900 };
    expect((await beacon(visit, JSON.stringify(payload(first)))).status).toBe(204);
    const [stored] = await rowsOf(visit.id);
    expect(stored).toMatchObject({ storeId: shop.database.storeId, pageType: "bundle", ttfbMs: 120, lcpMs: 900, inpMs: null, cls: null });

    // Hidden: LCP, CLS and INP settled; the load's page stays what it began on.
    const last = { ...first, lcp: 950, cls: 0.02, inp: 64 };
    expect((await beacon(visit, JSON.stringify(payload(last)))).status).toBe(204);
    const rows = await rowsOf(visit.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pageType: "bundle", ttfbMs: 120, lcpMs: 950, cls: 0.02, inpMs: 64, recordedAt: stored.recordedAt });
  });

  it("keeps each figure's highest whichever of a load's beacons is stored last, an INP not taken back by the earlier beacon", async () => {
    const visit = await startVisit();
    const atFirstInput = { page: "/bundles/gift-box", ttfb: 120, lcp: 900 };
    const asHidden = { ...atFirstInput, lcp: 950, cls: 0.02, inp: 64 };
    expect((await beacon(visit, JSON.stringify(payload(asHidden)))).status).toBe(204);
    expect((await beacon(visit, JSON.stringify(payload(atFirstInput)))).status).toBe(204);
    expect(await rowsOf(visit.id)).toMatchObject([{ ttfbMs: 120, lcpMs: 950, cls: 0.02, inpMs: 64 }]);
    // The report below counts one load of a bundle page: the first test's.
    await shop.deps.db.delete(analyticsPageSpeed).where(eq(analyticsPageSpeed.sessionId, visit.id));
  });

  it("keeps no row for a beacon without figures (a browser that measures nothing)", async () => {
    const visit = await startVisit();
    expect((await beacon(visit, JSON.stringify(payload()))).status).toBe(204);
    expect(await rowsOf(visit.id)).toHaveLength(0);
  });

  it("refuses figures that are not finite, negative, past their bounds or of the wrong type with a 400 naming the field, storing nothing", async () => {
    const visit = await startVisit();
    const body = (speed: string) => JSON.stringify(payload()).replace(/}$/, `,"pageSpeed":${speed}}`);
    const cases = [
      ['{"page":"/","lcp":1e999}', "pageSpeed.lcp"],
      ['{"page":"/","inp":-1}', "pageSpeed.inp"],
      ['{"page":"/","ttfb":600001}', "pageSpeed.ttfb"],
      ['{"page":"/","cls":"0.1"}', "pageSpeed.cls"],
      ['{"lcp":100}', "pageSpeed.page"],
    ] as const;
    for (const [speed, field] of cases) {
      const refused = await beacon(visit, body(speed));
      expect(refused.status, speed).toBe(400);
      expect(namedError(await refused.json()), speed).toMatch(new RegExp(`^${field.replace(".", "\\.")}:`));
    }
    expect(await rowsOf(visit.id)).toHaveLength(0);
  });
});

describe("pageSpeedReport", () => {
  // Far from the beacons above (stored now), so only this block's loads are in its window.
  const NOW = new Date("2031-06-30T12:00:00Z");
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
  let loads = 0;
  const inZone = (timeZone: string) => changeStoreSettings(shop.deps.db, commandLineActor(shop.database.storeId), { timeZone });

  async function load(page: string, speed: Omit<PageSpeed, "page">, at: Date) {
    const sessionId = await startAnalyticsSession(shop.deps.db, shop.database.storeId, "test", at);
    await recordPageSpeed(shop.deps.db, { storeId: shop.database.storeId, sessionId, loadId: `load-${++loads}` }, { page, ...speed }, at);
  }

  beforeAll(async () => {
    // The shop's days are UTC days here, whatever the server's zone; the zone's own days are tested below.
    await inZone("UTC");
    // Products: LCP 1, 2, 3 and 4 s over two days; the 75th percentile interpolates to 3.25 s.
    await load("/products/house-blend", { lcp: 1000, ttfb: 100, cls: 0.05 }, daysAgo(2));
    await load("/products/green-tea", { lcp: 2000, ttfb: 200, cls: 0.3, inp: 100 }, daysAgo(2));
    await load("/products/house-blend", { lcp: 3000, ttfb: 300 }, daysAgo(1));
    await load("/products/harbor-mug", { lcp: 4000, ttfb: 2000, inp: 600 }, daysAgo(1));
    await load("/", { lcp: 1200, ttfb: 150, cls: 0, inp: 40 }, daysAgo(1));
    await load("/search", { lcp: 5000 }, daysAgo(27));
    // Outside the 28 days: must not count.
    await load("/", { lcp: 90_000, ttfb: 90_000, cls: 9, inp: 90_000 }, daysAgo(29));
  });

  it("answers every page type's 75th percentile of each figure over 28 days, rated by Google's thresholds", async () => {
    const report = await pageSpeedReport(shop.deps.db, shop.database.storeId, NOW);
    expect(pageSpeedReportSchema.safeParse(report).success).toBe(true);
    // The 28 days are today and the 27 before it, from the shop's midnight.
    expect(report).toMatchObject({ days: 28, since: "2031-06-03T00:00:00.000Z", from: "2031-06-03", time_zone: "UTC" });
    expect(report.pages.map((page) => page.type)).toEqual(["home", "listing", "product", "bundle", "checkout", "content", "other"]);
    const byType = Object.fromEntries(report.pages.map((page) => [page.type, page]));
    expect(byType.product).toEqual({
      type: "product",
      loads: 4,
      lcp: { p75: 3250, rating: "needs-improvement", samples: 4 },
      // 100 + 0.75 × 500: only the loads that reported INP count.
      inp: { p75: 475, rating: "needs-improvement", samples: 2 },
      cls: { p75: 0.24, rating: "needs-improvement", samples: 2 },
      ttfb: { p75: 725, rating: "good", samples: 4 },
    });
    expect(byType.home).toEqual({
      type: "home",
      loads: 1,
      lcp: { p75: 1200, rating: "good", samples: 1 },
      inp: { p75: 40, rating: "good", samples: 1 },
      cls: { p75: 0, rating: "good", samples: 1 },
      ttfb: { p75: 150, rating: "good", samples: 1 },
    });
    expect(byType.listing).toMatchObject({ loads: 1, lcp: { p75: 5000, rating: "poor" }, ttfb: { p75: null, rating: null, samples: 0 } });
    expect(byType.checkout).toEqual({
      type: "checkout",
      loads: 0,
      ...Object.fromEntries(["lcp", "inp", "cls", "ttfb"].map((vital) => [vital, { p75: null, rating: null, samples: 0 }])),
    });
  });

  it("answers each day's 75th percentile over every page type, oldest first", async () => {
    const { trend } = await pageSpeedReport(shop.deps.db, shop.database.storeId, NOW);
    expect(trend).toEqual([
      { day: daysAgo(27).toISOString().slice(0, 10), loads: 1, lcp: 5000, inp: null, cls: null, ttfb: null },
      { day: daysAgo(2).toISOString().slice(0, 10), loads: 2, lcp: 1750, inp: 100, cls: 0.24, ttfb: 175 },
      { day: daysAgo(1).toISOString().slice(0, 10), loads: 3, lcp: 3500, inp: 460, cls: 0, ttfb: 1150 },
    ]);
  });

  it("counts the window and each day in the shop's time zone, a day across a daylight-saving change included", async () => {
    // Los Angeles moved its clocks forward on Sunday 9 March 2031: that day ran 23 hours, 08:00 to 07:00 UTC.
    await inZone("America/Los_Angeles");
    const now = new Date("2031-03-10T20:00:00Z");
    await load("/", { lcp: 100 }, new Date("2031-02-11T07:59:00Z")); // 10 February, 23:59 PST: before the window
    await load("/", { lcp: 200 }, new Date("2031-02-11T08:00:00Z")); // 11 February, midnight PST: its first moment
    await load("/", { lcp: 300 }, new Date("2031-03-09T07:30:00Z")); // 8 March, 23:30 PST
    await load("/", { lcp: 400 }, new Date("2031-03-10T06:30:00Z")); // 9 March, 23:30 PDT
    await load("/", { lcp: 500 }, new Date("2031-03-10T07:30:00Z")); // 10 March, 00:30 PDT
    await load("/", { lcp: 600 }, new Date("2031-03-11T07:00:00Z")); // 11 March: tomorrow, not in the window
    const report = await pageSpeedReport(shop.deps.db, shop.database.storeId, now);
    await inZone("UTC");
    expect(report).toMatchObject({ since: "2031-02-11T08:00:00.000Z", from: "2031-02-11", time_zone: "America/Los_Angeles" });
    expect(report.trend.map(({ day, lcp }) => [day, lcp])).toEqual([
      ["2031-02-11", 200],
      ["2031-03-08", 300],
      ["2031-03-09", 400],
      ["2031-03-10", 500],
    ]);
    expect(report.pages.find((page) => page.type === "home")?.loads).toBe(4);
  });

  it("is the admin API's answer, for a role with the analytics permission", async () => {
    const manager = await tokenHeaders(shop, "manager");
    const answer = await shop.call("GET", "/api/admin/analytics/page-speed", undefined, manager);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const { since, ...report } = await pageSpeedReport(shop.deps.db, shop.database.storeId);
    expect(await answer.json()).toEqual({ ...report, since: expect.any(String) });
    expect(report.pages.find((page) => page.type === "bundle")?.loads).toBe(1);
    const fulfilment = await tokenHeaders(shop, "fulfilment");
    expect((await shop.call("GET", "/api/admin/analytics/page-speed", undefined, fulfilment)).status).toBe(403);
    expect((await shop.call("GET", "/api/admin/analytics/page-speed")).status).toBe(401);
  });

  it("is deleted with the raw analytics once past the retention period", async () => {
    const cutoff = daysAgo(28);
    const before = await shop.deps.db.select().from(analyticsPageSpeed);
    const deleted = await deleteExpiredAnalytics(shop.deps.db, 28, NOW);
    // The 29 days old load, and the beacons' loads above, stored years before this block's clock.
    expect(deleted.pageSpeed).toBe(before.filter((row) => row.recordedAt < cutoff).length);
    const after = await shop.deps.db.select().from(analyticsPageSpeed);
    expect(after.map((row) => row.lcpMs).sort()).toEqual([1000, 1200, 2000, 3000, 4000, 5000]);
  });
});
