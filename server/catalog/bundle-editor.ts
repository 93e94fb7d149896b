/**
 * The back office's bundles: create, change and delete, each in one transaction with its audit event (a caller's
 * transaction becomes a savepoint of it). The admin API and the admin screens both call these. A bundle stores the
 * variants it offers as sku_to_quantity (the shop's bundle answer); here each product's variants carry the product's
 * one quantity, and they share one price, since the bundle page and the cart price a product's place in the bundle by
 * the variant it lists (catalog/bundles.ts, offeredInBundle).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { BundleInput } from "../../core/schemas/admin-merchandising";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { removingWithLinks, type LinksChoice } from "./navigation";
import { bundleProducts, bundles, products, variants } from "../db/schema";
import { removeStoredPicture, storePicture, aboutTheFile } from "../images/picture-intake";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, conflict } from "../../core/errors";
import { storeRow } from "../db/store-rows";
import { assertFree, whenTaken } from "../db/unique-violation";

export const BUNDLE_NOT_FOUND = "No bundle with this id in this store";

export type BundleSummary = {
  id: number;
  handle: string;
  title: string;
  priceCents: number;
  isStandalone: boolean;
  productCount: number;
  imageUrl: string | null;
};

export type BundleRecord = {
  id: number;
  handle: string;
  title: string;
  description: string;
  priceCents: number;
  isStandalone: boolean;
  imageUrls: string[];
  /** In the bundle's order; each product's offered SKUs in its variants' order. */
  products: { productId: number; handle: string; title: string; quantity: number; skus: string[] }[];
  skuToQuantity: Record<string, number>;
};

/** A variant as the bundle form offers it: its SKU, what tells it apart, and its price. */
export type BundleVariantChoice = { sku: string; attributes: Record<string, string>; priceCents: number };

/** A product the bundle form may add, with its variants. */
export type BundleProductChoice = { id: number; handle: string; title: string; status: string; variants: BundleVariantChoice[] };

export async function listBundles(db: Database, storeId: string): Promise<BundleSummary[]> {
  const rows = await db
    .select({
      id: bundles.id,
      handle: bundles.handle,
      title: bundles.title,
      priceCents: bundles.priceCents,
      isStandalone: bundles.isStandalone,
      imageUrls: bundles.imageUrls,
      productCount: count(bundleProducts.productId),
    })
    .from(bundles)
    .leftJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .where(eq(bundles.storeId, storeId))
    .groupBy(bundles.id)
    .orderBy(asc(bundles.title), asc(bundles.id));
  return rows.map(({ imageUrls, ...row }) => ({ ...row, imageUrl: imageUrls[0] ?? null }));
}

/** Every product of the store with its variants, in title order: what a bundle may hold. */
export async function bundleProductChoices(db: Database, storeId: string): Promise<BundleProductChoice[]> {
  const rows = await db
    .select({
      id: products.id,
      handle: products.handle,
      title: products.title,
      status: products.status,
      sku: variants.sku,
      attributes: variants.attributes,
      priceCents: variants.priceCents,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.title), asc(products.id), asc(variants.position), asc(variants.id));
  const byId = new Map<number, BundleProductChoice>();
  for (const row of rows) {
    const product = byId.get(row.id) ?? { id: row.id, handle: row.handle, title: row.title, status: row.status, variants: [] };
    product.variants.push({ sku: row.sku, attributes: row.attributes, priceCents: row.priceCents });
    byId.set(row.id, product);
  }
  return [...byId.values()];
}

