/** Collections: the shop's named product lists ("all_products", "featured", "coffee" ...). */
import { and, asc, eq } from "drizzle-orm";
import { SHOP_PAGE_SIZE, type SearchResponse } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { storeIdOfHandle } from "../db/store-rows";
import { collectionBundles, collectionProducts, collections, products } from "../db/schema";
import { listingEntries, loadListingPage, type ListingEntry } from "./listing";
import { bundleOnSale, ON_SALE_STATUS } from "./products";

/** The collection's display name ("Mugs & Drinkware" for `drinkware`), or null when the store has no such collection. */
export async function getCollectionTitle(db: Database, storeId: string, handle: string): Promise<string | null> {
  const [collection] = await db
    .select({ title: collections.title })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.handle, handle)));
  return collection?.title ?? null;
}

/**
 * The collection's products and bundles on sale, in the shop's order, or null when the store has no such
 * collection.
 */
export async function collectionEntries(db: Database, storeId: string, handle: string): Promise<ListingEntry[] | null> {
  const collectionId = await storeIdOfHandle(db, collections, storeId, handle);
  if (collectionId === null) return null;
  const [productRows, bundleRows] = await Promise.all([
    db
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(and(eq(collectionProducts.collectionId, collectionId), eq(products.status, ON_SALE_STATUS)))
      .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId)),
    db
      .select({ id: collectionBundles.bundleId })
      .from(collectionBundles)
      .where(and(eq(collectionBundles.collectionId, collectionId), bundleOnSale(collectionBundles.bundleId)))
      .orderBy(asc(collectionBundles.position), asc(collectionBundles.bundleId)),
  ]);
  return listingEntries(
    productRows.map((row) => row.id),
    bundleRows.map((row) => row.id),
  );
}

/** The store's featured collection (the home page carousel): its first page, empty when none is marked featured. */
export async function getFeaturedCollection(db: Database, storeId: string): Promise<SearchResponse & { title: string }> {
  const [featured] = await db
    .select({ handle: collections.handle, title: collections.title })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.featured, true)))
    .orderBy(asc(collections.id))
    .limit(1);
  if (!featured) return { title: "Featured", formattedProductData: [], formattedBundleData: [] };
  const entries = (await collectionEntries(db, storeId, featured.handle)) ?? [];
  const { formattedProductData, formattedBundleData } = await loadListingPage(db, storeId, entries, { offset: 0, limit: SHOP_PAGE_SIZE });
  return { title: featured.title, formattedProductData, formattedBundleData };
}
