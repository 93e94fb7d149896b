/** The wishlist's limits and words, shared by the pages and the server that enforces them. */
export const WISHLIST_LIMIT = 100;
export const WISHLIST_FULL_MESSAGE = `Your wishlist is full: it keeps up to ${WISHLIST_LIMIT} products. Remove one to save another.`;
/** A price-drop email goes out at most this often for one product on one wishlist. */
export const PRICE_DROP_EMAIL_INTERVAL_DAYS = 7;
