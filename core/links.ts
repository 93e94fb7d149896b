/**
 * The one rule for every address the owner sets for the shop to link to (decision 0043): the menu's and footer's
 * links, the social links, the links in a product's description. A link is a path in the shop or an http, https or
 * mailto address; any other scheme (javascript:, data:text/html,…, vbscript:) would run script, or show a page of
 * anyone's making, in the shop's name once a shopper clicks it.
 */

/** The schemes a link may name; an address without one is a path in the shop. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;

export const LINK_MESSAGE = "must be a path in the shop (such as /pages/about) or an http, https or mailto address";

/**
 * Whether `address` is a link the shop may show: a path (it starts with /), or an absolute address read with the
 * WHATWG URL parser, as the shopper's browser will read the href, so leading spaces or a tab or line break inside the
 * scheme (" javascript:", "java\tscript:") change nothing. A bare word ("instagram") is neither: refused.
 */
export function isAllowedLink(address: string): boolean {
  if (address.startsWith("/")) return true;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return (LINK_SCHEMES as readonly string[]).includes(url.protocol.slice(0, -1));
}
