/**
 * The shop's menu and footer links as the owner edits them. The schema only knows a route starts with / (core/schemas/
 * store-settings.ts); here each link a change adds is followed to a page the shop has ("//host" is another site to a
 * browser), so no owner puts a link to a missing page in the menu. Links already there are not checked again: a page unpublished
 * later must not stop the owner from changing the copyright line.
 */
import { ALL_PRODUCTS, isListingPath, listingOf, navigationHref, type LinksChoice, type PlacedLink } from "../../core/navigation";
export type { LinksChoice } from "../../core/navigation";
import type { StoreLooksChange } from "../../core/schemas/admin-settings";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { getCollectionTitle } from "./collections";
import { SEARCH_TYPES } from "./search";
import { sitemapEntries } from "./sitemap";
import type { Database } from "../db/client";
import { badInput, DomainError } from "../../core/errors";
import type { AuditActor } from "../audit/audit";
import { changeStoreSettings, lockStoreSettings } from "../store/settings";

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
 * What is wrong with each address a link may hold, read once: the shop's pages and collections as they are now in
 * `db` (a transaction sees its own changes). Null when the link leads to a page the shop has.
 */
export async function linkProblems(db: Database, storeId: string): Promise<(href: string) => Promise<string | null>> {
  const paths = new Set([...ACCOUNT_PATHS, ...(await sitemapEntries(db, storeId)).map((entry) => entry.path)]);
  return async (href) => {
    const url = new URL(href, SHOP_ORIGIN);
    if (url.origin !== SHOP_ORIGIN) return OTHER_SITE;
    const path = withoutTrailingSlash(url.pathname);
    if (!isListingPath(path)) return paths.has(path) ? null : `${href} ${NO_SUCH_PAGE}`;
    const { query, type } = listingOf(new URL(path + url.search, url));
    if (!(SEARCH_TYPES as readonly string[]).includes(type)) return `${href} ${NO_SUCH_PAGE}`;
    if (type === "collection-search" && query !== ALL_PRODUCTS && (await getCollectionTitle(db, storeId, query)) === null) {
      return `${query} ${NO_SUCH_COLLECTION}`;
    }
    return null;
  };
}

/**
 * A 400 naming the first link the change adds that leads nowhere: a path the shop has no page at, or a collection
 * listing for a collection it does not have. Runs before the write; the write itself checks the shape.
 */
export async function assertLinksLead(db: Database, storeId: string, before: StoreSettings, change: StoreLooksChange): Promise<void> {
  const known = new Set(linksOf(before.navbar, before.footer).map((link) => link.href));
  const added = linksOf(change.navbar, change.footer).filter((link) => !known.has(link.href) && link.href.startsWith("/"));
  if (added.length === 0) return;
  const problemOf = await linkProblems(db, storeId);
  for (const link of added) {
    const problem = await problemOf(link.href);
    if (problem !== null) throw badInput(`${link.field}: ${problem}`, link.field);
  }
}

type Navigation = Pick<StoreSettings, "navbar" | "footer">;

/**
 * The menu and footer with each link's address as `to` gives it: the same, another (the link then leads there), or
 * null (the link goes, and a footer section left with none goes too).
 */
async function rewritingLinks({ navbar, footer }: Navigation, to: (href: string) => Promise<string | null>): Promise<Navigation> {
  const rewritten = async <Link extends { route: string }>(links: Link[], hrefOf: (link: Link) => string) => {
    const left: Link[] = [];
    for (const link of links) {
      const href = hrefOf(link);
      const next = await to(href);
      if (next !== null) left.push(next === href ? link : { ...link, route: next });
    }
    return left;
  };
  const sections = [];
  for (const section of footer.sections) {
    const links = await rewritten(section.links, (link) => link.route);
    if (links.length > 0) sections.push({ ...section, links });
  }
  return {
    navbar: { ...navbar, pages: await rewritten(navbar.pages, (link) => navigationHref(link)) },
    footer: { ...footer, links: await rewritten(footer.links, (link) => link.route), sections },
  };
}

