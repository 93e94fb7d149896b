/**
 * What search engines should crawl: the shop's fixed pages, the listings its navigation links to (its category
 * pages), every product and bundle on sale, content pages and posts.
 */
import { and, asc, eq } from "drizzle-orm";
import { isListingPath, listingOf, listingPath, navigationHref } from "../../core/navigation";
import type { StoreSettings } from "../../core/schemas/store-settings";
import type { Database } from "../db/client";
import { blogPosts, bundles, pages, products } from "../db/schema";
import { getStoreSettings } from "../store/settings";
import { bundleOnSale, ON_SALE_STATUS } from "./products";
import { SEARCH_TYPES } from "./search";

export type SitemapEntry = { path: string; lastModified?: Date };

const FIXED_PATHS = ["/", "/shop", "/blog", "/contact"];

/** The listings the top bar, side menu and footer link to, each by the address its page names as canonical. */
function navigationListingPaths(settings: StoreSettings): string[] {
  const hrefs = [
    ...settings.navbar.pages.map((link) => navigationHref(link)),
    ...settings.footer.links.map((link) => link.route),
    ...settings.footer.sections.flatMap((section) => section.links.map((link) => link.route)),
  ];
  const listings = hrefs
    .map((href) => new URL(href, "http://shop.invalid"))
    .filter((url) => isListingPath(url.pathname))
    .map(listingOf)
    .filter((listing) => listing.query.trim() !== "" && (SEARCH_TYPES as readonly string[]).includes(listing.type));
  return listings.map(listingPath);
}

export async function sitemapEntries(db: Database, storeId: string): Promise<SitemapEntry[]> {
  const [settings, productRows, bundleRows, pageRows, postRows] = await Promise.all([
    getStoreSettings(db, storeId),
    db
      .select({ handle: products.handle, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.status, ON_SALE_STATUS)))
      .orderBy(asc(products.id)),
    db
      .select({ handle: bundles.handle, createdAt: bundles.createdAt })
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), bundleOnSale(bundles.id)))
      .orderBy(asc(bundles.id)),
    db
      .select({ name: pages.name })
      .from(pages)
      .where(and(eq(pages.storeId, storeId), eq(pages.status, "published")))
      .orderBy(asc(pages.id)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.status, "published")))
      .orderBy(asc(blogPosts.id)),
  ]);
  return [
    ...[...new Set([...FIXED_PATHS, ...navigationListingPaths(settings)])].map((path) => ({ path })),
    ...productRows.map((row) => ({ path: `/products/${encodeURIComponent(row.handle)}`, lastModified: row.updatedAt })),
    ...bundleRows.map((row) => ({ path: `/bundles/${encodeURIComponent(row.handle)}`, lastModified: row.createdAt })),
    ...pageRows.map((row) => ({ path: `/pages/${encodeURIComponent(row.name)}` })),
    ...postRows.map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastModified: row.publishedAt })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/$/, "");
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The most addresses one sitemap file may list (sitemaps.org); a bigger shop's sitemap.xml is an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The file /sitemap.xml answers: every address while they fit one file, otherwise an index of its parts, each part
 * at /sitemap.xml?part=N. Null for a part the shop does not have.
 */
export function sitemapFile(origin: string, entries: SitemapEntry[], part: number | null, perFile = SITEMAP_MAX_URLS): string | null {
  const parts = Math.ceil(entries.length / perFile);
  if (part === null) return parts <= 1 ? sitemapXml(origin, entries) : sitemapIndexXml(origin, parts);
  if (parts <= 1 || part > parts) return null;
  return sitemapXml(origin, entries.slice((part - 1) * perFile, part * perFile));
}

function sitemapIndexXml(origin: string, parts: number): string {
  const base = origin.replace(/\/$/, "");
  const files = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/**
 * Private screens (an account, a confirmed order, a review or password link) and the API are kept out; everything
 * a shopper may arrive at from a search engine is open, listings and checkout included (decision 0016): result
 * pages that found nothing say `noindex` themselves, and every checkout names /checkout as its one address.
 */
export function robotsTxt(origin: string): string {
  const disallowed = ["/api/", "/checkout-confirmation", "/profile", "/login", "/signup", "/forgot-password", "/reset-password", "/verified_review_submission", "/admin/"];
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin.replace(/\/$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