export async function getBundleRecord(db: Database, storeId: string, id: number): Promise<BundleRecord> {
  const row = await storeRow(db, bundles, storeId, id, BUNDLE_NOT_FOUND);
  const members = await db
    .select({ productId: products.id, handle: products.handle, title: products.title })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(eq(bundleProducts.bundleId, id))
    .orderBy(asc(bundleProducts.position), asc(bundleProducts.productId));
  const offered = members.length
    ? await db
        .select({ productId: variants.productId, sku: variants.sku })
        .from(variants)
        .where(
          and(
            inArray(
              variants.productId,
              members.map((member) => member.productId),
            ),
            inArray(variants.sku, Object.keys(row.skuToQuantity).length ? Object.keys(row.skuToQuantity) : [""]),
          ),
        )
        .orderBy(asc(variants.position), asc(variants.id))
    : [];
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    priceCents: row.priceCents,
    isStandalone: row.isStandalone,
    imageUrls: row.imageUrls,
    products: members.map((member) => {
      const skus = offered.filter((variant) => variant.productId === member.productId).map((variant) => variant.sku);
      return { ...member, skus, quantity: skus.length ? row.skuToQuantity[skus[0]] : 1 };
    }),
    skuToQuantity: row.skuToQuantity,
  };
}

/** What the audit trail keeps of a bundle: what an owner sets, products by handle. */
function audited(bundle: BundleRecord) {
  return { ...inputOf(bundle), products: bundle.products.map((product) => product.handle), sku_to_quantity: bundle.skuToQuantity };
}

/**
 * The input's products checked against the store: each product exists, each SKU is one of its variants, and a
 * product's SKUs share a price. Answers sku_to_quantity. Refusals name the field as the input has it.
 */
async function skuToQuantityOf(db: Database, storeId: string, input: BundleInput): Promise<Record<string, number>> {
  const productIds = input.products.map((product) => product.product_id);
  const rows = await db
    .select({ productId: variants.productId, sku: variants.sku, priceCents: variants.priceCents })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.storeId, storeId), inArray(variants.productId, productIds)));
  const skuToQuantity: Record<string, number> = {};
  input.products.forEach((product, index) => {
    const own = rows.filter((row) => row.productId === product.product_id);
    if (own.length === 0) throw badInput("No product with this id in this store", `products.${index}.product_id`);
    let price: number | undefined;
    product.skus.forEach((sku, at) => {
      const variant = own.find((row) => row.sku.toUpperCase() === sku.toUpperCase());
      if (!variant) throw badInput(`SKU ${sku} is not a variant of this product`, `products.${index}.skus.${at}`);
      price ??= variant.priceCents;
      if (variant.priceCents !== price) {
        throw badInput("The variants offered for one product must share a price", `products.${index}.skus.${at}`);
      }
      skuToQuantity[variant.sku] = product.quantity;
    });
  });
  return skuToQuantity;
}

const HANDLE_TAKEN = "Another bundle has this handle";

const handleTaken = () => conflict(HANDLE_TAKEN, "handle");
const assertHandleFree = (db: Database, storeId: string, handle: string, exceptId?: number) =>
  assertFree(db, bundles, storeId, eq(bundles.handle, handle), exceptId, handleTaken);
const refuseTakenHandle = whenTaken("bundles_store_handle_uq", handleTaken);

/** Pictures a bundle keeps are ones it has; new ones come from an upload (`added`, already stored). */
function picturesOf(input: BundleInput, has: string[], added: string[]): string[] {
  input.image_urls.forEach((url, index) => {
    if (!has.includes(url)) throw badInput("Not one of the bundle's pictures; upload a new one instead", `image_urls.${index}`);
  });
  const urls = [...input.image_urls, ...added];
  if (urls.length > 20) throw badInput("A bundle has at most 20 pictures", "pictures");
  return urls;
}

async function writeMembers(tx: Database, storeId: string, bundleId: number, input: BundleInput): Promise<void> {
  await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  await tx.insert(bundleProducts).values(input.products.map((product, position) => ({ bundleId, productId: product.product_id, storeId, position })));
}

