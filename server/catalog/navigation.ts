/**
 * The shop's menu and footer links as the owner edits them. The schema only knows a route starts with / (core/schemas/
 * store-settings.ts); here each link a change adds is followed to a page the shop has ("//host" is another site to a
 * browser), so no owner puts a link to a missing page in the menu. Links already there are not checked again: a page unpublished
 * later must not stop the owner from changing the copyright line.
 */
import { ALL_PRODUCTS, isListingPath, listingOf, navigationHref } from "../../core/navigation";
import type { StoreLooksChange } from "../../core/schemas/admin-settings";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { getCollectionTitle } from "./collections";
import { SEARCH_TYPES } from "./search";
import { sitemapEntries } from "./sitemap";
import type { Database } from "../db/client";
import { badInput } from "../../core/errors";

/** Pages every shop has that search engines are not sent to, so the sitemap leaves them out. */
const ACCOUNT_PATHS = ["/login", "/signup", "/profile"];

const SHOP_ORIGIN = "http://shop.invalid";

export const OTHER_SITE = "must be a path in this shop, not another site's address";
export const NO_SUCH_PAGE = "leads to no page in the shop";
export const NO_SUCH_COLLECTION = "names no collection in the shop";

type LinkAt = { href: string; field: string };

/** Every link of the navigation and footer with the field that holds its address, in the settings' own paths. */
function linksOf(navbar: StoreLooksChange["navbar"], footer: StoreLooksChange["footer"]): LinkAt[] {
  return [
    ...(navbar?.pages ?? []).map((link, i) => ({ href: navigationHref(link), field: `navbar.pages.${i}.${link.query ? "query" : "route"}` })),
    ...(footer?.links ?? []).map((link, i) => ({ href: link.route, field: `footer.links.${i}.route` })),
    ...(footer?.sections ?? []).flatMap((section, s) =>
      section.links.map((link, i) => ({ href: link.route, field: `footer.sections.${s}.links.${i}.route` })),
    ),
  ];
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * A 400 naming the first link the change adds that leads nowhere: a path the shop has no page at, or a collection
 * listing for a collection it does not have. Runs before the write; the write itself checks the shape.
 */
export async function assertLinksLead(db: Database, storeId: string, before: StoreSettings, change: StoreLooksChange): Promise<void> {
  const known = new Set(linksOf(before.navbar, before.footer).map((link) => link.href));
  const added = linksOf(change.navbar, change.footer).filter((link) => !known.has(link.href) && link.href.startsWith("/"));
  if (added.length === 0) return;
  const paths = new Set([...ACCOUNT_PATHS, ...(await sitemapEntries(db, storeId)).map((entry) => entry.path)]);
  for (const link of added) {
    const url = new URL(link.href, SHOP_ORIGIN);
    if (url.origin !== SHOP_ORIGIN) throw badInput(`${link.field}: ${OTHER_SITE}`, link.field);
    const path = withoutTrailingSlash(url.pathname);
    if (!isListingPath(path)) {
      if (!paths.has(path)) throw badInput(`${link.field}: ${link.href} ${NO_SUCH_PAGE}`, link.field);
      continue;
    }
    const { query, type } = listingOf(new URL(path + url.search, url));
    if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw badInput(`${link.field}: ${link.href} ${NO_SUCH_PAGE}`, link.field);
    if (type === "collection-search" && query !== ALL_PRODUCTS && (await getCollectionTitle(db, storeId, query)) === null) {
      throw badInput(`${link.field}: ${query} ${NO_SUCH_COLLECTION}`, link.field);
    }
  }
}
