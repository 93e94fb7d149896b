/**
 * Shop pages that are the same for every visitor without a cart or a session (catalogue, search, content) are
 * rendered once per content version and kept compressed in memory (response-cache.ts), so a first visit costs a
 * lookup, not a render. A page is only shared when nothing in it depends on the visitor: requests carrying the cart
 * or session cookie are always rendered.
 */
import type { MiddlewareHandler } from "hono";
import { asksForThemePreview, CART_COOKIE, SESSION_COOKIE, THEME_PREVIEW_COOKIE } from "./cookies";
import { createResponseCache, type MountedCacheOptions, type ResponseCache } from "./response-cache";

/** Pages (and their client-navigation `.data` twins) whose content is the same for every anonymous visitor. */
const SHARED_PAGE =
  /^\/(?:|_root|products\/[^/]+|bundles\/[^/]+|search(?:\/[^/]+)?|shop|blog(?:\/[^/]+)?|pages\/[^/]+|contact|sitemap\.xml|robots\.txt)(?:\.data)?$/;

const VISITOR_COOKIES = new RegExp(`(?:^|;\\s*)(?:${CART_COOKIE}|${SESSION_COOKIE}|${THEME_PREVIEW_COOKIE})=`);

/**
 * A page asked for with the theme preview may show a staff member the unpublished theme: it is theirs alone, so no
 * proxy or shared cache on the way keeps it either.
 */
export const themePreviewIsPrivate: MiddlewareHandler = async (c, next) => {
  await next();
  if (!asksForThemePreview(c.req.header("cookie"))) return;
  // Only pages and their data carry the theme; the build's files stay cached as they are.
  if (!c.res.headers.get("content-type")?.startsWith("text/html") && !c.req.path.endsWith(".data")) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("Cache-Control", "private, no-store");
};

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
    // A browser's page whose slow parts were left to it at its deadline would reach a crawler, which renders nothing.
    whole: (c) => !c.get("pageFaults")?.renderCut,
    // Browsers keep the page but ask again each time; the ETag turns an unchanged page into an empty 304.
    defaultCacheControl: "no-cache",
  });
}
