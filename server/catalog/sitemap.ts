/** What search engines should crawl: the shop's fixed pages, every product and bundle, content pages and posts. */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { blogPosts, bundles, pages, products } from "../db/schema";

export type SitemapEntry = { path: string; lastModified?: Date };

const FIXED_PATHS = ["/", "/shop", "/blog", "/contact"];

export async function sitemapEntries(db: Database, storeId: string): Promise<SitemapEntry[]> {
  const [productRows, bundleRows, pageRows, postRows] = await Promise.all([
    db
      .select({ handle: products.handle, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.id)),
    db
      .select({ handle: bundles.handle, createdAt: bundles.createdAt })
      .from(bundles)
      .where(eq(bundles.storeId, storeId))
      .orderBy(asc(bundles.id)),
    db.select({ name: pages.name }).from(pages).where(eq(pages.storeId, storeId)).orderBy(asc(pages.id)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.storeId, storeId))
      .orderBy(asc(blogPosts.id)),
  ]);
  return [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...productRows.map((row) => ({ path: `/products/${encodeURIComponent(row.handle)}`, lastModified: row.updatedAt })),
    ...bundleRows.map((row) => ({ path: `/bundles/${encodeURIComponent(row.handle)}`, lastModified: row.createdAt })),
    ...pageRows.map((row) => ({ path: `/pages/${encodeURIComponent(row.name)}` })),
    ...postRows.map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastModified: row.publishedAt })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/$/, "");
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * Private and transactional screens, and free-text search results (`type=search`, endless and thin), are kept out
 * of the index; everything else may be crawled, the shop's category listings (`/search?…&type=collection-search`)
 * included: they are its landing pages.
 */
export function robotsTxt(origin: string): string {
  const disallowed = ["/api/", "/checkout", "/checkout-confirmation", "/profile", "/login", "/signup", "/forgot-password", "/reset-password", "/verified_review_submission", "/admin/", "/search?*type=search"];
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin.replace(/\/$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
