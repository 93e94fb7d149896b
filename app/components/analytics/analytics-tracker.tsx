/**
 * Feeds the analytics store from navigation and, through analytics-session.ts, sends the visit to the shop's own
 * metrics service; visitors asking not to be tracked (Do Not Track, Global Privacy Control) send nothing.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isShopPage } from "@core/analytics-limits";
import { analytics } from "~/state/analytics";

function trackingAllowed(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack !== "1" && nav.globalPrivacyControl !== true;
}

/** Addresses whose page found nothing to show; the view that follows is not the shop's page, and is not counted. */
const notFoundPaths = new Set<string>();

/**
 * Drawn by a page that shows "not found" (a product or post that is not there): its address is not counted as a page
 * or a product viewed. Its effect runs before the tracker's, which the shell renders after the page.
 */
export function NotFoundMark() {
  const { pathname } = useLocation();
  useEffect(() => {
    notFoundPaths.add(pathname);
  }, [pathname]);
  return null;
}

/** Links that carry a secret (review, password reset, unsubscribe tokens, a payment's client secret) keep it out of analytics. */
const SECRET_PARAM = /token|secret/i;

/** The query of a keyword search's URL (/search?query=…&type=search, or /search/:query?type=search), if it is one. */
function searchQuery(pathname: string, params: URLSearchParams): string | null {
  if (params.get("type") !== "search") return null;
  const fromPath = /^\/search\/([^/]+)\/?$/.exec(pathname);
  const query = fromPath ? decodeURIComponent(fromPath[1]) : pathname === "/search" ? params.get("query") : null;
  return query?.trim() || null;
}

function productId(pathname: string): string | null {
  const match = /^\/products\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

export function AnalyticsTracker({ storeId }: { storeId: string }) {
  const { pathname, search } = useLocation();
  const pageEnteredAt = useRef(0);
  const searching = useRef(false);

  useEffect(() => {
    if (!trackingAllowed() || !isShopPage(window.location.pathname)) return;
    let beaconPath: string | null = null;
    let sendBeacon: ((path: string) => void) | null = null;
    // The session's code loads after the page: no first load waits for what only a visit's start and end need.
    void import("./analytics-session").then(async (session) => {
      beaconPath = await session.startSession(storeId);
      sendBeacon = session.sendBeacon;
    });
    const leave = () => {
      if (!beaconPath || !sendBeacon) return;
      analytics.dispatch({ type: "viewTime", ms: performance.now() - pageEnteredAt.current });
      pageEnteredAt.current = performance.now();
      if (searching.current) analytics.dispatch({ type: "endSearch" });
      searching.current = false;
      sendBeacon(beaconPath);
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("beforeunload", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("beforeunload", leave);
    };
  }, [storeId]);

  useEffect(() => {
    if (!isShopPage(pathname) || notFoundPaths.delete(pathname)) return;
    const params = new URLSearchParams(search);
    pageEnteredAt.current = performance.now();
    const queryData = Object.fromEntries([...params].filter(([key]) => !SECRET_PARAM.test(key)));
    analytics.dispatch({ type: "pageView", page: pathname, queryData });

    const product = productId(pathname);
    if (product) {
      if (searching.current) analytics.dispatch({ type: "searchClicked", productId: product });
      analytics.dispatch({ type: "productVisit", productId: product });
    }
    if (pathname === "/checkout-confirmation" && params.get("redirect_status") === "succeeded") {
      analytics.dispatch({ type: "purchase" });
    }

    const query = searchQuery(pathname, params);
    if (query) {
      analytics.dispatch({ type: "startSearch", query });
      searching.current = true;
    } else if (searching.current) {
      analytics.dispatch({ type: "endSearch" });
      searching.current = false;
    }

    return () => {
      analytics.dispatch({ type: "viewTime", ms: performance.now() - pageEnteredAt.current });
    };
  }, [pathname, search]);

  // On a search's results, every product that comes into view is a scrolled product of that search.
  useEffect(() => {
    if (!searchQuery(pathname, new URLSearchParams(search)) || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const product = productId(new URL((entry.target as HTMLAnchorElement).href, window.location.href).pathname);
          if (product) analytics.dispatch({ type: "searchScrolled", productId: product });
        }
      },
      { threshold: 0.5 },
    );
    document.querySelectorAll('main a[href^="/products/"]').forEach((link) => observer.observe(link));
    return () => observer.disconnect();
  }, [pathname, search]);

  return null;
}
