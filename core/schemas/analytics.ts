/**
 * The analytics payloads (docs/api.md, Session and analytics), shared by the client tracker (which builds them) and the
 * metrics API (which validates them). Limits keep one beacon within the 64 KB body limit and stop a forged one from
 * bloating the tables.
 */
import { z } from "zod";
import { ANALYTICS_LIMITS, PAGE_SPEED_LIMITS } from "../analytics-limits";
import { storable } from "./storable";

export const CART_EVENT_TYPES = ["ITEM_ADDED", "ITEM_QUANTITY_UPDATED", "ITEM_REMOVED", "CART_EMPTIED"] as const;
export type CartEventType = (typeof CART_EVENT_TYPES)[number];

export const CART_STATUSES = ["empty", "active", "abandoned", "purchased"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

const MAX_LIST = ANALYTICS_LIMITS.list;
const id = z.string().trim().min(1).max(ANALYTICS_LIMITS.id);
const isoTimestamp = z.iso.datetime({ offset: true });

export const cartEventSchema = z.object({
  type: z.enum(CART_EVENT_TYPES),
  timestamp: isoTimestamp,
  /** A product line's sku, a bundle's id, or absent when the whole cart is emptied. */
  sku: id.optional(),
});
export type CartEvent = z.infer<typeof cartEventSchema>;

export const viewedPageSchema = z.object({
  page: z.string().min(1).max(ANALYTICS_LIMITS.page),
  queryData: z.record(z.string().max(ANALYTICS_LIMITS.queryKey), z.string().max(ANALYTICS_LIMITS.queryValue)),
});
export type ViewedPage = z.infer<typeof viewedPageSchema>;

export const searchEntrySchema = z.object({
  query: z.string().min(1).max(ANALYTICS_LIMITS.searchQuery),
  timestamp: isoTimestamp,
  /** Seconds the shopper spent on this search. */
  duration: z.number().min(0).max(86_400 * 7),
  scrolledProducts: z.array(id).max(MAX_LIST),
  clickedProducts: z.array(id).max(MAX_LIST),
  /** How many results the search showed, when the page knows it; lets the owner see searches that found nothing. */
  resultCount: z.number().int().min(0).max(100_000).optional(),
});
export type SearchEntry = z.infer<typeof searchEntrySchema>;

const countMap = z
  .record(z.string().min(1).max(ANALYTICS_LIMITS.page), z.number().int().min(0).max(100_000))
  .refine((map) => Object.keys(map).length <= MAX_LIST, `must have at most ${MAX_LIST} entries`);

const speedMs = z.number().min(0).max(PAGE_SPEED_LIMITS.ms).optional();

/**
 * A page load's speed as the shopper's browser measured it (web-vitals), each figure once known: LCP, INP and TTFB
 * in milliseconds, CLS unitless. `page` is the path the load began on, which the figures belong to.
 */
export const pageSpeedSchema = z.object({
  page: z.string().min(1).max(ANALYTICS_LIMITS.page),
  lcp: speedMs,
  inp: speedMs,
  cls: z.number().min(0).max(PAGE_SPEED_LIMITS.layoutShift).optional(),
  ttfb: speedMs,
});
export type PageSpeed = z.infer<typeof pageSpeedSchema>;

export const sessionPayloadSchema = storable(z.object({
  cartData: z.object({
    cartEvents: z.array(cartEventSchema).max(MAX_LIST),
    cartStatus: z.enum(CART_STATUSES),
    /** Milliseconds since the session's first page or product visit. */
    sessionDuration: z.number().int().min(0).max(86_400_000 * 7),
    timestamp: isoTimestamp,
  }),
  productPageViews: countMap,
  viewedPages: z.array(viewedPageSchema).max(MAX_LIST),
  /** Milliseconds pages were visible, accumulated. */
  totalViewTime: z.number().int().min(0).max(86_400_000 * 7),
  searchHistory: z.array(searchEntrySchema).max(MAX_LIST),
  /** Absent until the browser has measured something, and from visitors whose browser measures nothing. */
  pageSpeed: pageSpeedSchema.optional(),
}));
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;

/** The initial-data payload: the client sends nothing; the server reads the address from the request itself. */
export const initialDataSchema = storable(z.object({}).loose());

const utm = z.string().max(ANALYTICS_LIMITS.queryValue).optional();

/**
 * A page load's start (decision 0065): document.referrer and the landing page's utm parameters, read only when the
 * load starts a visit; the server keeps the referrer's host alone. Absent fields (an older page) make a direct visit.
 */
export const visitStartSchema = storable(
  z
    .object({
      referrer: z.string().max(ANALYTICS_LIMITS.referrer).optional(),
      utm_source: utm,
      utm_medium: utm,
      utm_campaign: utm,
    })
    .loose(),
);
