/**
 * What a menu or footer link can lead to, as the navigation screen's link picker offers it: the shop's own pages,
 * products and bundles on sale, collections and published posts, found by title or address, each with the address a
 * link takes. Every choice is a page linkProblems (./navigation.ts) lets a link lead to; typing another address stays
 * possible and is checked there as before.
 */
import { and, asc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import { ALL_PRODUCTS, listingPath, type LinkChoice } from "../../core/navigation";
import type { Database } from "../db/client";
import { containing } from "../db/listing";
import { blogPosts, bundles, collections, pages, products } from "../db/schema";
import { bundleOnSale, ON_SALE_STATUS } from "./products";


/** How many of each group are offered: enough to pick from while typing narrows them. */
export const CHOICES_PER_GROUP = 6;

/** Pages every shop has, offered beside the content pages. */
const FIXED_PAGES = [
  { title: "Home", path: "/" },
  { title: "All products", path: "/shop" },
  { title: "Blog", path: "/blog" },
  { title: "Contact", path: "/contact" },
];

/** The choices whose title or address contains `words` (any case), in the groups' order; all of each when blank. */
export async function linkChoices(db: Database, storeId: string, words: string): Promise<LinkChoice[]> {
  const typed = words.trim();
  const lower = typed.toLowerCase();
  const matching = (...columns: Parameters<typeof ilike>[0][]): SQL | undefined =>
    typed ? or(...columns.map((column) => ilike(column, containing(typed)))) : undefined;
  const [pageRows, productRows, bundleRows, collectionRows, postRows] = await Promise.all([
    db
      .select({ title: pages.title, name: pages.name })
      .from(pages)
      .where(and(eq(pages.storeId, storeId), eq(pages.status, "published"), matching(pages.title, pages.name)))
      .orderBy(asc(pages.title))
      .limit(CHOICES_PER_GROUP),
    db
      .select({ title: products.title, handle: products.handle })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.status, ON_SALE_STATUS), matching(products.title, products.handle)))
      .orderBy(asc(products.title))
      .limit(CHOICES_PER_GROUP),
    db
      .select({ title: bundles.title, handle: bundles.handle })
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), bundleOnSale(bundles.id), matching(bundles.title, bundles.handle)))
      .orderBy(asc(bundles.title))
      .limit(CHOICES_PER_GROUP),
    db
      .select({ title: collections.title, handle: collections.handle })
      .from(collections)
      // Every product is /shop, offered among the pages.
      .where(and(eq(collections.storeId, storeId), ne(collections.handle, ALL_PRODUCTS), matching(collections.title, collections.handle)))
      .orderBy(asc(collections.title))
      .limit(CHOICES_PER_GROUP),
    db
      .select({ title: blogPosts.title, slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.status, "published"), matching(blogPosts.title, blogPosts.slug)))
      .orderBy(asc(blogPosts.title))
      .limit(CHOICES_PER_GROUP),
  ]);
  const fixed = FIXED_PAGES.filter((page) => !typed || page.title.toLowerCase().includes(lower) || page.path.includes(lower));
  const sellable = [
    ...productRows.map((row) => ({ title: row.title, path: `/products/${encodeURIComponent(row.handle)}` })),
    ...bundleRows.map((row) => ({ title: row.title, path: `/bundles/${encodeURIComponent(row.handle)}` })),
  ].sort((a, b) => a.title.localeCompare(b.title));
  return [
    ...[...fixed, ...pageRows.map((row) => ({ title: row.title, path: `/pages/${encodeURIComponent(row.name)}` }))]
      .slice(0, CHOICES_PER_GROUP)
      .map((choice) => ({ group: "Pages" as const, ...choice })),
    ...sellable.slice(0, CHOICES_PER_GROUP).map((choice) => ({ group: "Products" as const, ...choice })),
    ...collectionRows.map((row) => ({ group: "Collections" as const, title: row.title, path: listingPath({ query: row.handle, type: "collection-search" }) })),
    ...postRows.map((row) => ({ group: "Posts" as const, title: row.title, path: `/blog/${encodeURIComponent(row.slug)}` })),
  ];
}
