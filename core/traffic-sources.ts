/**
 * Where a visit came from (decision 0065): the host of the site that referred its first page load, never the whole
 * address (a referring page's path and query can say who the visitor is), and the utm_source, utm_medium and
 * utm_campaign of the page it landed on. The analytics session keeps it, the daily totals count sessions by it, and
 * an order placed in the visit keeps a copy, so the traffic report outlives the raw analytics.
 */

export type VisitSource = {
  /** The referring site's host ('google.com'), or null for a direct visit: no referrer, or the shop itself. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

export const UTM_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** What a page load's start carries from the browser: document.referrer and its landing page's utm parameters. */
export type VisitStart = { referrer?: string } & Partial<Record<(typeof UTM_PARAMETERS)[number], string>>;

/** A utm value is the marketer's label: kept as typed, trimmed, and cut so a forged one cannot bloat the totals. */
const MAX_UTM = 100;

export const DIRECT: VisitSource = { referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };

const withoutWww = (host: string) => host.replace(/^www\./, "");

/**
 * The host of a referrer address, lower case and without 'www.'; null when it is none, or one of `shopHosts` with or
 * without 'www.' (a page of the shop itself, as a visit that idled out and went on from the shop's own page).
 */
export function referrerHost(referrer: string | undefined, shopHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  // The shop's own pages, with or without www. (a shop served at both).
  const bare = withoutWww(host);
  if (!bare || shopHosts.some((shop) => withoutWww(shop.toLowerCase()) === bare)) return null;
  return bare.slice(0, MAX_UTM * 2);
}

const utmValue = (value: string | undefined) => value?.trim().slice(0, MAX_UTM) || null;

export function visitSourceOf(start: VisitStart, shopHosts: readonly string[]): VisitSource {
  return {
    referrer: referrerHost(start.referrer, shopHosts),
    utmSource: utmValue(start.utm_source),
    utmMedium: utmValue(start.utm_medium),
    utmCampaign: utmValue(start.utm_campaign),
  };
}

/** The daily totals' key of a source: one text, the same for equal sources, read back by sourceOfKey. */
export const sourceKey = (source: VisitSource): string =>
  JSON.stringify([source.referrer, source.utmSource, source.utmMedium, source.utmCampaign]);

export function sourceOfKey(key: string): VisitSource {
  const [referrer, utmSource, utmMedium, utmCampaign] = JSON.parse(key) as (string | null)[];
  return { referrer, utmSource, utmMedium, utmCampaign };
}

/** How a report names what a source lacks: GA's words, which an owner used to it reads at once. */
export const DIRECT_LABEL = "(direct)";
export const NONE_LABEL = "(none)";
