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
  /** A page's speed figures in milliseconds (LCP, INP, TTFB): longer waits are sent as this. */
  speedMs: 600_000,
  /** Layout shift has no unit; a page shifting more than this is sent as this. */
  layoutShift: 100,
  /** Below the API's 64 KB body limit, leaving room for the request's own overhead. */
  beaconBytes: 60_000,
} as const;
