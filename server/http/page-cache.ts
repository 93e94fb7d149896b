/**
 * Shop pages that are the same for every visitor without a cart or a session (catalogue, search, content) are
 * rendered once per content version and kept compressed in memory (response-cache.ts), so a first visit costs a
 * lookup, not a render. A page is only shared when nothing in it depends on the visitor: requests carrying the cart
 * or session cookie are always rendered.
 */
import { CART_COOKIE, SESSION_COOKIE } from "./cookies";
import { createResponseCache, type MountedCacheOptions, type ResponseCache } from "./response-cache";

/** Pages (and their client-navigation `.data` twins) whose content is the same for every anonymous visitor. */
const SHARED_PAGE =
  /^\/(?:|_root|products\/[^/]+|bundles\/[^/]+|search(?:\/[^/]+)?|shop|blog(?:\/[^/]+)?|pages\/[^/]+|contact|sitemap\.xml|robots\.txt)(?:\.data)?$/;

const VISITOR_COOKIES = new RegExp(`(?:^|;\\s*)(?:${CART_COOKIE}|${SESSION_COOKIE})=`);

/** The query makes a page, so maxEntries keeps a crawler's stream of queries from growing the cache. */
export function pageCache({
  readVersion,
  maxBytes = 16 * 1024 * 1024,
  maxEntries = 2000,
  maxAgeMs = 10 * 60 * 1000,
}: MountedCacheOptions): ResponseCache {
  return createResponseCache({
    key: (c) => {
      const url = new URL(c.req.url);
      const shared =
        c.req.method === "GET" && SHARED_PAGE.test(url.pathname) && !VISITOR_COOKIES.test(c.req.header("cookie") ?? "");
      return shared ? url.pathname + url.search : null;
    },
    readVersion,
    maxBytes,
    maxEntries,
    maxAgeMs,
    vary: "Accept-Encoding, Cookie",
    // Browsers keep the page but ask again each time; the ETag turns an unchanged page into an empty 304.
    defaultCacheControl: "no-cache",
  });
}
