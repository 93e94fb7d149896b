/**
 * The conversion and traffic sources reports (decision 0065) of a New York shop, from visits driven through the real
 * HTTP handlers at chosen moments: each page load's start with its referrer and landing page's utm parameters, the
 * beacons of a cart, a checkout and a purchase, and the orders submitted from those visits and paid by card.
 * A visit at 02:00 UTC on 10 March is 22:00 on the 9th in New York and counts on the 9th; one at 03:00 UTC on the 9th
 * counts on the 8th, in the previous period. Every figure of both reports is checked, the CSV and the screens, and the
 * orders and sessions per source once the raw analytics have expired.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionPayload } from "../../core/schemas/analytics";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { tokenHeaders } from "../../tests/support/api-tokens";
import type { TestApp } from "../../tests/support/app";
import { SKU, payWithCard, startCheckout, submitOrder } from "../../tests/support/checkout";
import { analyticsReport } from "../analytics/report";
import { deleteExpiredAnalytics } from "../analytics/retention";
import { ANALYTICS_COOKIE } from "../api/metrics";
import { commandLineActor } from "../audit/audit";
import { analyticsSessions, orders, refunds, variants } from "../db/schema";
import { changeStoreSettings } from "../store/settings";

const office = renderedBackOffice();
let t: TestApp;
let manager: Record<string, string>;

/** Runs `step` with the clock at `moment` (only Date: the database and the payment provider's timers run as usual). */
async function at<T>(moment: string, step: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(moment) });
  try {
    return await step();
  } finally {
    vi.useRealTimers();
  }
}

type Start = { referrer?: string; utm_source?: string; utm_medium?: string; utm_campaign?: string };

