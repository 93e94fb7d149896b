/**
 * The carriers whose tracking pages we can link to: a shipped email names any carrier the staff typed, and links the
 * parcel only where the carrier is one of these. Matched on the name without case, spaces or punctuation, so "Royal
 * Mail", "royalmail" and "ROYAL-MAIL" are the same carrier.
 */
const TRACKING_URLS: Record<string, { name: string; url: (trackingNumber: string) => string }> = {
  usps: { name: "USPS", url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  ups: { name: "UPS", url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  fedex: { name: "FedEx", url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  dhl: { name: "DHL", url: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}` },
  royalmail: { name: "Royal Mail", url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  canadapost: { name: "Canada Post", url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}` },
};

/** The carriers a tracking link is made for, by their usual names: the choices the back office's ship form offers. */
export const KNOWN_CARRIERS = Object.values(TRACKING_URLS).map((carrier) => carrier.name);

const carrierKey = (carrier: string) => carrier.toLowerCase().replace(/[^a-z]/g, "");

/** The carrier's usual name when it is one we know ("fedex" → "FedEx"), otherwise the name as typed. */
export function carrierName(carrier: string): string {
  return TRACKING_URLS[carrierKey(carrier)]?.name ?? carrier;
}

/** The carrier's tracking page for the parcel, or null for a carrier we do not know. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const known = TRACKING_URLS[carrierKey(carrier)];
  return known ? known.url(encodeURIComponent(trackingNumber)) : null;
}
