/**
 * A listing as pages (issue 38): a keyword search or a collection is first its entries in order, ids only (cheap at
 * 50,000 products), and then one page of them loaded whole, so neither a page nor an API answer grows with the
 * catalogue.
 */
import type { SearchPage } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { loadBundles, loadProducts } from "./products";

/** One result of a listing: products come before bundles, each in the listing's order. */
export type ListingEntry = { kind: "products" | "bundles"; id: number };

/** Which entries a page holds: `limit` of them from `offset`. */
export type PageWindow = { offset: number; limit: number };

/** A listing's entries from its ids, products first. */
export const listingEntries = (productIds: number[], bundleIds: number[]): ListingEntry[] => [
  ...productIds.map((id) => ({ kind: "products" as const, id })),
  ...bundleIds.map((id) => ({ kind: "bundles" as const, id })),
];

/** The page of `entries` at `window`, with how many there are in all and the cursor of the next page. */
export async function loadListingPage(db: Database, storeId: string, entries: ListingEntry[], window: PageWindow): Promise<SearchPage> {
  const shown = entries.slice(window.offset, window.offset + window.limit);
  const ids = (kind: ListingEntry["kind"]) => shown.filter((entry) => entry.kind === kind).map((entry) => entry.id);
  const [formattedProductData, formattedBundleData] = await Promise.all([
    loadProducts(db, storeId, ids("products")),
    loadBundles(db, storeId, ids("bundles")),
  ]);
  const end = window.offset + shown.length;
  return { formattedProductData, formattedBundleData, total_count: entries.length, next_cursor: end < entries.length ? String(end) : null };
}