/** A page load's start as the tracker sends it; answers the visit's cookie and the load. */
async function pageLoad(start: Start, cookie?: string) {
  const response = await t.call("POST", "/api/metrics/initialize", start, { store_id: t.deps.storeId, ...(cookie ? { cookie } : {}) });
  expect(response.status).toBe(cookie ? 200 : 201);
  const id = new RegExp(`${ANALYTICS_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")![1];
  return { cookie: `${ANALYTICS_COOKIE}=${id}`, id, load: ((await response.json()) as { load: string }).load };
}

type Did = { pages: string[]; added?: boolean; purchased?: boolean };

/** The page load's beacon, as the tracker builds it from what the shopper did. */
async function beacon(visit: { cookie: string; load: string }, did: Did) {
  const now = new Date().toISOString();
  const payload: SessionPayload = {
    cartData: {
      cartEvents: did.added ? [{ type: "ITEM_ADDED", timestamp: now, sku: SKU }] : [],
      cartStatus: did.purchased ? "purchased" : did.added ? "active" : "empty",
      sessionDuration: 60_000,
      timestamp: now,
    },
    productPageViews: {},
    viewedPages: did.pages.map((address) => {
      const url = new URL(address, "http://localhost");
      return { page: url.pathname, queryData: Object.fromEntries(url.searchParams) };
    }),
    totalViewTime: 30_000,
    searchHistory: [],
  };
  const response = await t.call("POST", `/api/metrics/update-session-data?load=${visit.load}`, JSON.stringify(payload), { cookie: visit.cookie, "content-type": "text/plain" });
  expect(response.status).toBe(204);
}

/** Two bags checked out and paid by card, from the browser holding `visitCookie` (none: a visit not recorded). */
async function paidOrder(email: string, visitCookie?: string) {
  const { cookie, sessionId } = await startCheckout(t, 2);
  const { status, body } = await submitOrder(t, sessionId, { email }, { cookie: visitCookie ? `${cookie}; ${visitCookie}` : cookie });
  expect(status).toBe(200);
  expect((await payWithCard(t, body.client_secret)).body.status).toBe("succeeded");
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
  expect(order.status).toBe("paid");
  return order;
}

/** What the visits' orders brought, as the sales report counts revenue: each total less its refunds. */
const revenue = { fromNewsletter: 0, fromGoogle: 0, unrecorded: 0, previous: 0 };
let newsletterOrderId = 0;

beforeAll(async () => {
  t = office.t;
  manager = await tokenHeaders(t, "manager");
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "America/New_York" });

  // 7 March, 10:00 in New York (EST): a direct visit from an Instagram link that buys. The previous period.
  await at("2026-03-07T15:00:00Z", async () => {
    const visit = await pageLoad({ utm_source: "instagram", utm_medium: "social" });
    await beacon(visit, { pages: ["/?utm_source=instagram&utm_medium=social", "/checkout"], added: true });
    revenue.previous = (await paidOrder("ivy@example.com", visit.cookie)).totalCents;
    await beacon(visit, { pages: ["/?utm_source=instagram&utm_medium=social", "/checkout", "/checkout-confirmation?redirect_status=succeeded"], added: true, purchased: true });
  });
  // 03:00 UTC on 9 March is 23:00 on the 8th in New York (EDT since the 8th): the previous period, though the 9th in UTC.
  await at("2026-03-09T03:00:00Z", async () => {
    await beacon(await pageLoad({ referrer: "https://www.google.com/search?q=late+coffee" }), { pages: ["/shop"] });
  });
  // 02:00 UTC on 10 March is 22:00 on the 9th in New York: from Google, landing on the spring newsletter's link.
  await at("2026-03-10T02:00:00Z", async () => {
    const landing = await pageLoad({ referrer: "https://www.google.com/search?q=beans", utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" });
    await beacon(landing, { pages: ["/?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "/products/house-blend"], added: true });
    // The checkout is a page load of the same visit, from the shop's own page: the visit keeps where it came from.
    const checkout = await pageLoad({ referrer: "http://localhost/cart" }, landing.cookie);
    await beacon(checkout, { pages: ["/checkout"] });
    const order = await paidOrder("nina@example.com", landing.cookie);
    newsletterOrderId = order.id;
    revenue.fromNewsletter = order.totalCents;
    // Back from the payment page: another load of the visit, with the payment provider as its referrer.
    const back = await pageLoad({ referrer: "https://hooks.stripe.com/3d_secure" }, landing.cookie);
    await beacon(back, { pages: ["/checkout-confirmation?redirect_status=succeeded"], purchased: true });
  });
  // 10 March in New York: a visit from the shop's own page (direct) that fills a cart, one from Hacker News that
  // reaches the checkout, and one from Google that buys and is partly refunded; and an order from a browser that
  // records no visit (Do Not Track).
  await at("2026-03-10T15:00:00Z", async () => {
    await beacon(await pageLoad({ referrer: "http://localhost/shop" }), { pages: ["/shop"], added: true });
  });
  await at("2026-03-10T16:00:00Z", async () => {
    await beacon(await pageLoad({ referrer: "https://news.ycombinator.com/item?id=1" }), { pages: ["/", "/checkout"], added: true });
  });
  await at("2026-03-10T17:00:00Z", async () => {
    const visit = await pageLoad({ referrer: "https://google.com/" });
    await beacon(visit, { pages: ["/", "/checkout"], added: true });
    const order = await paidOrder("gus@example.com", visit.cookie);
    await beacon(visit, { pages: ["/", "/checkout", "/checkout-confirmation?redirect_status=succeeded"], added: true, purchased: true });
    await t.deps.db.insert(refunds).values({
      storeId: t.deps.storeId,
      orderId: order.id,
      provider: order.paymentProvider,
      paymentReference: order.paymentReference!,
      idempotencyKey: "visits-test-refund",
      reason: "one bag arrived torn",
      amountCents: 500,
      status: "succeeded",
    });
    revenue.fromGoogle = order.totalCents - 500;
  });
  await at("2026-03-10T18:00:00Z", async () => {
    revenue.unrecorded = (await paidOrder("dee@example.com")).totalCents;
  });
});

type Answer = {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
  figures: { label: string; current: number; previous: number }[];
  chart: { title: string; bars: { label: string; value: number }[]; description: string };
  tables: { title: string; columns: { label: string }[]; rows: (string | number)[][] }[];
};

async function answerOf(path: string): Promise<Answer> {
  const response = await t.call("GET", path, undefined, manager);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

const figuresOf = (answer: Answer) => Object.fromEntries(answer.figures.map((figure) => [figure.label, [figure.current, figure.previous]]));
const RANGE = "from=2026-03-09&to=2026-03-10";

describe("the conversion report", () => {
  it("counts sessions and each step on the shop's day each visit started, with the rate of each step", async () => {
    const conversion = await answerOf(`/api/admin/reports/conversion?${RANGE}`);
    expect([conversion.previous_from, conversion.previous_to]).toEqual(["2026-03-07", "2026-03-08"]);
    // 9–10 March: the newsletter visit, the shop's own, Hacker News's and Google's. 7–8 March: Instagram's, which
    // bought, and the late one from Google, which only browsed.
    expect(figuresOf(conversion)).toEqual({
      Sessions: [4, 2],
      "Sessions with a cart": [4, 1],
      "Cart rate": [1, 0.5],
      "Reached checkout": [3, 1],
      "Checkout rate": [0.75, 0.5],
      Ordered: [2, 1],
      "Conversion rate": [0.5, 0.5],
    });
    const [byDay] = conversion.tables;
    expect(byDay.title).toBe("Conversion by day");
    expect(byDay.columns.map((column) => column.label)).toEqual(["Day", "Sessions", "Sessions with a cart", "Cart rate", "Reached checkout", "Checkout rate", "Ordered", "Conversion rate"]);
    expect(byDay.rows).toEqual([
      ["2026-03-09", 1, 1, 1, 1, 1, 1, 1],
      ["2026-03-10", 3, 3, 1, 2, 0.6667, 1, 0.3333],
      ["Total", 4, 4, 1, 3, 0.75, 2, 0.5],
      ["Previous period (2026-03-07 to 2026-03-08)", 2, 1, 0.5, 1, 0.5, 1, 0.5],
    ]);
    expect(conversion.chart.bars).toEqual([
      { label: "2026-03-09", value: 1 },
      { label: "2026-03-10", value: 0.3333 },
    ]);
    expect(conversion.chart.description).toBe("Conversion rate by day, 2 bars: highest 100.0% (2026-03-09), lowest 33.3% (2026-03-10).");
  });

  it("sums the days of a week, and the analytics page counts the same days", async () => {
    const byWeek = await answerOf("/api/admin/reports/conversion?from=2026-03-02&to=2026-03-15&group=week");
    expect(byWeek.tables[0].rows.slice(0, 2)).toEqual([
      ["Week of 2026-03-02", 2, 1, 0.5, 1, 0.5, 1, 0.5],
      ["Week of 2026-03-09", 4, 4, 1, 3, 0.75, 2, 0.5],
    ]);
    const analytics = await analyticsReport(t.deps.db, t.deps.storeId, { days: 2, now: new Date("2026-03-11T01:00:00Z") });
    expect({ since: analytics.since, perDay: analytics.sessionsPerDay, funnel: analytics.funnel }).toEqual({
      since: "2026-03-09",
      perDay: [
        { day: "2026-03-09", sessions: 1 },
        { day: "2026-03-10", sessions: 3 },
      ],
      funnel: { productView: 0, addToCart: 4, checkout: 3, purchase: 2 },
    });
  });
});

describe("the traffic sources report", () => {
  const expected = () => ({
    figures: {
      Sessions: [4, 2],
      "Sessions from other sites": [3, 1],
      "Sessions from campaigns": [1, 1],
      Orders: [3, 1],
      Revenue: [revenue.fromNewsletter + revenue.fromGoogle + revenue.unrecorded, revenue.previous],
    },
    bySite: [
      ["google.com", 2, 2, revenue.fromNewsletter + revenue.fromGoogle, 1, 0, 0],
      ["(direct)", 1, 0, 0, 1, 1, revenue.previous],
      ["news.ycombinator.com", 1, 0, 0, 0, 0, 0],
      ["(not recorded)", 0, 1, revenue.unrecorded, 0, 0, 0],
    ],
    bySource: [
      ["google.com", "newsletter", "email", "spring", 1, 1, revenue.fromNewsletter],
      ["google.com", "(none)", "(none)", "(none)", 1, 1, revenue.fromGoogle],
      ["(direct)", "(none)", "(none)", "(none)", 1, 0, 0],
      ["news.ycombinator.com", "(none)", "(none)", "(none)", 1, 0, 0],
      ["(not recorded)", "", "", "", 0, 1, revenue.unrecorded],
    ],
  });

  it("gives each referring site and utm source, medium and campaign its sessions, orders and revenue", async () => {
    // The order keeps its visit's source, never the visit.
    const [order] = await t.deps.db.select({ source: orders.visitSource }).from(orders).where(eq(orders.id, newsletterOrderId));
    expect(order.source).toEqual({ referrer: "google.com", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" });

    const traffic = await answerOf(`/api/admin/reports/traffic?${RANGE}`);
    const { figures, bySite, bySource } = expected();
    expect(figuresOf(traffic)).toEqual(figures);
    // The sources' revenue is the sales report's total sales: one definition of revenue.
    const sales = await answerOf(`/api/admin/reports/sales?${RANGE}`);
    expect(sales.figures.find((figure) => figure.label === "Total sales")).toMatchObject({ current: figures.Revenue[0], previous: figures.Revenue[1] });
    const [sites, sources] = traffic.tables;
    expect(sites.title).toBe("By referring site");
    expect(sites.columns.map((column) => column.label)).toEqual(["Referring site", "Sessions", "Orders", "Revenue", "Sessions, previous period", "Orders, previous period", "Revenue, previous period"]);
    expect(sites.rows).toEqual(bySite);
    expect(sources.title).toBe("By source and campaign");
    expect(sources.columns.map((column) => column.label)).toEqual(["Referring site", "utm_source", "utm_medium", "utm_campaign", "Sessions", "Orders", "Revenue"]);
    expect(sources.rows).toEqual(bySource);
    expect(traffic.chart.bars).toEqual([
      { label: "google.com", value: 2 },
      { label: "(direct)", value: 1 },
      { label: "news.ycombinator.com", value: 1 },
    ]);
    expect(traffic.chart.description).toBe("Sessions by referring site, the 3 busiest, 3 bars: highest 2 (google.com), lowest 1 ((direct)), 4 in all.");

    const csv = await t.call("GET", `/api/admin/reports/traffic.csv?${RANGE}`, undefined, manager);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="traffic-report.csv"');
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows[0]).toBe("report,traffic,from,2026-03-09,to,2026-03-10,time zone,America/New_York");
    expect(rows).toContain(`Revenue,${(figures.Revenue[0] / 100).toString()},${(figures.Revenue[1] / 100).toString()}`);
    expect(rows).toContain(`google.com,newsletter,email,spring,1,1,${revenue.fromNewsletter / 100}`);
  });

  it("keeps every figure of both reports once the raw analytics have expired", async () => {
    const before = await Promise.all([answerOf(`/api/admin/reports/conversion?${RANGE}`), answerOf(`/api/admin/reports/traffic?${RANGE}`)]);
    const expired = await deleteExpiredAnalytics(t.deps.db, 1, new Date("2026-06-01T00:00:00Z"));
    expect(expired.sessions).toBeGreaterThanOrEqual(6);
    expect(await t.deps.db.select({ id: analyticsSessions.id }).from(analyticsSessions)).toEqual([]);
    expect(await Promise.all([answerOf(`/api/admin/reports/conversion?${RANGE}`), answerOf(`/api/admin/reports/traffic?${RANGE}`)])).toEqual(before);
  });
});

describe("the screens", () => {
  it("list both reports and show each one's figures, chart words, tables and CSV link to the owner", async () => {
    const index = await office.html(await office.get("/admin/reports", office.owner));
    for (const name of ["conversion", "traffic"]) expect(index).toContain(`href="/admin/reports/${name}"`);

    const conversion = await office.html(await office.get(`/admin/reports/conversion?${RANGE}`, office.owner));
    expect(conversion).toContain("Conversion report");
    expect(conversion).toContain("Conversion rate by day, 2 bars: highest 100.0% (2026-03-09), lowest 33.3% (2026-03-10).");
    expect(conversion).toContain("Conversion by day");
    expect(conversion).toContain('href="/api/admin/reports/conversion.csv?from=2026-03-09&amp;to=2026-03-10"');

    const traffic = await office.html(await office.get(`/admin/reports/traffic?${RANGE}`, office.owner));
    expect(traffic).toContain("Traffic sources report");
    expect(traffic).toContain("Sessions by referring site, the 3 busiest, 3 bars: highest 2 (google.com), lowest 1 ((direct)), 4 in all.");
    expect(traffic).toContain("news.ycombinator.com");
    expect(traffic).toContain("By source and campaign");
    for (const path of ["/admin/reports/conversion", "/admin/reports/traffic"]) expect({ path, status: (await office.get(path, office.packer)).status }).toEqual({ path, status: 403 });
  });
});
