/**
 * The report names the shop's pages and products as the owner knows them, by their titles ('Tidewater House Blend'),
 * not by their addresses ('/products/house-blend'); the address stays beside the name. A record since removed or
 * renamed keeps its address as its name.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { blogPosts, bundles, pages, products } from "../db/schema";

export type NamedCount = { label: string; path: string; count: number };

/** The shop's fixed pages, by address. */
const FIXED: Record<string, string> = {
  "/": "Home",
  "/shop": "Shop",
  "/search": "Search",
  "/blog": "Blog",
  "/contact": "Contact",
  "/wishlist": "Wishlist",
  "/checkout": "Checkout",
  "/checkout-confirmation": "Order confirmed",
  "/login": "Sign in",
  "/signup": "Sign up",
  "/profile": "Account",
  "/orders/lookup": "Order lookup",
};

type Titled = { table: PgTable; storeId: PgColumn; key: PgColumn; title: PgColumn };

/** Pages of one record each, by the first part of their address: the rest is the record's handle. */
const RECORD_PAGES: Record<string, Titled> = {
  "/products/": { table: products, storeId: products.storeId, key: products.handle, title: products.title },
  "/bundles/": { table: bundles, storeId: bundles.storeId, key: bundles.handle, title: bundles.title },
  "/blog/": { table: blogPosts, storeId: blogPosts.storeId, key: blogPosts.slug, title: blogPosts.title },
  "/pages/": { table: pages, storeId: pages.storeId, key: pages.name, title: pages.title },
};

function recordOf(path: string): { prefix: string; key: string } | null {
  for (const prefix of Object.keys(RECORD_PAGES)) {
    if (!path.startsWith(prefix)) continue;
    const key = path.slice(prefix.length).replace(/\/$/, "");
    if (key !== "" && !key.includes("/")) return { prefix, key: safeDecode(key) };
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

async function titlesOf(db: Database, storeId: string, prefix: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { table, storeId: store, key, title } = RECORD_PAGES[prefix];
  const rows = (await db
    .select({ key, title })
    .from(table)
    .where(and(eq(store, storeId), inArray(key, keys)))) as { key: string; title: string }[];
  return new Map(rows.map((row) => [row.key, row.title]));
}

/** Each counted address with the name of its page: a record's title, a fixed page's name, or the address itself. */
export async function namePages(db: Database, storeId: string, counted: { label: string; count: number }[]): Promise<NamedCount[]> {
  const wanted = new Map<string, Set<string>>();
  for (const { label } of counted) {
    const record = recordOf(label);
    if (record) wanted.set(record.prefix, (wanted.get(record.prefix) ?? new Set()).add(record.key));
  }
  const titles = new Map(await Promise.all([...wanted].map(async ([prefix, keys]) => [prefix, await titlesOf(db, storeId, prefix, [...keys])] as const)));
  return counted.map(({ label: path, count }) => {
    const record = recordOf(path);
    const search = /^\/search\/([^/]+)\/?$/.exec(path);
    const label = record ? titles.get(record.prefix)?.get(record.key) : search ? `Search: ${safeDecode(search[1])}` : FIXED[path.replace(/(.)\/$/, "$1")];
    return { label: label ?? path, path, count };
  });
}

/** Products counted by handle, named by their titles (or their handle, once no product has it). */
export async function nameProducts(db: Database, storeId: string, counted: { label: string; count: number }[]): Promise<NamedCount[]> {
  const named = await namePages(db, storeId, counted.map(({ label, count }) => ({ label: `/products/${label}`, count })));
  return named.map((row, at) => (row.label === row.path ? { ...row, label: counted[at].label } : row));
}
