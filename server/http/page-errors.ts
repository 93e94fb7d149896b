/**
 * What a page does with an error its loader, action or render threw: React Router hands it to the entry's
 * `handleError` (app/entry.server.tsx), which is this. A lost database is noted on the page's load context, so
 * server/app.ts answers 503 (the shop is briefly away) rather than the 500 React Router chose; anything else is
 * logged through the shop's logger, which keeps SQL parameter values out (React Router's default printed the
 * whole error, customers' details included, to the console).
 */
import { isRouteErrorResponse, type HandleErrorFunction } from "react-router";
import { isDatabaseUnavailable } from "../db/client";
import { logger } from "../logger";

/**
 * Filled in while one page is rendered; read by server/app.ts once React Router has answered, and by the page cache
 * once the page has been read whole: `renderCut`, parts the render deadline left to the browser (app/entry.server.tsx),
 * makes a page nobody else is given, a crawler least of all.
 */
export type PageFaults = { databaseUnavailable: boolean; renderCut: boolean };

declare module "react-router" {
  interface AppLoadContext {
    pageFaults?: PageFaults;
  }
}

export const handlePageError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who left mid-render is not a fault of the shop's.
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    const faults = (context as { pageFaults?: PageFaults }).pageFaults;
    if (faults) faults.databaseUnavailable = true;
    logger.warn({ err: error, path: new URL(request.url).pathname }, "database unavailable");
    return;
  }
  // Route error responses React Router makes itself (405 for a method a page has no action for, say) are answers.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "page failed");
};

/** The status a rendered page goes out with: a failure caused by the database being away is a 503, not a 500. */
export function pageStatus(status: number, faults: PageFaults): number {
  return status >= 500 && faults.databaseUnavailable ? 503 : status;
}
