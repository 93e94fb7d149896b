/** Collections: the shop's named product lists ("all_products", "featured", "coffee" ...). */
import { and, asc, eq } from "drizzle-orm";
import type { SearchResponse } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { storeIdOfHandle } from "../db/store-rows";
import { collectionBundles, collectionProducts, collections } from "../db/schema";
import { loadBundles, loadProducts } from "./products";

/** The collection's display name ("Mugs & Drinkware" for `drinkware`), or null when the store has no such collection. */
export async function getCollectionTitle(db: Database, storeId: string, handle: string): Promise<string | null> {
  const [collection] = await db
    .select({ title: collections.title })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.handle, handle)));
  return collection?.title ?? null;
}

/** The collection's products and bundles in the shop's order, or null when the store has no such collection. */
export async function getCollection(db: Database, storeId: string, handle: string): Promise<SearchResponse | null> {
  const collectionId = await storeIdOfHandle(db, collections, storeId, handle);
  if (collectionId === null) return null;
  const [productRows, bundleRows] = await Promise.all([
    db
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collectionId))
      .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId)),
    db
      .select({ id: collectionBundles.bundleId })
      .from(collectionBundles)
      .where(eq(collectionBundles.collectionId, collectionId))
      .orderBy(asc(collectionBundles.position), asc(collectionBundles.bundleId)),
  ]);
  const [formattedProductData, formattedBundleData] = await Promise.all([
    loadProducts(
      db,
      storeId,
      productRows.map((row) => row.id),
    ),
    loadBundles(
      db,
      storeId,
      bundleRows.map((row) => row.id),
    ),
  ]);
  return { formattedProductData, formattedBundleData };
}

/** The store's featured collection (the home page carousel), empty when none is marked featured. */
export async function getFeaturedCollection(db: Database, storeId: string): Promise<SearchResponse & { title: string }> {
  const [featured] = await db
    .select({ handle: collections.handle, title: collections.title })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.featured, true)))
    .orderBy(asc(collections.id))
    .limit(1);
  if (!featured) return { title: "Featured", formattedProductData: [], formattedBundleData: [] };
  const collection = await getCollection(db, storeId, featured.handle);
  return { title: featured.title, formattedProductData: [], formattedBundleData: [], ...collection };
}
