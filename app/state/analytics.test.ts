import { describe, expect, it } from "vitest";
import { ANALYTICS_LIMITS } from "@core/analytics-limits";
import { sessionPayloadSchema } from "@core/schemas/analytics";
import {
  analyticsReducer,
  cartItemId,
  createAnalyticsStore,
  initialAnalyticsState,
  type AnalyticsAction,
  type AnalyticsState,
} from "./analytics";
import { beaconBody, sessionPayload } from "./analytics-payload";

const T0 = new Date("2026-01-01T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** Applies actions one second apart, starting at T0. */
function run(actions: AnalyticsAction[], state: AnalyticsState = initialAnalyticsState()) {
  return actions.reduce((current, action, index) => analyticsReducer(current, action, at(index)), state);
}

describe("cart events and cartStatus", () => {
  it("records each cart event type with its timestamp and sku", () => {
    const state = run([
      { type: "cartEvent", event: "ITEM_ADDED", sku: "SKU-1" },
      { type: "cartEvent", event: "ITEM_QUANTITY_UPDATED", sku: "SKU-1" },
      { type: "cartEvent", event: "ITEM_REMOVED", sku: "bundle-7" },
      { type: "cartEvent", event: "CART_EMPTIED" },
    ]);
    expect(state.cartEvents).toEqual([
      { type: "ITEM_ADDED", timestamp: at(0).toISOString(), sku: "SKU-1" },
      { type: "ITEM_QUANTITY_UPDATED", timestamp: at(1).toISOString(), sku: "SKU-1" },
      { type: "ITEM_REMOVED", timestamp: at(2).toISOString(), sku: "bundle-7" },
      { type: "CART_EMPTIED", timestamp: at(3).toISOString() },
    ]);
  });

  it("starts empty and becomes active on the first cart event", () => {
    expect(initialAnalyticsState().cartStatus).toBe("empty");
    expect(run([{ type: "cartEvent", event: "ITEM_ADDED", sku: "A" }]).cartStatus).toBe("active");
  });

  it("becomes active on the first product visit", () => {
    expect(run([{ type: "productVisit", productId: "p" }]).cartStatus).toBe("active");
  });

  it("purchase sets purchased from any status, and later cart events or visits do not reactivate it", () => {
    expect(run([{ type: "purchase" }]).cartStatus).toBe("purchased");
    const state = run([
      { type: "productVisit", productId: "p" },
      { type: "purchase" },
      { type: "cartEvent", event: "CART_EMPTIED" },
      { type: "productVisit", productId: "q" },
    ]);
    expect(state.cartStatus).toBe("purchased");
  });
});

describe("page and product views", () => {
  it("counts product visits per product id", () => {
    const state = run([
      { type: "productVisit", productId: "a" },
      { type: "productVisit", productId: "b" },
      { type: "productVisit", productId: "a" },
    ]);
    expect(state.productPageViews).toEqual({ a: 2, b: 1 });
  });

  it("counts pages and records every view with its query parameters", () => {
    const state = run([
      { type: "pageView", page: "/", queryData: {} },
      { type: "pageView", page: "/search", queryData: { type: "search", query: "tea" } },
      { type: "pageView", page: "/", queryData: {} },
    ]);
    expect(state.pagesViewed).toEqual({ "/": 2, "/search": 1 });
    expect(state.viewedPages).toEqual([
      { page: "/", queryData: {} },
      { page: "/search", queryData: { type: "search", query: "tea" } },
      { page: "/", queryData: {} },
    ]);
  });

  it("sets sessionStartTime on the first page visit only", () => {
    const state = run([
      { type: "cartEvent", event: "ITEM_ADDED", sku: "A" },
      { type: "pageView", page: "/", queryData: {} },
      { type: "pageView", page: "/blog", queryData: {} },
    ]);
    expect(state.sessionStartTime).toBe(at(1).toISOString());
  });

  it("sets sessionStartTime on the first product visit", () => {
    expect(run([{ type: "productVisit", productId: "a" }]).sessionStartTime).toBe(at(0).toISOString());
  });

  it("accumulates view time by addition", () => {
    const state = run([
      { type: "viewTime", ms: 1500 },
      { type: "viewTime", ms: 2500 },
      { type: "viewTime", ms: -10 },
    ]);
    expect(state.totalViewTime).toBe(4000);
  });
});

describe("search sessions", () => {
  it("adds a new entry with duration 0 and empty lists", () => {
    const state = run([{ type: "startSearch", query: "tea" }]);
    expect(state.searchHistory).toEqual([
      { query: "tea", timestamp: at(0).toISOString(), duration: 0, scrolledProducts: [], clickedProducts: [] },
    ]);
  });

  it("does nothing when the query equals the latest entry's", () => {
    const once = run([{ type: "startSearch", query: "tea" }]);
    expect(analyticsReducer(once, { type: "startSearch", query: "tea" }, at(5))).toBe(once);
  });

  it("closes the previous entry's duration when a new search starts", () => {
    const state = run([
      { type: "startSearch", query: "tea" },
      { type: "searchScrolled", productId: "x" },
      { type: "startSearch", query: "coffee" },
    ]);
    expect(state.searchHistory.map((entry) => [entry.query, entry.duration])).toEqual([
      ["tea", 2],
      ["coffee", 0],
    ]);
  });

  it("ending a search sets the latest entry's duration to the elapsed seconds", () => {
    const state = analyticsReducer(run([{ type: "startSearch", query: "tea" }]), { type: "endSearch" }, at(4.25));
    expect(state.searchHistory[0].duration).toBe(4.25);
  });

  it("ending or annotating with no search leaves the state alone", () => {
    const empty = initialAnalyticsState();
    expect(analyticsReducer(empty, { type: "endSearch" }, T0)).toBe(empty);
    expect(analyticsReducer(empty, { type: "searchClicked", productId: "x" }, T0)).toBe(empty);
  });

  it("adds scrolled and clicked products to the latest entry without duplicates", () => {
    const state = run([
      { type: "startSearch", query: "tea" },
      { type: "startSearch", query: "coffee" },
      { type: "searchScrolled", productId: "a" },
      { type: "searchScrolled", productId: "b" },
      { type: "searchScrolled", productId: "a" },
      { type: "searchClicked", productId: "b" },
      { type: "searchClicked", productId: "b" },
    ]);
    expect(state.searchHistory[0]).toMatchObject({ scrolledProducts: [], clickedProducts: [] });
    expect(state.searchHistory[1]).toMatchObject({ scrolledProducts: ["a", "b"], clickedProducts: ["b"] });
  });

  it("records the result count of the latest search, not of an older query", () => {
    const state = run([{ type: "startSearch", query: "zzz" }, { type: "searchResults", query: "zzz", count: 0 }]);
    expect(state.searchHistory[0].resultCount).toBe(0);
    const stale = run([{ type: "startSearch", query: "tea" }, { type: "searchResults", query: "zzz", count: 0 }]);
    expect(stale.searchHistory[0].resultCount).toBeUndefined();
  });
});

describe("clear and the session payload", () => {
  it("clear resets everything", () => {
    const state = run([
      { type: "pageView", page: "/", queryData: {} },
      { type: "productVisit", productId: "a" },
      { type: "startSearch", query: "tea" },
      { type: "viewTime", ms: 100 },
      { type: "clear" },
    ]);
    expect(state).toEqual(initialAnalyticsState());
  });

  it("builds the spec's payload and reports an active cart as abandoned", () => {
    const state = run([
      { type: "pageView", page: "/", queryData: {} },
      { type: "productVisit", productId: "a" },
      { type: "cartEvent", event: "ITEM_ADDED", sku: "A-1" },
      { type: "startSearch", query: "tea" },
      { type: "viewTime", ms: 3000 },
    ]);
    const payload = sessionPayload(state, at(10));
    expect(payload).toEqual({
      cartData: {
        cartEvents: state.cartEvents,
        cartStatus: "abandoned",
        sessionDuration: 10_000,
        timestamp: at(10).toISOString(),
      },
      productPageViews: { a: 1 },
      viewedPages: [{ page: "/", queryData: {} }],
      totalViewTime: 3000,
      searchHistory: state.searchHistory,
    });
    expect(sessionPayloadSchema.safeParse(payload).success).toBe(true);
    expect(state.cartStatus).toBe("active");
  });

  it("keeps empty and purchased statuses as they are", () => {
    expect(sessionPayload(initialAnalyticsState(), T0).cartData).toMatchObject({ cartStatus: "empty", sessionDuration: 0 });
    expect(sessionPayload(run([{ type: "purchase" }]), T0).cartData.cartStatus).toBe("purchased");
  });

  it("a store applies actions at its clock's time", () => {
    let now = T0;
    const store = createAnalyticsStore(() => now);
    store.dispatch({ type: "startSearch", query: "tea" });
    now = at(3);
    store.dispatch({ type: "endSearch" });
    expect(store.getState().searchHistory[0].duration).toBe(3);
  });
});

describe("cartItemId", () => {
  it("names product lines by sku and bundle lines by bundle id", () => {
    expect(cartItemId({ kind: "product", sku: "HOUSE-12OZ" } as Parameters<typeof cartItemId>[0])).toBe("HOUSE-12OZ");
    expect(cartItemId({ kind: "bundle", bundleId: 7 } as Parameters<typeof cartItemId>[0])).toBe("7");
  });
});

describe("staying within what the collection service accepts", () => {
  it("clips long pages, query parameters, search queries and ids", () => {
    const long = "x".repeat(2000);
    const state = run([
      { type: "pageView", page: `/${long}`, queryData: { [long]: long } },
      { type: "productVisit", productId: long },
      { type: "startSearch", query: long },
      { type: "searchResults", query: long, count: 0 },
      { type: "cartEvent", event: "ITEM_ADDED", sku: long },
    ]);
    const payload = sessionPayload(state, at(10));
    expect(sessionPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload.searchHistory[0].resultCount).toBe(0);
  });

  it("sends the latest entries of a very long visit", () => {
    const views: AnalyticsAction[] = Array.from({ length: ANALYTICS_LIMITS.list + 20 }, (_, index) => ({
      type: "pageView",
      page: `/p/${index}`,
      queryData: {},
    }));
    const payload = sessionPayload(run(views), at(1000));
    expect(payload.viewedPages).toHaveLength(ANALYTICS_LIMITS.list);
    expect(payload.viewedPages.at(-1)?.page).toBe(`/p/${ANALYTICS_LIMITS.list + 19}`);
    expect(sessionPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it("drops the oldest page views first when the beacon would be too large, leaving the state alone", () => {
    const views: AnalyticsAction[] = Array.from({ length: 300 }, (_, index) => ({
      type: "pageView",
      page: `/${String(index).padStart(3, "0")}/${"y".repeat(400)}`,
      queryData: {},
    }));
    const state = run([...views, { type: "startSearch", query: "tea" }]);
    const body = beaconBody(state, at(1000));
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(ANALYTICS_LIMITS.beaconBytes);
    const payload = sessionPayloadSchema.parse(JSON.parse(body));
    expect(payload.viewedPages.length).toBeLessThan(300);
    expect(payload.viewedPages.at(-1)?.page.startsWith("/299/")).toBe(true);
    expect(payload.searchHistory).toHaveLength(1);
    expect(state.viewedPages).toHaveLength(300);
  });
});
