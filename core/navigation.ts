import type { NavbarLink } from "./schemas/store-settings";

/**
 * Where a configured navigation link leads (spec section 2, Navigation bar): links with a query become searches,
 * on /search in the top bar and on /shop in the mobile side menu.
 */
export function navigationHref(link: NavbarLink, place: "navbar" | "side-menu" = "navbar"): string {
  if (!link.query) return link.route;
  const params = new URLSearchParams({ query: link.query, type: link.type ?? "collection-search" });
  return `${place === "navbar" ? "/search" : "/shop"}?${params}`;
}
