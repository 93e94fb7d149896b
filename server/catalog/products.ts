/**
 * Reads the catalogue into the shapes of core/schemas/catalog.ts. Products are loaded in batches (one query per
 * table for any number of products), so a listing costs the same few round trips as a single product page.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type Column, type SQL } from "drizzle-orm";
import { centsToDollars } from "../../core/money";
import type { Bundle, Product, ProductCardData, Review, SubscriptionOption, Variant } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { bundleProducts, bundles, productImages, products, reviews, subscriptionOptions, variants } from "../db/schema";

type BundleRow = typeof bundles.$inferSelect;

/**
 * `column = any(ids)`: the ids travel as one array parameter instead of one parameter each (inArray), which is
 * cheaper to build, send and parse for the 48 products of a results page; the plan is the same.
 */
function isAnyOf(column: Column, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

/** Bundle prices are numeric strings in the API's shapes (spec section 3). */
export function toBundle(row: BundleRow, handles: string[]): Bundle {
  return {
    bundle_id: row.id,
    bundle_handle: row.handle,
    title: row.title,
    price: centsToDollars(row.priceCents).toFixed(2),
    bundle_description: row.description,
    handles,
    sku_to_quantity: row.skuToQuantity,
    bundle_image_urls: row.imageUrls,
    is_standalone: row.isStandalone,
  };
}

/**
 * The product handles of each bundle, in the bundle's order: of the bundles given, or of every bundle that holds
 * one of the products given (so a product listing needs no second round trip for them).
 */
export async function bundleHandles(
  db: Database,
  of: { bundleIds: number[] } | { productIds: number[] },
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>("bundleIds" in of ? of.bundleIds.map((id) => [id, []]) : []);
  const ids = "bundleIds" in of ? of.bundleIds : of.productIds;
  if (ids.length === 0) return result;
  const bundlesWanted =
    "bundleIds" in of
      ? isAnyOf(bundleProducts.bundleId, of.bundleIds)
      : inArray(
          bundleProducts.bundleId,
          db.select({ id: bundleProducts.bundleId }).from(bundleProducts).where(isAnyOf(bundleProducts.productId, of.productIds)),
        );
  const rows = await db
    .select({ bundleId: bundleProducts.bundleId, handle: products.handle })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(bundlesWanted)
    .orderBy(asc(bundleProducts.bundleId), asc(bundleProducts.position));
  for (const row of rows) {
    const handles = result.get(row.bundleId) ?? [];
    handles.push(row.handle);
    result.set(row.bundleId, handles);
  }
  return result;
}

/** Full bundles for the given ids, in the order given; unknown ids are skipped. */
export async function loadBundles(db: Database, storeId: string, bundleIds: number[]): Promise<Bundle[]> {
  if (bundleIds.length === 0) return [];
  const [rows, handles] = await Promise.all([
    db
      .select()
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), isAnyOf(bundles.id, bundleIds))),
    bundleHandles(db, { bundleIds }),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return bundleIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toBundle(row, handles.get(id) ?? [])] : [];
  });
}

