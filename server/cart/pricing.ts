/**
 * The server's pricing of a cart: every line is looked up in the database (sku, subscription, bundle and its chosen
 * variants) and priced from it, whatever price the browser sent. The cart service and the checkout both price
 * through `priceCart`, so the drawer, the stored cart and the order agree to the cent.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  discountCents,
  lineKey,
  productUnitCents,
  subtotalCents,
  unitsPerLine,
  type BundleContent,
  type CartLine,
  type Discount,
  type LineRequest,
} from "../../core/cart";
import { offeredInBundle } from "../catalog/bundles";
import { ON_SALE_STATUS } from "../catalog/products";
import type { Database } from "../db/client";
import { bundleProducts, bundles, productImages, products, subscriptionOptions, variants } from "../db/schema";
import { findDiscount } from "./discounts";
import { STANDARD_TAX_CLASS } from "../../core/tax";

/** A line as the database backs it now: core's line, priced, with what the checkout and the drawer need of stock. */
export type PricedLine = CartLine & {
  /** Index of the line in the input. */
  inputIndex: number;
  /** core's `lineKey`. */
  key: string;
  /** Stock one unit of the line takes: its sku, or the bundle's chosen variants with their quantities. */
  stockComponents: Record<string, number>;
  /** Units in stock now of each of those variants, for the drawer to hold the line within them. */
  stockOnHand: Record<string, number>;
  /** The tax class the quote taxes the line by: its product's, or for a bundle its products' (taxClassOfBundle). */
  taxClass: string;
};

/** A line the database cannot back: an unknown sku, a retired subscription, a bundle or variant that is gone. */
export type LineProblem = {
  /** Index of the line in the input. */
  index: number;
  /** The input refused, a dotted path: "cartItems.2.sku". */
  field: string;
  /** Precise: 'unknown sku "X"'. */
  message: string;
  /** What the shopper knew the line as, when the database still knows it. */
  title: string | null;
};

/** A line whose product (or a product of whose bundle) is a draft or archived: shoppers cannot buy it. */
export const NO_LONGER_AVAILABLE = "This product is no longer available";
export const BUNDLE_NO_LONGER_AVAILABLE = "This bundle is no longer available";

/** A problem in one line of words, where no field can carry the path (the checkout's "Your cart changed: …"). */
export const problemText = (problem: LineProblem) => `${problem.field}: ${problem.message}`;

export type PricedCart = {
  lines: PricedLine[];
  problems: LineProblem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The discount applied, null when no code was given or it is unknown or used up. */
  discount: Discount | null;
};

type ProductRow = {
  productId: number;
  handle: string;
  title: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  variantId: number;
  stock: number;
  onSale: boolean;
  taxClass: string;
};

async function productRowsBySku(db: Database, storeId: string, skus: string[]): Promise<Map<string, ProductRow>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      productId: products.id,
      handle: products.handle,
      title: products.title,
      sku: variants.sku,
      attributes: variants.attributes,
      priceCents: variants.priceCents,
      variantId: variants.id,
      stock: variants.stock,
      onSale: sql<boolean>`${products.status} = ${ON_SALE_STATUS}`,
      taxClass: products.taxClass,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), inArray(variants.sku, skus)));
  return new Map(rows.map((row) => [row.sku, row]));
}

/** Each product's images, main images first, then by position. */
async function imagesByProduct(db: Database, storeId: string, productIds: number[]): Promise<Map<number, string[]>> {
  const images = new Map<number, string[]>();
  if (productIds.length === 0) return images;
  const rows = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(and(eq(productImages.storeId, storeId), inArray(productImages.productId, productIds)))
    .orderBy(asc(productImages.isHover), asc(productImages.position), asc(productImages.id));
  for (const row of rows) images.set(row.productId, [...(images.get(row.productId) ?? []), row.url]);
  return images;
}

