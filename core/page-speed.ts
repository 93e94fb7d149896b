/**
 * The shop's field speed (docs/decisions/0036-field-speed-web-vitals.md): the four figures shoppers' browsers
 * measure, the page types they are reported by, and Google's thresholds. The thresholds are the web-vitals library's
 * own (a test holds them equal); importing them from it would put the whole library in the owner's screen.
 */
import { isListingPath } from "./navigation";

/** Page types the owner reads speed by; "other" is everything else a shopper loads (account, sign-in, not found). */
export const PAGE_TYPES = ["home", "listing", "product", "bundle", "checkout", "content", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const WEB_VITALS = ["lcp", "inp", "cls", "ttfb"] as const;
export type WebVital = (typeof WEB_VITALS)[number];

/** [good up to and including, poor above]: milliseconds, except CLS which has no unit. */
export const WEB_VITAL_THRESHOLDS: Record<WebVital, readonly [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  ttfb: [800, 1800],
};

export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

export function rateWebVital(vital: WebVital, value: number): Rating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[vital];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}

/** The page type of a shop path (app/routes.ts); a listing is a search, the shop or a collection. */
export function pageTypeOf(path: string): PageType {
  if (path === "/") return "home";
  if (isListingPath(path)) return "listing";
  switch (path.split("/")[1]) {
    case "products":
      return "product";
    case "bundles":
      return "bundle";
    case "checkout":
    case "checkout-confirmation":
      return "checkout";
    case "pages":
    case "blog":
    case "contact":
      return "content";
    default:
      return "other";
  }
}
