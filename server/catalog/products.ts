/**
 * Reads the catalogue into the shapes of core/schemas/catalog.ts. Products are loaded in batches (one statement
 * for any number of products), so a listing costs the same round trip as a single product page.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type Column, type SQL } from "drizzle-orm";
import { centsToDollars } from "../../core/money";
import type { Bundle, Product, ProductCardData, Review, SubscriptionOption, Variant } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { bundles, products, reviews, subscriptionOptions } from "../db/schema";
import { publicReviewerName } from "../reviews/reviewer-name";

/** What a bundle's API shape is made of. */
type BundleFields = Pick<
  typeof bundles.$inferSelect,
  "id" | "handle" | "title" | "priceCents" | "description" | "skuToQuantity" | "imageUrls" | "isStandalone"
>;
/** What a review's API shape is made of. */
type ReviewRow = Pick<
  typeof reviews.$inferSelect,
  "id" | "title" | "reviewerName" | "verified" | "createdAt" | "rating" | "description" | "response"
>;
type SubscriptionRow = Pick<typeof subscriptionOptions.$inferSelect, "id" | "name" | "priceCents" | "interval" | "intervalUnit">;

/**
 * `column = any(ids)`: the ids travel as one array parameter instead of one parameter each (inArray), which is
 * cheaper to build, send and parse for the 48 products of a results page; the plan is the same.
 */
function isAnyOf(column: Column, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

/** Bundle prices are numeric strings in the API's shapes (docs/product.md, Money). */
function toBundle(row: BundleFields, handles: string[]): Bundle {
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

/** The handles of the products in bundle `bundleId`, in the bundle's order, as a JSON array (empty when none). */
const bundleHandlesJson = (bundleId: SQL | Column) => sql`coalesce((
  select json_agg(member.handle order by held.position)
  from bundle_products held join products member on member.id = held.product_id
  where held.bundle_id = ${bundleId}), '[]')`;

/** Full bundles for the given ids, in the order given; unknown ids are skipped. */
export async function loadBundles(db: Database, storeId: string, bundleIds: number[]): Promise<Bundle[]> {
  if (bundleIds.length === 0) return [];
  const rows = await db
    .select({ ...getTableColumns(bundles), handles: sql<string[]>`${bundleHandlesJson(bundles.id)}` })
    .from(bundles)
    .where(and(eq(bundles.storeId, storeId), isAnyOf(bundles.id, bundleIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return bundleIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toBundle(row, row.handles)] : [];
  });
}

export function toReview(row: ReviewRow): Review {
  return {
    review_id: row.id,
    review_title: row.title,
    reviewer_name: publicReviewerName(row.reviewerName),
    verified: row.verified,
    review_date: row.createdAt.toISOString(),
    review_rating: row.rating,
    review_description: row.description,
    review_response: row.response,
  };
}

const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** Most frequent delivery first. */
const byFrequency = (a: SubscriptionRow, b: SubscriptionRow) => a.interval * UNIT_DAYS[a.intervalUnit] - b.interval * UNIT_DAYS[b.intervalUnit] || a.id.localeCompare(b.id);

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

/** A product as the one statement below returns it: its own columns, and each of its lists as JSON in its order. */
type ProductRow = {
  id: number;
  handle: string;
  title: string;
  description: string;
  attribute_names: string[];
  images: { url: string; isHover: boolean }[];
  variants: {
    sku: string;
    attributes: Record<string, string>;
    priceCents: number;
    description: string;
    stock: number;
    subscriptions: SubscriptionRow[];
  }[];
  reviews: (Omit<ReviewRow, "createdAt"> & { createdAt: string })[];
  bundles: (BundleFields & { handles: string[] })[];
};

/**
 * Full products for the given ids, in the order given; unknown ids (or another store's) are skipped. One
 * statement gathers each product's images, variants with their subscription options, visible reviews and bundles
 * (with their products' handles): a results page of 48 products costs one round trip, not one per table.
 */
export async function loadProducts(db: Database, storeId: string, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.id, p.handle, p.title, p.description, p.attribute_names,
      coalesce((
        select json_agg(json_build_object('url', i.url, 'isHover', i.is_hover) order by i.position, i.id)
        from product_images i where i.product_id = p.id), '[]') as images,
      coalesce((
        select json_agg(json_build_object(
          'sku', v.sku, 'attributes', v.attributes, 'priceCents', v.price_cents, 'description', v.description,
          'stock', v.stock,
          'subscriptions', coalesce((
            select json_agg(json_build_object(
              'id', o.id, 'name', o.name, 'priceCents', o.price_cents, 'interval', o.interval,
              'intervalUnit', o.interval_unit))
            from subscription_options o where o.variant_id = v.id), '[]')
        ) order by v.position, v.id)
        from variants v where v.product_id = p.id), '[]') as variants,
      coalesce((
        select json_agg(json_build_object(
          'id', r.id, 'title', r.title, 'reviewerName', r.reviewer_name, 'verified', r.verified,
          'createdAt', r.created_at, 'rating', r.rating, 'description', r.description, 'response', r.response
        ) order by r.created_at desc, r.id desc)
        from reviews r where r.product_id = p.id and not r.hidden), '[]') as reviews,
      coalesce((
        select json_agg(json_build_object(
          'id', b.id, 'handle', b.handle, 'title', b.title, 'priceCents', b.price_cents,
          'description', b.description, 'skuToQuantity', b.sku_to_quantity, 'imageUrls', b.image_urls,
          'isStandalone', b.is_standalone,
          'handles', ${bundleHandlesJson(sql.raw("b.id"))}
        ) order by b.id)
        from bundle_products link join bundles b on b.id = link.bundle_id where link.product_id = p.id), '[]') as bundles
    from products p
    where p.store_id = ${storeId} and p.id = any(${sql.param(productIds)}::int[])`);
  const byId = new Map((result as unknown as { rows: ProductRow[] }).rows.map((row) => [row.id, row]));

  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const productVariants: Variant[] = row.variants.map((variant) => ({
      sku: variant.sku,
      product_attributes: variant.attributes,
      product_price: centsToDollars(variant.priceCents),
      description: variant.description,
      total_stock: variant.stock,
      subscription: variant.subscriptions.sort(byFrequency).map(
        (option): SubscriptionOption => ({
          subscription_id: option.id,
          subscription_name: option.name,
          subscription_price: centsToDollars(option.priceCents),
          subscription_interval: option.interval,
          subscription_interval_unit: option.intervalUnit,
        }),
      ),
    }));
    const productReviews = row.reviews.map((review) => toReview({ ...review, createdAt: new Date(review.createdAt) }));
    const ratingSum = productReviews.reduce((sum, review) => sum + review.review_rating, 0);
    const images = row.images;
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
        variant_list: variantList(productVariants, row.attribute_names),
        variants: productVariants,
        bundles: row.bundles.map((bundle) => toBundle(bundle, bundle.handles)),
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
