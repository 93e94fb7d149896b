/**
 * The names of the shop's own cookies that the HTTP layer reads without their domain: a response carrying the cart's
 * or a customer's cookie is that browser's own, never the shared page cache's (page-cache.ts).
 */
export const CART_COOKIE = "cart";
export const SESSION_COOKIE = "session";