async function subscriptionsById(db: Database, storeId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof subscriptionOptions.$inferSelect>();
  const rows = await db
    .select()
    .from(subscriptionOptions)
    .where(and(eq(subscriptionOptions.storeId, storeId), inArray(subscriptionOptions.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

type BundleData = {
  row: typeof bundles.$inferSelect;
  /** Product handles in the bundle's order. */
  handles: string[];
  /** Product id of each handle. */
  productIdByHandle: Map<string, number>;
  /** Units of each product one bundle holds, from the bundle's sku_to_quantity. */
  quantityByProduct: Map<number, number>;
  /** Price in cents of the variant the bundle lists for each product, which the variants chosen must match. */
  listedPriceByProduct: Map<number, number>;
  /** Every product in the bundle is on sale: otherwise the bundle is not offered. */
  onSale: boolean;
};

async function bundlesById(db: Database, storeId: string, ids: number[]): Promise<Map<number, BundleData>> {
  const result = new Map<number, BundleData>();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.storeId, storeId), inArray(bundles.id, ids)));
  if (rows.length === 0) return result;
  const members = await db
    .select({
      bundleId: bundleProducts.bundleId,
      productId: products.id,
      handle: products.handle,
      onSale: sql<boolean>`${products.status} = ${ON_SALE_STATUS}`,
    })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(inArray(bundleProducts.bundleId, rows.map((row) => row.id)))
    .orderBy(asc(bundleProducts.position));
  const contentSkus = [...new Set(rows.flatMap((row) => Object.keys(row.skuToQuantity)))];
  const contentProducts = await productRowsBySku(db, storeId, contentSkus);
  for (const row of rows) {
    const own = members.filter((member) => member.bundleId === row.id);
    const quantityByProduct = new Map<number, number>();
    const listedPriceByProduct = new Map<number, number>();
    for (const [sku, quantity] of Object.entries(row.skuToQuantity)) {
      const product = contentProducts.get(sku);
      if (product) {
        quantityByProduct.set(product.productId, quantity);
        listedPriceByProduct.set(product.productId, product.priceCents);
      }
    }
    result.set(row.id, {
      row,
      handles: own.map((member) => member.handle),
      productIdByHandle: new Map(own.map((member) => [member.handle, member.productId])),
      quantityByProduct,
      listedPriceByProduct,
      onSale: own.every((member) => member.onSale),
    });
  }
  return result;
}

/**
 * Looks every line up and prices it. A line the database cannot back becomes a problem instead of a priced line;
 * the caller decides whether that refuses the request (saving a cart) or repairs the cart (loading it).
 */
async function resolveCartLines(
  db: Database,
  storeId: string,
  inputs: readonly LineRequest[],
): Promise<{ lines: PricedLine[]; problems: LineProblem[] }> {
  const productInputs = inputs.filter((input) => input.kind === "product");
  const bundleInputs = inputs.filter((input) => input.kind === "bundle");
  const bundleData = await bundlesById(db, storeId, [...new Set(bundleInputs.map((input) => input.bundleId))]);
  const chosenSkus = bundleInputs.flatMap((input) => Object.values(input.selectedVariants));
  const [skuRows, subscriptions] = await Promise.all([
    productRowsBySku(db, storeId, [...new Set([...productInputs.map((input) => input.sku), ...chosenSkus])]),
    subscriptionsById(db, storeId, [
      ...new Set(productInputs.flatMap((input) => (input.subscription ? [input.subscription.id] : []))),
    ]),
  ]);
  const images = await imagesByProduct(db, storeId, [
    ...new Set(productInputs.flatMap((input) => skuRows.get(input.sku)?.productId ?? [])),
  ]);

  const lines: PricedLine[] = [];
  const problems: LineProblem[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const field = `cartItems.${index}`;
    const priced =
      input.kind === "product"
        ? priceProductLine(input, field, skuRows, subscriptions, images)
        : priceBundleLine(input, field, bundleData, skuRows);
    if ("message" in priced) {
      problems.push({ index, ...priced });
      return;
    }
    const key = lineKey(priced);
    if (seen.has(key)) {
      problems.push({ index, field, message: "the same item appears twice in the cart", title: priced.title });
      return;
    }
    seen.add(key);
    lines.push({ ...priced, key, inputIndex: index, stockComponents: unitsPerLine(priced) });
  });
  return { lines, problems };
}

type Failure = { field: string; message: string; title: string | null };

type Priced = CartLine & Pick<PricedLine, "stockOnHand" | "taxClass">;

/**
 * A bundle is taxed by its products' class when they share one; mixed, at the standard rate, since a bundle has one
 * price and charging less than a region asks is the costlier mistake (decision 0063).
 */
function taxClassOfBundle(classes: readonly string[]): string {
  return new Set(classes).size === 1 ? classes[0] : STANDARD_TAX_CLASS;
}

