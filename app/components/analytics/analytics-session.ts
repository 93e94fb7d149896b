/**
 * The visit's conversation with the shop's own metrics service: a session at start, the session payload (with the
 * page load's speed, once measured) as a beacon when the page goes away. Failures are only logged (docs/product.md, Messages) and never disturb shopping.
 */
import { ANALYTICS_LIMITS } from "@core/analytics-limits";
import type { PageSpeed } from "@core/schemas/analytics";
import { UTM_PARAMETERS, type VisitStart } from "@core/traffic-sources";
import { api } from "~/lib/api";
import { analytics } from "~/state/analytics";
import { beaconBody } from "~/state/analytics-payload";

const METRICS = "/api/metrics";

/** This page load's speed so far (page-speed.ts); every beacon carries it. */
let pageSpeed: PageSpeed | undefined;

/** Long enough for the page's own work after hydration, short enough that a quick visit is still measured. */
const IDLE_TIMEOUT_MS = 2000;

/** Loads the speed measurement once the browser is idle: web-vitals is in no page's first load. */
function measurePageSpeed(beaconPath: string) {
  const start = () =>
    void import("./page-speed").then(({ watchPageSpeed }) =>
      watchPageSpeed(
        (speed) => (pageSpeed = speed),
        () => sendBeacon(beaconPath),
      ),
    );
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, 0);
}

/**
 * Where this page load came from, should it start a visit (decision 0065): the referrer (the server keeps its host
 * alone) and the landing address's utm parameters, clipped to what the server accepts. No other part of the address.
 */
function visitStart(): VisitStart {
  const params = new URLSearchParams(window.location.search);
  const start: VisitStart = {};
  if (document.referrer) start.referrer = document.referrer.slice(0, ANALYTICS_LIMITS.referrer);
  for (const name of UTM_PARAMETERS) {
    const value = params.get(name);
    if (value) start[name] = value.slice(0, ANALYTICS_LIMITS.queryValue);
  }
  return start;
}

/**
 * Starts this page load's part of the visit; once the server holds the visit, answers the load's beacon address
 * (naming the load, so beacons of several page loads of one visit never overwrite each other), else null.
 */
export async function startSession(storeId: string): Promise<string | null> {
  let beaconPath = `${METRICS}/update-session-data`;
  try {
    const { load } = await api<{ load?: unknown }>(`${METRICS}/initialize`, { body: visitStart(), headers: { store_id: storeId } });
    if (typeof load === "string") beaconPath += `?load=${encodeURIComponent(load)}`;
  } catch (error) {
    console.error("Failed to initialize session", error);
    return null;
  }
  // The spec's initial data is the visitor's address; the server reads it from the request, so nothing is looked up.
  try {
    await api(`${METRICS}/collect-data`, { body: {} });
  } catch (error) {
    console.error("Failed to send initial data:", error);
  }
  measurePageSpeed(beaconPath);
  return beaconPath;
}

export function sendBeacon(path: string) {
  try {
    const blob = new Blob([beaconBody(analytics.getState(), new Date(), pageSpeed)], { type: "application/json" });
    if (!navigator.sendBeacon(path, blob)) throw new Error("the browser refused the beacon");
  } catch (error) {
    console.error("Failed to send analytics data via beacon:", error);
  }
}

