/**
 * The visit's conversation with the shop's own metrics service: a session at start, the session payload as a beacon
 * when the page goes away. Failures are only logged (docs/product.md, Messages) and never disturb shopping.
 */
import { api } from "~/lib/api";
import { analytics } from "~/state/analytics";
import { beaconBody } from "~/state/analytics-payload";

const METRICS = "/api/metrics";

/**
 * Starts this page load's part of the visit; once the server holds the visit, answers the load's beacon address
 * (naming the load, so beacons of several page loads of one visit never overwrite each other), else null.
 */
export async function startSession(storeId: string): Promise<string | null> {
  let beaconPath = `${METRICS}/update-session-data`;
  try {
    const { load } = await api<{ load?: unknown }>(`${METRICS}/initialize`, { body: {}, headers: { store_id: storeId } });
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
  return beaconPath;
}

export function sendBeacon(path: string) {
  try {
    const blob = new Blob([beaconBody(analytics.getState(), new Date())], { type: "application/json" });
    if (!navigator.sendBeacon(path, blob)) throw new Error("the browser refused the beacon");
  } catch (error) {
    console.error("Failed to send analytics data via beacon:", error);
  }
}