export async function createBundle(db: Database, actor: AuditActor, input: BundleInput, addedPictures: string[] = []): Promise<BundleRecord> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    await assertHandleFree(tx, storeId, input.handle);
    const skuToQuantity = await skuToQuantityOf(tx, storeId, input);
    const [row] = await tx
      .insert(bundles)
      .values({
        storeId,
        handle: input.handle,
        title: input.title,
        description: input.description,
        priceCents: input.price_cents,
        isStandalone: input.is_standalone,
        imageUrls: picturesOf(input, [], addedPictures),
        skuToQuantity,
      })
      .returning({ id: bundles.id });
    await writeMembers(tx, storeId, row.id, input);
    const created = await getBundleRecord(tx, storeId, row.id);
    await recordAudit(tx, actor, { action: "bundle.create", entity: "bundle", entityId: row.id, before: null, after: audited(created) });
    return created;
  }).catch(refuseTakenHandle);
}

export async function updateBundle(
  db: Database,
  actor: AuditActor,
  id: number,
  input: BundleInput,
  addedPictures: string[] = [],
): Promise<BundleRecord> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    const before = await getBundleRecord(tx, storeId, id);
    await assertHandleFree(tx, storeId, input.handle, id);
    const skuToQuantity = await skuToQuantityOf(tx, storeId, input);
    await tx
      .update(bundles)
      .set({
        handle: input.handle,
        title: input.title,
        description: input.description,
        priceCents: input.price_cents,
        isStandalone: input.is_standalone,
        imageUrls: picturesOf(input, before.imageUrls, addedPictures),
        skuToQuantity,
      })
      .where(and(eq(bundles.storeId, storeId), eq(bundles.id, id)));
    await writeMembers(tx, storeId, id, input);
    const after = await getBundleRecord(tx, storeId, id);
    await recordAudit(tx, actor, { action: "bundle.update", entity: "bundle", entityId: id, before: audited(before), after: audited(after) });
    return after;
  }).catch(refuseTakenHandle);
}

/** Adds stored pictures (storePicture's urls) after the bundle's own. */
export async function addBundlePictures(db: Database, actor: AuditActor, id: number, urls: string[]): Promise<BundleRecord> {
  return db.transaction(async (tx) => {
    const bundle = await getBundleRecord(tx, actor.storeId, id);
    return updateBundle(tx, actor, id, inputOf(bundle), urls);
  });
}

/**
 * Uploaded pictures, checked by their bytes and stored with the storefront's renditions (storePicture), added after
 * the bundle's own: all or none, so a refused file leaves no stored picture behind. Refusals name the field `file`.
 */
export async function uploadBundlePictures(
  services: Pick<AppDeps, "db" | "imageStorage">,
  actor: AuditActor,
  id: number,
  files: Blob[],
): Promise<BundleRecord> {
  const urls: string[] = [];
  try {
    await getBundleRecord(services.db, actor.storeId, id);
    for (const file of files) {
      urls.push((await storePicture(services.imageStorage, Buffer.from(await file.arrayBuffer()), { folder: "bundles" })).url);
    }
    return await addBundlePictures(services.db, actor, id, urls);
  } catch (error) {
    await Promise.all(urls.map((url) => removeStoredPicture(services.imageStorage, url)));
    throw aboutTheFile(error);
  }
}

/** A bundle as the input that would save it unchanged: the start of a form, or of a change to part of it. */
export function inputOf(bundle: BundleRecord): BundleInput {
  return {
    handle: bundle.handle,
    title: bundle.title,
    description: bundle.description,
    price_cents: bundle.priceCents,
    is_standalone: bundle.isStandalone,
    products: bundle.products.map((product) => ({ product_id: product.productId, quantity: product.quantity, skus: product.skus })),
    image_urls: bundle.imageUrls,
  };
}

/**
 * Carts holding the bundle drop its line when they next load (cart/pricing.ts repairs them); orders keep their copy.
 * Menu and footer links to its page go or stay as `links` says (removingWithLinks).
 */
export async function deleteBundle(db: Database, actor: AuditActor, id: number, links?: LinksChoice): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getBundleRecord(tx, actor.storeId, id);
    await removingWithLinks(tx, actor, links, () => tx.delete(bundles).where(and(eq(bundles.storeId, actor.storeId), eq(bundles.id, id))));
    await recordAudit(tx, actor, { action: "bundle.delete", entity: "bundle", entityId: id, before: audited(before), after: null });
  });
}
