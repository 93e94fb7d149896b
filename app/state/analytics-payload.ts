/**
 * What leaves the browser when a page goes away: the analytics state as the collection service's session payload,
 * within its limits. Apart from the store (analytics.ts) so it loads with the session code, after the page, not in
 * every page's first load.
 */
import { ANALYTICS_LIMITS } from "@core/analytics-limits";
import type { PageSpeed } from "@core/schemas/analytics";
import type { AnalyticsState, SessionPayload } from "./analytics";

const latest = <T>(list: T[]) => list.slice(-ANALYTICS_LIMITS.list);

/** The most viewed products, when a visit viewed more than a beacon may list. */
function mostViewed(views: Record<string, number>): Record<string, number> {
  const entries = Object.entries(views);
  if (entries.length <= ANALYTICS_LIMITS.list) return { ...views };
  return Object.fromEntries(entries.sort(([, a], [, b]) => b - a).slice(0, ANALYTICS_LIMITS.list));
}

/**
 * The session payload sent on leaving, with the page load's speed when measured; a cart still active when the
 * shopper leaves counts as abandoned. Lists keep their latest entries within the service's limits.
 */
export function sessionPayload(state: AnalyticsState, now: Date, pageSpeed?: PageSpeed): SessionPayload {
  const startedAt = state.sessionStartTime ? Date.parse(state.sessionStartTime) : now.getTime();
  return {
    cartData: {
      cartEvents: latest(state.cartEvents),
      cartStatus: state.cartStatus === "active" ? "abandoned" : state.cartStatus,
      sessionDuration: Math.max(0, now.getTime() - startedAt),
      timestamp: now.toISOString(),
    },
    productPageViews: mostViewed(state.productPageViews),
    viewedPages: latest(state.viewedPages),
    totalViewTime: Math.round(state.totalViewTime),
    searchHistory: latest(state.searchHistory),
    pageSpeed,
  };
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The beacon's JSON body; when it would be too large, the oldest page views, then searches, then cart events go first. */
export function beaconBody(
  state: AnalyticsState,
  now: Date,
  pageSpeed?: PageSpeed,
  maxBytes: number = ANALYTICS_LIMITS.beaconBytes,
): string {
  const payload = sessionPayload(state, now, pageSpeed);
  let body = JSON.stringify(payload);
  const lists = [payload.viewedPages, payload.searchHistory, payload.cartData.cartEvents];
  while (byteLength(body) > maxBytes) {
    const list = lists.find((candidate) => candidate.length > 0);
    if (!list) break;
    list.splice(0, Math.ceil(list.length / 10));
    body = JSON.stringify(payload);
  }
  return body;
}
