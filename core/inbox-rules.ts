/**
 * What the back office's inbox, review moderation and subscriber list work with: the states each thing can be in and
 * the longest texts the owner may write. Kept apart from the zod schemas so the admin screens' scripts can label
 * them without loading zod; the database, the API and the screens all read them from here.
 */
export const CONTACT_MESSAGE_STATUSES = ["new", "read", "answered", "spam"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const REPLY_MAX = 10_000;

/** New: held for approval, not yet published or hidden. Published: on the shop. Hidden: taken off it by the owner. */
export const REVIEW_STATUSES = ["new", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The shop's public answer under a review ('Response from Seller'). */
export const RESPONSE_MAX = 5000;

export const SUBSCRIBER_STATUSES = ["subscribed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
