import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageSpeed } from "@core/schemas/analytics";

type Reporter = (metric: { name: string; value: number; navigationType: string }) => void;
const reporters = vi.hoisted(() => ({}) as Record<string, Reporter>);

vi.mock("web-vitals", () => ({
  onTTFB: (report: Reporter) => (reporters.TTFB = report),
  onLCP: (report: Reporter) => (reporters.LCP = report),
  onCLS: (report: Reporter) => (reporters.CLS = report),
  onINP: (report: Reporter) => (reporters.INP = report),
}));

const { watchPageSpeed } = await import("./page-speed");

let visibility: DocumentVisibilityState;
let recorded: PageSpeed[];
/** Per test: the listeners of earlier tests' watches stay on the document and count into their own. */
let beacons: { sent: number };

function hide() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ name: "http://shop.test/products/house-blend?ref=mail" } as PerformanceNavigationTiming]);
  recorded = [];
  const counted = { sent: 0 };
  beacons = counted;
  const record = recorded;
  watchPageSpeed(
    (speed) => record.push(speed),
    () => counted.sent++,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("watchPageSpeed", () => {
  it("records each figure for the page the load began on, rounded and within the service's limits", () => {
    reporters.TTFB({ name: "TTFB", value: 123.4, navigationType: "navigate" });
    reporters.LCP({ name: "LCP", value: 700_000, navigationType: "navigate" });
    reporters.CLS({ name: "CLS", value: 0.123456, navigationType: "navigate" });
    reporters.INP({ name: "INP", value: 48, navigationType: "navigate" });
    expect(recorded.at(-1)).toEqual({ page: "/products/house-blend", ttfb: 123, lcp: 600_000, cls: 0.1235, inp: 48 });
    expect(recorded.map((speed) => Object.keys(speed).length)).toEqual([2, 3, 4, 5]);
  });

  it("sends the beacon again when the page is hidden with new figures, once for them", () => {
    reporters.TTFB({ name: "TTFB", value: 100, navigationType: "navigate" });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(beacons.sent).toBe(0);
    hide();
    expect(beacons.sent).toBe(1);
    visibility = "visible";
    hide();
    expect(beacons.sent).toBe(1);
    reporters.CLS({ name: "CLS", value: 0.01, navigationType: "navigate" });
    hide();
    expect(beacons.sent).toBe(2);
  });

  it("keeps the load's own figures when the page comes back from the back-forward cache", () => {
    reporters.LCP({ name: "LCP", value: 900, navigationType: "navigate" });
    reporters.LCP({ name: "LCP", value: 30, navigationType: "back-forward-cache" });
    expect(recorded).toEqual([{ page: "/products/house-blend", lcp: 900 }]);
  });
});