/** The menu and footer keeping the links `keeps` accepts; a footer section left with none goes too. */
const keepingLinks = (navigation: Navigation, keeps: (href: string) => Promise<boolean>) =>
  rewritingLinks(navigation, async (href) => ((await keeps(href)) ? href : null));

/**
 * Points the menu and footer links that lead to `from` at `to`, audited, in `tx`: a published page or post given a new
 * address keeps its links, where they would have led to the old address, which has no page any more. Nothing is
 * written when no link leads there. A menu link that lists a collection or search leads to /search, never to a page.
 */
export async function movingLinks(tx: Database, actor: AuditActor, from: string, to: string): Promise<void> {
  const settings = await lockStoreSettings(tx, actor.storeId);
  if (!placedLinks(settings).some((link) => link.href === from)) return;
  await changeStoreSettings(tx, actor, await rewritingLinks(settings, async (href) => (href === from ? to : href)), "navigation.links_moved");
}

/** The menu and footer without the links that lead nowhere now: what the shop keeps when pages it linked to are removed. */
export async function withoutDeadLinks(db: Database, storeId: string, navigation: Navigation): Promise<Navigation> {
  const problemOf = await linkProblems(db, storeId);
  return keepingLinks(navigation, async (href) => (await problemOf(href)) === null);
}

function placedLinks({ navbar, footer }: Navigation): PlacedLink[] {
  return [
    ...navbar.pages.map((link) => ({ place: "Menu", name: link.name, href: navigationHref(link) })),
    ...footer.links.map((link) => ({ place: "Footer", name: link.name, href: link.route })),
    ...footer.sections.flatMap((section) => section.links.map((link) => ({ place: `Footer, ${section.title}`, name: link.name, href: link.route }))),
  ];
}

export const linksLeadHereMessage = (links: PlacedLink[]) =>
  `${links.length === 1 ? "A menu or footer link leads" : `${links.length} menu or footer links lead`} here (${links
    .map((link) => `${link.place}: ${link.name}`)
    .join("; ")}); say whether to remove ${links.length === 1 ? "it" : "them"} too or keep ${links.length === 1 ? "it" : "them"}`;

/** A removal refused because links lead to what it takes away and nobody said what becomes of them; `links` names them. */
export class LinksLeadHere extends DomainError {
  constructor(readonly links: PlacedLink[]) {
    super("conflict", linksLeadHereMessage(links), "links", { links });
  }
}

/**
 * Does `remove` (a delete, an archive, in `tx`) and looks at what it did to the menu and footer: the links that led to a
 * page before and lead nowhere after are the ones it takes away, whatever the address (a product's page, a bundle
 * that went off sale with it, a collection's listing). Without a `links` choice such a removal is refused, naming them,
 * and the transaction undoes it; with `remove` they go through the settings' audited writer; `keep` leaves them.
 * Links that led nowhere already are not this removal's doing and are not named.
 */
export async function removingWithLinks<T>(tx: Database, actor: AuditActor, links: LinksChoice | undefined, remove: () => Promise<T>): Promise<T> {
  const settings = await lockStoreSettings(tx, actor.storeId);
  const before = await linkProblems(tx, actor.storeId);
  const leading: PlacedLink[] = [];
  for (const link of placedLinks(settings)) if ((await before(link.href)) === null) leading.push(link);
  const done = await remove();
  const after = await linkProblems(tx, actor.storeId);
  const lost: PlacedLink[] = [];
  for (const link of leading) if ((await after(link.href)) !== null) lost.push(link);
  if (lost.length === 0 || links === "keep") return done;
  if (links === undefined) throw new LinksLeadHere(lost);
  const gone = new Set(lost.map((link) => link.href));
  await changeStoreSettings(tx, actor, await keepingLinks(settings, async (href) => !gone.has(href)), "navigation.links_removed");
  return done;
}
