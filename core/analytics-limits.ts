/**
 * What one analytics beacon may hold: the client clips to these before sending, so a long visit is never refused,
 * and the server's schema enforces them. Kept apart from the zod schemas so the browser does not load zod for them.
 */
export const ANALYTICS_LIMITS = {
  list: 500,
  id: 200,
  page: 500,
  queryKey: 100,
  queryValue: 500,
  searchQuery: 200,
  /** document.referrer as a page load's start sends it; only its host is kept (core/traffic-sources.ts). */
  referrer: 2000,
  /** Below the API's 64 KB body limit, leaving room for the request's own overhead. */
  beaconBytes: 60_000,
} as const;

/** A beacon's page speed figures, apart so no first load carries them (only the speed code, loaded later, reads them). */
export const PAGE_SPEED_LIMITS = {
  /** LCP, INP and TTFB in milliseconds: longer waits are sent as this. */
  ms: 600_000,
  /** Layout shift has no unit; a page shifting more than this is sent as this. */
  layoutShift: 100,
} as const;

/**
 * Whether a page counts in the shop's analytics: the back office and the developer's mailbox are the owner's pages,
 * not the shop's. The tracker sends none of them, and the daily totals skip any a beacon still carries.
 */
export const isShopPage = (pathname: string) => !/^\/(admin|dev)(\/|$)/.test(pathname);
