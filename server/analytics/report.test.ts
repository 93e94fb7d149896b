import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartStatus, SessionPayload } from "../../core/schemas/analytics";
import { sql } from "drizzle-orm";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { analyticsEvents } from "../db/schema";
import { analyticsReport, recentSessions } from "./report";
import { deleteExpiredAnalytics, RETENTION_LOCK_KEY, runRetentionOnce } from "./retention";
import { saveSessionPayload, startAnalyticsSession } from "./sessions";

let database: TestDatabase;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

type Visit = {
  startedAt: Date;
  pages?: string[];
  products?: Record<string, number>;
  added?: string[];
  status?: CartStatus;
  searches?: { query: string; duration: number; resultCount?: number }[];
};

async function visit(spec: Visit) {
  const { db, storeId } = database;
  const id = await startAnalyticsSession(db, storeId, "test", spec.startedAt);
  const at = spec.startedAt.toISOString();
  const payload: SessionPayload = {
    cartData: {
      cartEvents: (spec.added ?? []).map((sku) => ({ type: "ITEM_ADDED" as const, timestamp: at, sku })),
      cartStatus: spec.status ?? "empty",
      sessionDuration: 1000,
      timestamp: at,
    },
    productPageViews: spec.products ?? {},
    viewedPages: (spec.pages ?? []).map((page) => ({ page, queryData: {} })),
    totalViewTime: 1000,
    searchHistory: (spec.searches ?? []).map((entry) => ({
      ...entry,
      timestamp: at,
      scrolledProducts: [],
      clickedProducts: [],
    })),
  };
  await saveSessionPayload(db, id, payload, spec.startedAt);
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await visit({
    startedAt: daysAgo(1),
    pages: ["/", "/shop", "/products/house-blend"],
    products: { "house-blend": 2 },
    added: ["HOUSE-12OZ"],
    status: "abandoned",
    searches: [
      { query: "tea", duration: 4, resultCount: 3 },
      { query: "zzz", duration: 2, resultCount: 0 },
    ],
  });
  await visit({
    startedAt: daysAgo(1),
    pages: ["/", "/checkout"],
    products: { "house-blend": 1, "green-tea": 1 },
    added: ["HOUSE-12OZ"],
    status: "abandoned",
    searches: [{ query: "tea", duration: 6 }],
  });
  await visit({ startedAt: daysAgo(2), pages: ["/checkout-confirmation"], status: "purchased" });
  // The owner's own pages and their mailbox are not the shop's: a beacon that still carries them counts none.
  await visit({ startedAt: daysAgo(2), pages: ["/", "/dev/mailbox", "/admin/orders", "/admin"] });
  // Viewed a product and left: the shopper's cartStatus says abandoned (spec), yet the cart was never used.
  await visit({ startedAt: daysAgo(2), pages: ["/products/green-tea"], products: { "green-tea": 1 }, status: "abandoned" });
  // Outside a 30-day window: must not count.
  await visit({ startedAt: daysAgo(40), pages: ["/old"], products: { old: 9 }, status: "abandoned" });
});
afterAll(async () => {
  await database.dispose();
});

