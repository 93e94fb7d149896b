import type { NavbarLink } from "./schemas/store-settings";

/** The collection /shop and a bare /search list. */
export const ALL_PRODUCTS = "all_products";

/** A page a menu or footer link can lead to, as the navigation screen's link picker offers it (server/catalog/link-choices.ts). */
export type LinkChoice = { group: "Pages" | "Products" | "Collections" | "Posts"; title: string; path: string };

/** What a listing page shows: a keyword search (`search`) or a named collection (`collection-search`). */
export type Listing = { query: string; type: string };

const LISTING_PATH = /^\/(?:search(?:\/([^/]+))?|shop)\/?$/;

/** Whether a path is one of the listing routes: /search, /search/:query and /shop. */
export const isListingPath = (pathname: string) => LISTING_PATH.test(pathname);

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** What a listing address asks for: the query from its path or `?query=` (every product without one), and its type. */
export function listingOf(url: URL): Listing {
  const segment = LISTING_PATH.exec(url.pathname)?.[1];
  return {
    query: (segment === undefined ? null : decodeSegment(segment)) ?? url.searchParams.get("query") ?? ALL_PRODUCTS,
    type: url.searchParams.get("type") ?? "collection-search",
  };
}

/**
 * The one address of a listing, which its page names as canonical and the sitemap lists: /shop for every product,
 * otherwise /search with the query and type, a keyword search's words as the search reads them (case and spacing
 * do not change its results), so the many ways to reach one listing count as one page.
 */
export function listingPath({ query, type }: Listing): string {
  if (type === "collection-search" && query === ALL_PRODUCTS) return "/shop";
  const words = type === "search" ? query.trim().replace(/\s+/g, " ").toLowerCase() : query.trim();
  return `/search?${new URLSearchParams({ query: words, type })}`;
}

/** A listing's page `page` (from 1): its one address, the first page's without `page=`. */
export function listingPagePath(listing: Listing, page: number): string {
  const path = listingPath(listing);
  if (page <= 1) return path;
  return `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
}

/** The page number a listing's address asks for: 1 without `page=`, null for anything but a whole number from 1. */
export function listingPageOf(url: URL): number | null {
  const page = url.searchParams.get("page");
  if (page === null) return 1;
  return /^[1-9]\d{0,5}$/.test(page) ? Number(page) : null;
}

/**
 * A listing's heading (decision 0018): the spec's 'Search Results: {query}' for a search, the collection's own
 * name for a category the shop has ('Coffee'), and the spec's 'All Products' for every product (/shop, a bare
 * /search) or a collection the shop does not have.
 */
export function listingHeading({ query, type }: Listing, collectionTitle: string | null): string {
  if (type === "search") return `Search Results: ${query}`;
  return query !== ALL_PRODUCTS && collectionTitle ? collectionTitle : "All Products";
}

/**
 * Where a configured navigation link leads (docs/product.md, Navigation bar): links with a query become searches, on
 * /search in the top bar and on /shop in the mobile side menu.
 */
export function navigationHref(link: NavbarLink, place: "navbar" | "side-menu" = "navbar"): string {
  if (!link.query) return link.route;
  const params = new URLSearchParams({ query: link.query, type: link.type ?? "collection-search" });
  return `${place === "navbar" ? "/search" : "/shop"}?${params}`;
}

/**
 * What staff say of the menu and footer links a delete or archive would leave leading nowhere: take them out too, or
 * keep them (to point elsewhere later). Unsaid, the removal is refused with the links named (server/catalog/navigation.ts).
 */
export const LINKS_CHOICES = ["remove", "keep"] as const;
export type LinksChoice = (typeof LINKS_CHOICES)[number];

/** A menu or footer link as staff know it: where it sits, its name and its address. */
export type PlacedLink = { place: string; name: string; href: string };
