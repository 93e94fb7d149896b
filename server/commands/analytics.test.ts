import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "../analytics/report";
import { formatAnalyticsReport, parseDays } from "./analytics";

describe("shop analytics command", () => {
  it("reads --days in both spellings and refuses nonsense", () => {
    expect(parseDays([])).toBe(30);
    expect(parseDays(["--days", "7"])).toBe(7);
    expect(parseDays(["--days=90"])).toBe(90);
    expect(() => parseDays(["--days", "soon"])).toThrow("--days must be a whole number from 1 to 3650");
    expect(() => parseDays(["--days", "0"])).toThrow();
  });

  it("prints every section with proportional bars", () => {
    const report: AnalyticsReport = {
      days: 30,
      since: "2026-01-01T00:00:00.000Z",
      sessions: 3,
      sessionsPerDay: [{ day: "2026-01-02", sessions: 3 }],
      topPages: [
        { label: "Home", path: "/", count: 10 },
        { label: "Shop", path: "/shop", count: 5 },
      ],
      topProducts: [],
      funnel: { productView: 3, addToCart: 2, checkout: 1, purchase: 1 },
      cart: { abandoned: 1, purchased: 1, abandonmentRate: 0.5 },
      topSearches: [{ label: "tea", count: 2 }],
      searchesWithNoResults: [],
      averageSearchSeconds: 4.5,
    };
    const text = formatAnalyticsReport(report);
    expect(text).toContain("last 30 days (since 2026-01-01): 3 sessions");
    expect(text).toContain(`  Home (/)      ${"#".repeat(30)} 10`);
    expect(text).toContain(`  Shop (/shop)  ${"#".repeat(15)} 5`);
    expect(text).toContain("Cart abandonment: 50% (1 abandoned, 1 purchased)");
    expect(text).toContain("Average search duration: 4.5 s");
    expect(text).toMatch(/Top products viewed\n {2}\(none\)/);
  });
});
