/**
 * The page load's speed as the shopper's browser measures it (web-vitals): LCP, INP, CLS and TTFB, for the page the
 * load began on. analytics-session.ts loads this once the browser is idle, so no first load carries it, and only for
 * visits the tracker records: Do Not Track and Global Privacy Control hold for these figures as for the rest.
 */
import { onCLS, onINP, onLCP, onTTFB, type CLSMetric, type INPMetric, type LCPMetric, type TTFBMetric } from "web-vitals";
import { ANALYTICS_LIMITS, PAGE_SPEED_LIMITS } from "@core/analytics-limits";
import type { PageSpeed } from "@core/schemas/analytics";

type Measured = LCPMetric | INPMetric | CLSMetric | TTFBMetric;

const FIGURE = { LCP: "lcp", INP: "inp", CLS: "cls", TTFB: "ttfb" } as const;

/** The path of the document's own navigation: client-side navigations since then do not change it. */
function landingPath(): string {
  const [navigation] = performance.getEntriesByType("navigation");
  return new URL(navigation?.name || window.location.href).pathname.slice(0, ANALYTICS_LIMITS.page);
}

/** Within the service's limits, so a long wait is sent as the longest one and never refused. */
function bounded(metric: Measured): number {
  if (metric.name === "CLS") return Math.min(Math.round(metric.value * 10_000) / 10_000, PAGE_SPEED_LIMITS.layoutShift);
  return Math.min(Math.round(metric.value), PAGE_SPEED_LIMITS.ms);
}

/**
 * Hands every new figure to `record`. web-vitals settles LCP, CLS and INP when the page is hidden, after the
 * pagehide beacon has gone, so a hidden page with new figures calls `sendHidden` to send the beacon again.
 */
export function watchPageSpeed(record: (speed: PageSpeed) => void, sendHidden: () => void) {
  const speed: PageSpeed = { page: landingPath() };
  let unsent = false;
  const report = (metric: Measured) => {
    // A page restored from the back-forward cache is the same load to its beacons: its first figures stand.
    if (metric.navigationType === "back-forward-cache") return;
    speed[FIGURE[metric.name]] = bounded(metric);
    record({ ...speed });
    unsent = true;
  };
  onTTFB(report);
  onLCP(report);
  onCLS(report);
  onINP(report);
  // web-vitals reports in its own visibilitychange listeners, capturing on the window: this one, on the document, runs after them.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || !unsent) return;
    unsent = false;
    sendHidden();
  });
}