describe("analyticsReport", () => {
  it("aggregates sessions, pages, products, funnel, abandonment and searches in the window", async () => {
    const report = await analyticsReport(database.db, database.storeId, { days: 30, now: NOW });
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(report.sessions).toBe(5);
    expect(report.sessionsPerDay).toEqual(
      [
        { day: day(daysAgo(2)), sessions: 3 },
        { day: day(daysAgo(1)), sessions: 2 },
      ].sort((a, b) => a.day.localeCompare(b.day)),
    );
    // Pages and products by their names, each with its address; a handle no product has keeps its handle.
    expect(report.topPages).toEqual([
      { label: "Home", path: "/", count: 3 },
      { label: "Checkout", path: "/checkout", count: 1 },
      { label: "Order confirmed", path: "/checkout-confirmation", count: 1 },
      { label: "/products/green-tea", path: "/products/green-tea", count: 1 },
      { label: "Tidewater House Blend", path: "/products/house-blend", count: 1 },
      { label: "Shop", path: "/shop", count: 1 },
    ]);
    expect(report.topProducts).toEqual([
      { label: "Tidewater House Blend", path: "/products/house-blend", count: 3 },
      { label: "green-tea", path: "/products/green-tea", count: 2 },
    ]);
    expect(report.funnel).toEqual({ productView: 3, addToCart: 2, checkout: 1, purchase: 1 });
    // Abandonment counts the sessions that put something in the cart, not the one that only viewed a product.
    expect(report.cart).toEqual({ abandoned: 2, purchased: 1, abandonmentRate: 2 / 3 });
    expect(report.topSearches).toEqual([
      { label: "tea", count: 2 },
      { label: "zzz", count: 1 },
    ]);
    expect(report.searchesWithNoResults).toEqual([{ label: "zzz", count: 1 }]);
    expect(report.averageSearchSeconds).toBe(4);
  });

  it("reports an empty window without dividing by zero", async () => {
    const report = await analyticsReport(database.db, database.storeId, { days: 1, now: daysAgo(100) });
    expect(report).toMatchObject({ sessions: 0, cart: { abandonmentRate: null }, averageSearchSeconds: null });
  });

  it("counts a session once however many beacons it sends", async () => {
    const again = await analyticsReport(database.db, database.storeId, { days: 30, now: NOW });
    const id = await visit({ startedAt: daysAgo(3), pages: ["/twice"], status: "abandoned", searches: [{ query: "x", duration: 1 }] });
    const after = await analyticsReport(database.db, database.storeId, { days: 30, now: NOW });
    expect(after.topPages.find((page) => page.label === "/twice")).toEqual({ label: "/twice", path: "/twice", count: 1 });
    await saveSessionPayload(
      database.db,
      id,
      {
        cartData: { cartEvents: [], cartStatus: "purchased", sessionDuration: 5, timestamp: daysAgo(3).toISOString() },
        productPageViews: {},
        viewedPages: [{ page: "/twice", queryData: {} }, { page: "/twice", queryData: { a: "b" } }],
        totalViewTime: 5,
        searchHistory: [],
      },
      daysAgo(3),
    );
    const final = await analyticsReport(database.db, database.storeId, { days: 30, now: NOW });
    expect(final.topPages.find((page) => page.label === "/twice")).toEqual({ label: "/twice", path: "/twice", count: 2 });
    expect(final.sessions).toBe(again.sessions + 1);
    expect(final.cart).toMatchObject({ abandoned: again.cart.abandoned, purchased: again.cart.purchased + 1 });
    expect(final.topSearches.find((search) => search.label === "x")).toBeUndefined();
    expect(final.averageSearchSeconds).toBe(again.averageSearchSeconds);
  });
});

describe("recentSessions", () => {
  it("summarises the latest sessions that sent a beacon", async () => {
    const sessions = await recentSessions(database.db, database.storeId);
    expect(sessions).toHaveLength(7);
    const first = sessions.find((session) => session.pages.includes("/shop"));
    expect(first).toMatchObject({
      cartStatus: "abandoned",
      pages: ["/", "/shop", "/products/house-blend"],
      productViews: [{ label: "house-blend", count: 2 }],
      searches: [
        { query: "tea", duration: 4, resultCount: 3 },
        { query: "zzz", duration: 2, resultCount: 0 },
      ],
      cartEvents: [{ type: "ITEM_ADDED", sku: "HOUSE-12OZ" }],
    });
    expect(first?.ref).toHaveLength(8);
  });
});

describe("retention", () => {
  it("deletes events and sessions older than the retention period and keeps the rest", async () => {
    const before = await database.db.select().from(analyticsEvents);
    const deleted = await deleteExpiredAnalytics(database.db, 30, NOW);
    expect(deleted.events).toBe(2);
    const after = await database.db.select().from(analyticsEvents);
    expect(after).toHaveLength(before.length - 2);
    expect(after.every((event) => event.occurredAt.getTime() >= daysAgo(30).getTime())).toBe(true);
    // The daily totals hold nothing about any one visitor, so they outlive the raw events.
    const report = await analyticsReport(database.db, database.storeId, { days: 365, now: NOW });
    expect(report.sessions).toBe(7);
  });

  it("runs under an advisory lock and says whether it ran", async () => {
    expect(await runRetentionOnce(database.db, 30)).toEqual({ ran: true, events: 0, pageSpeed: 0, sessions: 0 });
  });

  // PGlite has one connection: a second instance holding the lock can only be shown on PostgreSQL.
  it.runIf(usingPostgres())("skips the run while another instance holds the lock", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_KEY})`);
      expect(await runRetentionOnce(database.db, 30)).toEqual({ ran: false, events: 0, pageSpeed: 0, sessions: 0 });
    });
    expect((await runRetentionOnce(database.db, 30)).ran).toBe(true);
  });
});