function priceProductLine(
  input: Extract<LineRequest, { kind: "product" }>,
  field: string,
  skuRows: Map<string, ProductRow>,
  subscriptions: Map<string, typeof subscriptionOptions.$inferSelect>,
  images: Map<number, string[]>,
): Priced | Failure {
  const product = skuRows.get(input.sku);
  if (!product) return { field: `${field}.sku`, message: `unknown sku "${input.sku}"`, title: null };
  if (!product.onSale) return { field: `${field}.sku`, message: NO_LONGER_AVAILABLE, title: product.title };
  const subscriptionId = input.subscription?.id ?? null;
  const subscription = subscriptionId === null ? null : subscriptions.get(subscriptionId);
  if (subscription === undefined || (subscription && subscription.variantId !== product.variantId)) {
    return {
      field: `${field}.subscription.subscription_id`,
      message: `"${subscriptionId}" is not a subscription of sku "${input.sku}"`,
      title: product.title,
    };
  }
  return {
    kind: "product",
    sku: product.sku,
    subscription: subscription
      ? { id: subscription.id, priceCents: subscription.priceCents, interval: subscription.interval, intervalUnit: subscription.intervalUnit }
      : null,
    handle: product.handle,
    title: product.title,
    quantity: input.quantity,
    unitCents: productUnitCents(product.priceCents, subscription),
    imageUrls: images.get(product.productId) ?? [],
    attributes: product.attributes,
    stockOnHand: { [product.sku]: product.stock },
    taxClass: product.taxClass,
  };
}

function priceBundleLine(
  input: Extract<LineRequest, { kind: "bundle" }>,
  field: string,
  bundleData: Map<number, BundleData>,
  skuRows: Map<string, ProductRow>,
): Priced | Failure {
  const bundle = bundleData.get(input.bundleId);
  if (!bundle) return { field: `${field}.bundle_id`, message: `unknown bundle ${input.bundleId}`, title: null };
  const title = bundle.row.title;
  if (!bundle.onSale) return { field: `${field}.bundle_id`, message: BUNDLE_NO_LONGER_AVAILABLE, title };
  const refused = (handle: string, message: string): Failure => ({ field: `${field}.selected_variants.${handle}`, message, title });
  const selected: Record<string, string> = {};
  const stockOnHand: Record<string, number> = {};
  const contents: BundleContent[] = [];
  const classes: string[] = [];
  for (const handle of bundle.handles) {
    const sku = input.selectedVariants[handle];
    if (!sku) return refused(handle, `choose a variant of "${handle}"`);
    const product = skuRows.get(sku);
    if (!product || product.productId !== bundle.productIdByHandle.get(handle)) {
      return refused(handle, `"${sku}" is not a variant of "${handle}"`);
    }
    const listedPriceCents = bundle.listedPriceByProduct.get(product.productId);
    if (listedPriceCents === undefined || !offeredInBundle(listedPriceCents, product.priceCents)) {
      return refused(handle, `"${sku}" is not offered in this bundle`);
    }
    selected[handle] = sku;
    stockOnHand[sku] = product.stock;
    classes.push(product.taxClass);
    contents.push({ handle, sku, quantity: bundle.quantityByProduct.get(product.productId) ?? 1, attributes: product.attributes });
  }
  const extra = Object.keys(input.selectedVariants).find((handle) => !bundle.productIdByHandle.has(handle));
  if (extra !== undefined) return refused(extra, `"${extra}" is not part of this bundle`);
  return {
    kind: "bundle",
    bundleId: bundle.row.id,
    selectedVariants: selected,
    title,
    quantity: input.quantity,
    unitCents: bundle.row.priceCents,
    imageUrls: bundle.row.imageUrls,
    handles: bundle.handles,
    contents,
    stockOnHand,
    taxClass: taxClassOfBundle(classes),
  };
}

/** Totals of priced lines with core's one discount rule; bundles count on every path. */
export function totalsOf(lines: readonly PricedLine[], discount: Discount | null) {
  const subtotal = subtotalCents(lines);
  const off = discountCents(subtotal, discount);
  return { subtotalCents: subtotal, discountCents: off, totalCents: subtotal - off };
}

/**
 * The one pricing of a cart, for the cart service and the checkout: lines from the database, the code's discount
 * if it is still valid, totals in cents. Lines the database cannot back are left out and listed in `problems`.
 */
export async function priceCart(
  db: Database,
  storeId: string,
  inputs: readonly LineRequest[],
  discountCode: string | null | undefined,
): Promise<PricedCart> {
  const [{ lines, problems }, discount] = await Promise.all([
    resolveCartLines(db, storeId, inputs),
    discountCode ? findDiscount(db, storeId, discountCode) : Promise.resolve(null),
  ]);
  return { lines, problems, discount, ...totalsOf(lines, discount) };
}
