/**
 * Reads the catalogue into the shapes of core/schemas/catalog.ts. Products are loaded in batches (one statement
 * for any number of products), so a listing costs the same round trip as a single product page.
 *
 * Only `active` products reach shoppers: every read here leaves drafts and archived products out, in the statement
 * itself, unless a staff preview asks for them (`includeHidden`). A bundle is only offered while every product in
 * it is active: a shopper could not buy it whole otherwise.
 */
import { and, asc, eq, getTableColumns, sql, type Column, type SQL } from "drizzle-orm";
import { centsToDollars } from "../../core/money";
import type { Bundle, Product, ProductCardData, Review, SubscriptionOption, Variant } from "../../core/schemas/catalog";
import { ALL_PRODUCTS_HANDLE } from "../../core/schemas/admin-merchandising";
import type { Database } from "../db/client";
import { bundles, productHandleRedirects, products, reviews, subscriptionOptions } from "../db/schema";
import { publicReviewerName } from "../reviews/reviewer-name";
import { isAnyOf } from "../db/listing";

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

/** The one status whose products shoppers see, list, search and buy. */
export const ON_SALE_STATUS = "active";

/** For the reads a staff preview shares with shoppers: drafts and archived products too. */
export type CatalogueReadOptions = { includeHidden?: boolean };

/**
 * True while every product in bundle `bundleId` is on sale: only then is the bundle offered. An aggregate, so it is
 * worked out per bundle from the bundle's own few rows (its key, then each product's): as NOT EXISTS the planner
 * would rather read every product not on sale, which without an index on status is every product.
 */
export const bundleOnSale = (bundleId: SQL | Column) => sql`coalesce((
  select bool_and(member.status = ${ON_SALE_STATUS})
  from bundle_products held join products member on member.id = held.product_id
  where held.bundle_id = ${bundleId}), true)`;

/** The earlier price is shown struck through only when it is higher than the price. */
export function compareAtPrice(priceCents: number, compareAtCents: number | null): number | null {
  return compareAtCents !== null && compareAtCents > priceCents ? centsToDollars(compareAtCents) : null;
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
    .where(and(eq(bundles.storeId, storeId), isAnyOf(bundles.id, bundleIds), bundleOnSale(bundles.id)));
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
  seo_title: _seoTitle,
  seo_description: _seoDescription,
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
  seo_title: string;
  seo_description: string;
  images: { url: string; isHover: boolean; alt: string }[];
  variants: {
    sku: string;
    attributes: Record<string, string>;
    priceCents: number;
    compareAtCents: number | null;
    imageUrl: string | null;
    description: string;
    stock: number;
    subscriptions: SubscriptionRow[];
  }[];
  reviews: (Omit<ReviewRow, "createdAt"> & { createdAt: string })[];
  bundles: (BundleFields & { handles: string[] })[];
};

/**
 * Full products for the given ids, in the order given; unknown ids (or another store's) are skipped, and so are
 * products not on sale unless `includeHidden`. One statement gathers each product's images, variants with their
 * subscription options, visible reviews and offered bundles (with their products' handles): a results page of 48
 * products costs one round trip, not one per table.
 */
export async function loadProducts(
  db: Database,
  storeId: string,
  productIds: number[],
  { includeHidden = false }: CatalogueReadOptions = {},
): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.id, p.handle, p.title, p.description, p.attribute_names, p.seo_title, p.seo_description,
      coalesce((
        select json_agg(json_build_object('url', i.url, 'isHover', i.is_hover, 'alt', i.alt_text) order by i.position, i.id)
        from product_images i where i.product_id = p.id), '[]') as images,
      coalesce((
        select json_agg(json_build_object(
          'sku', v.sku, 'attributes', v.attributes, 'priceCents', v.price_cents, 'description', v.description,
          'stock', v.stock, 'compareAtCents', v.compare_at_cents,
          'imageUrl', (select picture.url from product_images picture where picture.id = v.image_id),
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
        from bundle_products link join bundles b on b.id = link.bundle_id
        where link.product_id = p.id and ${bundleOnSale(sql.raw("b.id"))}), '[]') as bundles
    from products p
    where p.store_id = ${storeId} and p.id = any(${sql.param(productIds)}::int[])
      ${includeHidden ? sql`` : sql`and p.status = ${ON_SALE_STATUS}`}`);
  const byId = new Map((result as unknown as { rows: ProductRow[] }).rows.map((row) => [row.id, row]));

  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const productVariants: Variant[] = row.variants.map((variant) => ({
      sku: variant.sku,
      product_attributes: variant.attributes,
      product_price: centsToDollars(variant.priceCents),
      compare_at_price: compareAtPrice(variant.priceCents, variant.compareAtCents),
      image_url: variant.imageUrl,
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
        compare_at_price: productVariants[0]?.compare_at_price ?? null,
        product_description: row.description,
        product_urls: images.filter((image) => !image.isHover).map((image) => image.url),
        product_image_main: main?.url ?? null,
        hoverImage: images.find((image) => image.isHover)?.url ?? null,
        image_alts: Object.fromEntries(images.map((image) => [image.url, image.alt])),
        variant_list: variantList(productVariants, row.attribute_names),
        variants: productVariants,
        bundles: row.bundles.map((bundle) => toBundle(bundle, bundle.handles)),
        reviews: productReviews,
        rating: {
          count: productReviews.length,
          average: productReviews.length ? Math.round((ratingSum / productReviews.length) * 10) / 10 : 0,
        },
        seo_title: row.seo_title,
        seo_description: row.seo_description,
      },
    ];
  });
}

/**
 * Product ids by handle: a product's current handle, or one it had before (product_handle_redirects), so an old
 * link still finds it. A current handle wins over another product's old one.
 */
async function productIdsByHandle(db: Database, storeId: string, handles: string[]): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select handle, id, 0 as rank from products where store_id = ${storeId} and handle = any(${sql.param(handles)}::text[])
    union all
    select handle, product_id, 1 from product_handle_redirects
    where store_id = ${storeId} and handle = any(${sql.param(handles)}::text[])
    order by rank desc`);
  // Current handles come last, so they overwrite an old handle that names another product.
  return new Map((result as unknown as { rows: { handle: string; id: number }[] }).rows.map((row) => [row.handle, row.id]));
}

