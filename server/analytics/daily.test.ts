import { describe, expect, it } from "vitest";
import type { SessionPayload } from "../../core/schemas/analytics";
import { sessionContributions } from "./daily";

const at = "2026-01-01T10:00:00.000Z";

describe("sessionContributions", () => {
  it("counts pages, products, funnel steps, the cart outcome and searches of one session", () => {
    const payload: SessionPayload = {
      cartData: {
        cartEvents: [
          { type: "ITEM_ADDED", timestamp: at, sku: "A" },
          { type: "ITEM_ADDED", timestamp: at, sku: "B" },
        ],
        cartStatus: "abandoned",
        sessionDuration: 1,
        timestamp: at,
      },
      productPageViews: { a: 2, b: 0 },
      viewedPages: [
        { page: "/", queryData: {} },
        { page: "/", queryData: { q: "1" } },
        { page: "/checkout/cs_1", queryData: {} },
      ],
      totalViewTime: 1,
      searchHistory: [
        { query: " Tea ", timestamp: at, duration: 2, scrolledProducts: [], clickedProducts: [], resultCount: 0 },
        { query: "tea", timestamp: at, duration: 3, scrolledProducts: [], clickedProducts: [] },
      ],
    };
    expect(sessionContributions(payload)).toEqual([
      { kind: "page", key: "/", count: 2, total: 0 },
      { kind: "page", key: "/checkout/cs_1", count: 1, total: 0 },
      { kind: "product", key: "a", count: 2, total: 0 },
      { kind: "funnel", key: "product_view", count: 1, total: 0 },
      { kind: "funnel", key: "add_to_cart", count: 1, total: 0 },
      { kind: "funnel", key: "checkout", count: 1, total: 0 },
      { kind: "cart_status", key: "abandoned", count: 1, total: 0 },
      { kind: "search", key: "tea", count: 2, total: 0 },
      { kind: "search_no_results", key: "tea", count: 1, total: 0 },
      { kind: "search_duration", key: "", count: 2, total: 5 },
    ]);
  });
});