export function toReview(row: typeof reviews.$inferSelect): Review {
  return {
    review_id: row.id,
    review_title: row.title,
    reviewer_name: row.reviewerName,
    verified: row.verified,
    review_date: row.createdAt.toISOString(),
    review_rating: row.rating,
    review_description: row.description,
    review_response: row.response,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** Most frequent delivery first. */
const byFrequency = (
  a: typeof subscriptionOptions.$inferSelect,
  b: typeof subscriptionOptions.$inferSelect,
) => a.interval * UNIT_DAYS[a.intervalUnit] - b.interval * UNIT_DAYS[b.intervalUnit] || a.id.localeCompare(b.id);

/**
 * Attribute name to its options: names in the shop's order (`attributeNames`, then any it does not list), options
 * in the order the variants first use them.
 */
export function variantList(list: Variant[], attributeNames: readonly string[] = []): Record<string, string[]> {
  const options: Record<string, string[]> = {};
  for (const variant of list) {
    for (const [name, value] of Object.entries(variant.product_attributes)) {
      const values = (options[name] ??= []);
      if (!values.includes(value)) values.push(value);
    }
  }
  const names = [
    ...attributeNames.filter((name) => name in options),
    ...Object.keys(options).filter((name) => !attributeNames.includes(name)),
  ];
  return Object.fromEntries(names.map((name) => [name, options[name]]));
}

/** The part of a product its card shows and its quick shop adds (ProductCardData). */
export function productCard({
  product_description: _description,
  bundles: _bundles,
  reviews: _reviews,
  ...card
}: Product): ProductCardData {
  return card;
}

/** A search's or collection's products as cards, for the pages that list them. */
export function withProductCards<T extends { formattedProductData: Product[] }>(
  result: T,
): Omit<T, "formattedProductData"> & { formattedProductData: ProductCardData[] } {
  return { ...result, formattedProductData: result.formattedProductData.map(productCard) };
}

/** Full products for the given ids, in the order given; unknown ids (or another store's) are skipped. */
export async function loadProducts(db: Database, storeId: string, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  // One round of queries, each by the product ids: on PostgreSQL they run side by side on the pool.
  const [productRows, imageRows, variantRows, bundleLinks, reviewRows, subscriptionRows, handlesOfBundles] = await Promise.all([
    db
      .select({
        id: products.id,
        handle: products.handle,
        title: products.title,
        description: products.description,
        attributeNames: products.attributeNames,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), isAnyOf(products.id, productIds))),
    db
      .select()
      .from(productImages)
      .where(isAnyOf(productImages.productId, productIds))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select()
      .from(variants)
      .where(isAnyOf(variants.productId, productIds))
      .orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({ productId: bundleProducts.productId, bundle: bundles })
      .from(bundleProducts)
      .innerJoin(bundles, eq(bundles.id, bundleProducts.bundleId))
      .where(isAnyOf(bundleProducts.productId, productIds))
      .orderBy(asc(bundles.id)),
    db
      .select()
      .from(reviews)
      .where(and(isAnyOf(reviews.productId, productIds), eq(reviews.hidden, false)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db
      .select(getTableColumns(subscriptionOptions))
      .from(subscriptionOptions)
      .innerJoin(variants, eq(variants.id, subscriptionOptions.variantId))
      .where(isAnyOf(variants.productId, productIds))
      .orderBy(asc(subscriptionOptions.id)),
    bundleHandles(db, { productIds }),
  ]);

  const subscriptionsByVariant = groupBy(subscriptionRows, (row) => row.variantId);
  const imagesByProduct = groupBy(imageRows, (row) => row.productId);
  const variantsByProduct = groupBy(variantRows, (row) => row.productId);
  const bundlesByProduct = groupBy(bundleLinks, (row) => row.productId);
  const reviewsByProduct = groupBy(reviewRows, (row) => row.productId);
  const byId = new Map(productRows.map((row) => [row.id, row]));

  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const images = imagesByProduct.get(id) ?? [];
    const productVariants: Variant[] = (variantsByProduct.get(id) ?? []).map((variant) => ({
      sku: variant.sku,
      product_attributes: variant.attributes,
      product_price: centsToDollars(variant.priceCents),
      description: variant.description,
      total_stock: variant.stock,
      subscription: (subscriptionsByVariant.get(variant.id) ?? []).sort(byFrequency).map(
        (option): SubscriptionOption => ({
          subscription_id: option.id,
          subscription_name: option.name,
          subscription_price: centsToDollars(option.priceCents),
          subscription_interval: option.interval,
          subscription_interval_unit: option.intervalUnit,
        }),
      ),
    }));
    const productReviews = (reviewsByProduct.get(id) ?? []).map(toReview);
    const ratingSum = productReviews.reduce((sum, review) => sum + review.review_rating, 0);
    const main = images.find((image) => !image.isHover) ?? images[0];
    return [
      {
        id: row.handle,
        product_title: row.title,
        product_price: productVariants[0]?.product_price ?? null,
        product_description: row.description,
        product_urls: images.filter((image) => !image.isHover).map((image) => image.url),
        product_image_main: main?.url ?? null,
        hoverImage: images.find((image) => image.isHover)?.url ?? null,
        variant_list: variantList(productVariants, row.attributeNames),
        variants: productVariants,
        bundles: (bundlesByProduct.get(id) ?? []).map(({ bundle }) => toBundle(bundle, handlesOfBundles.get(bundle.id) ?? [])),
        reviews: productReviews,
        rating: {
          count: productReviews.length,
          average: productReviews.length ? Math.round((ratingSum / productReviews.length) * 10) / 10 : 0,
        },
      },
    ];
  });
}

/** Products by handle, in the order asked; handles the store does not have are left out. */
export async function getProductsByHandles(db: Database, storeId: string, handles: string[]): Promise<Product[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.handle, handles)));
  const idByHandle = new Map(rows.map((row) => [row.handle, row.id]));
  const ids = [...new Set(handles)].flatMap((handle) => {
    const id = idByHandle.get(handle);
    return id === undefined ? [] : [id];
  });
  return loadProducts(db, storeId, ids);
}

export async function getProductByHandle(db: Database, storeId: string, handle: string): Promise<Product | null> {
  const [product] = await getProductsByHandles(db, storeId, [handle]);
  return product ?? null;
}

/** Every product of the store, oldest first (the order the shop added them). */
export async function listAllProducts(db: Database, storeId: string): Promise<Product[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.createdAt), asc(products.id));
  return loadProducts(
    db,
    storeId,
    rows.map((row) => row.id),
  );
}
