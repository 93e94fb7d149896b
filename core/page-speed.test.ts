import { CLSThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { describe, expect, it } from "vitest";
import { pageTypeOf, rateWebVital, WEB_VITAL_THRESHOLDS } from "./page-speed";

describe("rateWebVital", () => {
  it("rates by Google's thresholds, the library's own: good up to the first, poor above the second", () => {
    expect(WEB_VITAL_THRESHOLDS).toEqual({ lcp: LCPThresholds, inp: INPThresholds, cls: CLSThresholds, ttfb: TTFBThresholds });
    const cases = [
      ["lcp", 2500, "good"],
      ["lcp", 2501, "needs-improvement"],
      ["lcp", 4000, "needs-improvement"],
      ["lcp", 4001, "poor"],
      ["inp", 200, "good"],
      ["inp", 201, "needs-improvement"],
      ["inp", 500, "needs-improvement"],
      ["inp", 501, "poor"],
      ["cls", 0.1, "good"],
      ["cls", 0.11, "needs-improvement"],
      ["cls", 0.25, "needs-improvement"],
      ["cls", 0.26, "poor"],
      ["ttfb", 800, "good"],
      ["ttfb", 801, "needs-improvement"],
      ["ttfb", 1800, "needs-improvement"],
      ["ttfb", 1801, "poor"],
    ] as const;
    for (const [vital, value, rating] of cases) expect(rateWebVital(vital, value), `${vital} ${value}`).toBe(rating);
  });
});

describe("pageTypeOf", () => {
  it("maps the shop's routes to the report's page types", () => {
    const cases = {
      "/": "home",
      "/search": "listing",
      "/search/green%20tea": "listing",
      "/shop": "listing",
      "/products/house-blend": "product",
      "/bundles/gift-box": "bundle",
      "/checkout": "checkout",
      "/checkout/cs_123": "checkout",
      "/checkout-confirmation": "checkout",
      "/pages/about": "content",
      "/blog": "content",
      "/blog/brewing": "content",
      "/contact": "content",
      "/profile": "other",
      "/login": "other",
      "/no-such-page": "other",
    };
    expect(Object.fromEntries(Object.keys(cases).map((path) => [path, pageTypeOf(path)]))).toEqual(cases);
  });
});