/**
 * Products by handle (current or earlier), in the order asked, each once; handles the store does not have, or
 * whose product is not on sale, are left out. A product found by an earlier handle answers with its current one.
 */
export async function getProductsByHandles(db: Database, storeId: string, handles: string[]): Promise<Product[]> {
  if (handles.length === 0) return [];
  const idByHandle = await productIdsByHandle(db, storeId, handles);
  const ids = [...new Set(handles.flatMap((handle) => idByHandle.get(handle) ?? []))];
  return loadProducts(db, storeId, ids);
}

/** The product whose current handle is `handle`, on sale or (for a staff preview) not, with its status. */
export async function getProductForPreview(
  db: Database,
  storeId: string,
  handle: string,
): Promise<{ product: Product; status: string } | null> {
  const [row] = await db
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle)));
  if (!row) return null;
  const [product] = await loadProducts(db, storeId, [row.id], { includeHidden: true });
  return product ? { product, status: row.status } : null;
}

export async function getProductByHandle(db: Database, storeId: string, handle: string): Promise<Product | null> {
  const [product] = await getProductsByHandles(db, storeId, [handle]);
  return product ?? null;
}

/**
 * The current handle of the product that had `handle` before, or null when no product did (or still has it).
 * Shoppers are only sent on to a product on sale; a staff preview (`includeHidden`) to any.
 */
export async function movedProductHandle(
  db: Database,
  storeId: string,
  handle: string,
  { includeHidden = false }: CatalogueReadOptions = {},
): Promise<string | null> {
  const [row] = await db
    .select({ handle: products.handle })
    .from(productHandleRedirects)
    .innerJoin(products, eq(products.id, productHandleRedirects.productId))
    .where(
      and(
        eq(productHandleRedirects.storeId, storeId),
        eq(productHandleRedirects.handle, handle),
        includeHidden ? undefined : eq(products.status, ON_SALE_STATUS),
      ),
    );
  return row && row.handle !== handle ? row.handle : null;
}

/**
 * A window of the products on sale, oldest first (the order the shop added them), and how many there are: the home
 * page lists the first of them, never the whole catalogue.
 */
export async function productsOnSale(db: Database, storeId: string, window: { offset: number; limit: number }) {
  const onSale = and(eq(products.storeId, storeId), eq(products.status, ON_SALE_STATUS));
  const [rows, [{ total }]] = await Promise.all([
    db.select({ id: products.id }).from(products).where(onSale).orderBy(asc(products.createdAt), asc(products.id)).offset(window.offset).limit(window.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(onSale),
  ]);
  const found = await loadProducts(
    db,
    storeId,
    rows.map((row) => row.id),
  );
  return { products: found, total: Number(total) };
}

/**
 * The products a product's page offers beside it, at most `limit`: those sharing a collection with it first (in that
 * collection's order; the all_products list, which holds everything, shares nothing), then the oldest on sale. Each
 * part reads at most `limit` rows by index, however big the catalogue or the collection.
 */
export async function otherProducts(db: Database, storeId: string, handle: string, limit: number): Promise<Product[]> {
  const result = await db.execute(sql`
    with this as (select id from products where store_id = ${storeId} and handle = ${handle}),
    kin as (
      select theirs.product_id as id, min(mine.collection_id) as collection_id, min(theirs.position) as position
      from collection_products mine
      join collections c on c.id = mine.collection_id and c.handle <> ${ALL_PRODUCTS_HANDLE}
      join lateral (
        select member.product_id, member.position from collection_products member
        join products p on p.id = member.product_id and p.status = ${ON_SALE_STATUS}
        where member.collection_id = mine.collection_id and member.product_id <> mine.product_id
        order by member.position, member.product_id limit ${limit}
      ) theirs on true
      where mine.product_id = (select id from this)
      group by theirs.product_id
    ),
    oldest as (
      select p.id, row_number() over (order by p.created_at, p.id) as position from products p
      where p.store_id = ${storeId} and p.status = ${ON_SALE_STATUS} and p.id <> coalesce((select id from this), 0)
      order by p.created_at, p.id limit ${limit}
    )
    select id from (
      select id, 0 as part, collection_id, position from kin
      union all
      select id, 1, 0, position from oldest where id not in (select id from kin)
    ) chosen
    order by part, collection_id, position, id
    limit ${limit}`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  return loadProducts(db, storeId, ids);
}
