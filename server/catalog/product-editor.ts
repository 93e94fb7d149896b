/**
 * The one place products are written: the admin API, the admin screens and the Shopify CSV import all hand a
 * `ProductInput` to `saveProduct`, so a product's rules (handles unique with their old addresses kept, SKUs unique in
 * the store, stock moved only as adjustments, descriptions cleaned, alt text before publishing) hold however it was
 * changed. Every function here runs in the caller's transaction and never opens its own: the import saves thousands
 * of products in one.
 */
import { and, asc, eq, inArray, max, ne, notInArray, or, sql } from "drizzle-orm";
import type { ProductStatus } from "../../core/catalog-admin";
import type { ProductInput, VariantInput } from "../../core/schemas/admin-catalogue";
import type { Database } from "../db/client";
import { removingWithLinks, type LinksChoice } from "./navigation";
import { ON_SALE_STATUS } from "./products";
import { containing, newestFirstPage } from "../db/listing";
import { storeIdOfHandle, storeRow } from "../db/store-rows";
import { DEMO } from "../db/seed-content";
import { ALL_PRODUCTS_HANDLE } from "../../core/schemas/admin-merchandising";
import {
  bundles,
  collectionProducts,
  collections,
  orderLines,
  productHandleRedirects,
  productImages,
  products,
  subscriptionOptions,
  variants,
} from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { cleanDescriptionHtml } from "./description-html";
import { adjustStock } from "./stock";
import { badInput, conflict, notFound } from "../../core/errors";
import { isUniqueViolation } from "../db/unique-violation";
import { assertTaxClass } from "../store/rules";

export type SaveProductTarget = { create: true } | { productId: number } | { byHandle: true };
export type SaveProductOptions = {
  /** false: no audit event for this product (the import records one for the whole file). */
  audit?: boolean;
  /** true: the caller has checked, in this transaction, that no other product has these SKUs (the import, a batch at once). */
  skusChecked?: boolean;
};

export const ALT_TEXT_REQUIRED_MESSAGE = "Every picture needs alt text before the product is published";
export const PRODUCT_NOT_FOUND_MESSAGE = "No product with this id in this store";

type ProductRow = typeof products.$inferSelect;

/**
 * Creates or changes a product, its variants, their stock and plans, and its collections, from a whole
 * `ProductInput`. Variants are matched by SKU: those that exist are changed, new ones added, those left out removed.
 * A save that takes it off sale asks about the menu and footer links that would lead nowhere, as setProductStatus
 * does (`input.links`, removingWithLinks): without a choice the whole save is refused and nothing of it is written.
 */
export async function saveProduct(
  tx: Database,
  actor: AuditActor,
  input: ProductInput,
  target: SaveProductTarget,
  options: SaveProductOptions = {},
): Promise<{ productId: number; created: boolean }> {
  const storeId = actor.storeId;
  const existing = await targetProduct(tx, storeId, input.handle, target);
  if (!existing || existing.handle !== input.handle) await assertHandleFree(tx, storeId, input.handle, existing?.id ?? null);
  if (!options.skusChecked) await assertSkusFree(tx, storeId, input.variants, existing?.id ?? null);
  const collectionIds = input.collection_ids ?? (existing ? undefined : await newProductCollectionIds(tx, storeId));
  if (input.collection_ids) await assertCollectionsExist(tx, storeId, input.collection_ids);
  if (existing && input.status === "active") await assertPublishable(tx, existing.id);
  if (input.tax_class !== undefined) await assertTaxClass(tx, storeId, input.tax_class);

  const audit = options.audit !== false;
  const before = existing && audit ? await auditSnapshot(tx, storeId, existing.id) : null;
  const fields = {
    handle: input.handle,
    title: input.title,
    description: cleanDescriptionHtml(input.description_html),
    status: input.status,
    vendor: input.vendor,
    productType: input.product_type,
    ...(input.tax_class === undefined ? {} : { taxClass: input.tax_class }),
    tags: input.tags,
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    attributeNames: input.options,
    attributeText: attributeText(input.variants),
  };

  const write = async () => {
    let productId: number;
    if (existing) {
      productId = existing.id;
      await tx.update(products).set({ ...fields, updatedAt: new Date() }).where(eq(products.id, productId));
      if (existing.handle !== input.handle) await keepOldHandle(tx, storeId, productId, existing.handle, input.handle);
    } else {
      const [inserted] = await tx.insert(products).values({ storeId, ...fields }).returning({ id: products.id });
      productId = inserted.id;
    }
    await saveVariants(tx, actor, productId, input);
    if (collectionIds) await setCollections(tx, storeId, productId, collectionIds);
    return productId;
  };
  // Only a save that takes the product off sale can leave links leading nowhere: a changed handle keeps its old
  // address answering (a 301), which the links' check does not know, so other saves are not asked about links.
  const offSale = existing?.status === ON_SALE_STATUS && input.status !== ON_SALE_STATUS;
  const productId = offSale ? await removingWithLinks(tx, actor, input.links, write) : await write();

  if (audit) {
    await recordAudit(tx, actor, {
      action: existing ? "product.update" : "product.create",
      entity: "product",
      entityId: productId,
      before,
      after: await auditSnapshot(tx, storeId, productId),
    });
  }
  return { productId, created: !existing };
}

async function targetProduct(tx: Database, storeId: string, handle: string, target: SaveProductTarget): Promise<ProductRow | undefined> {
  if ("create" in target) return undefined;
  if ("productId" in target) {
    return storeRow(tx, products, storeId, target.productId, PRODUCT_NOT_FOUND_MESSAGE, true);
  }
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle)))
    .for("update");
  return row;
}

/** A handle is taken by another product's current handle, or by an old one that still answers for it. */
async function assertHandleFree(tx: Database, storeId: string, handle: string, productId: number | null): Promise<void> {
  const [current] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle), productId === null ? undefined : ne(products.id, productId)));
  const [old] = await tx
    .select({ id: productHandleRedirects.productId })
    .from(productHandleRedirects)
    .where(
      and(
        eq(productHandleRedirects.storeId, storeId),
        eq(productHandleRedirects.handle, handle),
        productId === null ? undefined : ne(productHandleRedirects.productId, productId),
      ),
    );
  if (current || old) throw conflict(`Handle ${handle} is taken`, "handle");
}

async function assertSkusFree(tx: Database, storeId: string, wanted: VariantInput[], productId: number | null): Promise<void> {
  const lowered = wanted.map((variant) => variant.sku.toLowerCase());
  const taken = await tx
    .select({ sku: variants.sku, title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(variants.storeId, storeId),
        inArray(sql`lower(${variants.sku})`, lowered),
        productId === null ? undefined : ne(variants.productId, productId),
      ),
    );
  if (taken.length === 0) return;
  // The first row of the form whose SKU is taken, whatever order the database found them in.
  const titleOf = new Map(taken.map((row) => [row.sku.toLowerCase(), row.title]));
  const index = lowered.findIndex((sku) => titleOf.has(sku));
  throw conflict(`SKU ${wanted[index].sku} is used by ${titleOf.get(lowered[index])}`, `variants.${index}.sku`);
}

async function assertCollectionsExist(tx: Database, storeId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), inArray(collections.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw badInput(`No collection ${missing} in this store`, "collection_ids");
}

/** Shop pages stay accessible: a product is active only once each of its pictures is described. */
async function assertPublishable(tx: Database, productId: number): Promise<void> {
  const [undescribed] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), sql`trim(${productImages.altText}) = ''`))
    .limit(1);
  if (undescribed) throw badInput(ALT_TEXT_REQUIRED_MESSAGE, "status");
}

/** The old address keeps answering (a 301 to the new one); an old handle taken back is an address again. */
async function keepOldHandle(tx: Database, storeId: string, productId: number, oldHandle: string, newHandle: string): Promise<void> {
  await tx
    .delete(productHandleRedirects)
    .where(and(eq(productHandleRedirects.storeId, storeId), eq(productHandleRedirects.handle, newHandle)));
  await tx.insert(productHandleRedirects).values({ storeId, handle: oldHandle, productId }).onConflictDoNothing();
}

/** A bundle names its contents by SKU: a variant a bundle holds stays until the bundle lets it go. */
async function assertNotInBundles(tx: Database, storeId: string, skus: string[]): Promise<void> {
  const [holder] = await tx
    .select({ title: bundles.title, contents: bundles.skuToQuantity })
    .from(bundles)
    .where(and(eq(bundles.storeId, storeId), sql`${bundles.skuToQuantity} ?| array[${sql.join(skus.map((sku) => sql`${sku}`), sql`, `)}]::text[]`))
    .limit(1);
  if (!holder) return;
  const sku = skus.find((candidate) => Object.hasOwn(holder.contents, candidate));
  throw conflict(`SKU ${sku} is in the bundle ${holder.title}; take it out of the bundle before removing the variant`, "variants");
}

/** How many orders name each of these SKUs (by the SKU in lower case), for a variant's removal to be asked first. */
export async function ordersBySku(tx: Database, storeId: string, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await tx
    .select({ sku: sql<string>`lower(${orderLines.sku})`, orders: sql<number>`count(distinct ${orderLines.orderId})::int` })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(sql`lower(${orderLines.sku})`, skus.map((sku) => sku.toLowerCase()))))
    .groupBy(sql`lower(${orderLines.sku})`);
  return new Map(rows.map((row) => [row.sku, row.orders]));
}

export const ordersWord = (orders: number) => (orders === 1 ? "1 order" : `${orders} orders`);

/** A variant orders name goes only when the save says so: its sales are the owner's record, not a row to lose by accident. */
async function assertRemovalAsked(tx: Database, storeId: string, leftOut: { sku: string }[], confirmed: boolean): Promise<void> {
  if (confirmed) return;
  const orders = await ordersBySku(
    tx,
    storeId,
    leftOut.map((row) => row.sku),
  );
  const sold = leftOut.filter((row) => orders.has(row.sku.toLowerCase()));
  if (sold.length === 0) return;
  const named = sold.map((row) => `${row.sku} (${ordersWord(orders.get(row.sku.toLowerCase()) ?? 0)})`).join(", ");
  throw conflict(
    `${sold.length === 1 ? "This variant has" : "These variants have"} orders and would be removed: ${named}. Keep ${sold.length === 1 ? "its row" : "their rows"}, or confirm the removal`,
    "remove_variants_with_orders",
  );
}

/** What search weighs besides the title: each distinct option value of the product's variants (as the seed keeps it). */
function attributeText(variantList: VariantInput[]): string {
  return [...new Set(variantList.flatMap((variant) => variant.option_values))].join(" ");
}

const attributesOf = (optionNames: string[], variant: VariantInput) =>
  Object.fromEntries(optionNames.map((name, index) => [name, variant.option_values[index]]));

async function saveVariants(tx: Database, actor: AuditActor, productId: number, input: ProductInput): Promise<void> {
  const storeId = actor.storeId;
  // Locked before the orders are counted: a checkout holding a variant's stock is then either counted or finds it gone.
  const current = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(eq(variants.productId, productId)).for("update");
  const idBySku = new Map(current.map((row) => [row.sku.toLowerCase(), row.id]));
  const keptSkus = new Set(input.variants.map((variant) => variant.sku.toLowerCase()));
  const leftOut = current.filter((row) => !keptSkus.has(row.sku.toLowerCase()));
  if (leftOut.length > 0) {
    await assertRemovalAsked(tx, storeId, leftOut, input.remove_variants_with_orders === true);
    await assertNotInBundles(
      tx,
      storeId,
      leftOut.map((row) => row.sku),
    );
    await tx.delete(variants).where(
      inArray(
        variants.id,
        leftOut.map((row) => row.id),
      ),
    );
  }

  for (const [position, variant] of input.variants.entries()) {
    const fields = {
      sku: variant.sku,
      attributes: attributesOf(input.options, variant),
      priceCents: variant.price_cents,
      compareAtCents: variant.compare_at_price_cents,
      lowStockThreshold: variant.low_stock_threshold,
      weightGrams: variant.weight_grams,
      position,
    };
    let variantId = idBySku.get(variant.sku.toLowerCase());
    const isNew = variantId === undefined;
    if (variantId === undefined) {
      const [inserted] = await tx.insert(variants).values({ storeId, productId, stock: 0, ...fields }).returning({ id: variants.id });
      variantId = inserted.id;
    } else {
      await tx.update(variants).set(fields).where(eq(variants.id, variantId));
    }
    if (variant.stock !== undefined) {
      await adjustStock(tx, { storeId, variantId, setTo: variant.stock, reason: isNew ? "received" : "correction", actorLabel: actor.label });
    }
    if (variant.subscriptions) await replacePlans(tx, storeId, variantId, variant.sku, variant.subscriptions);
  }
}

/**
 * Plan ids are the table's primary key across stores and what a subscription remembers, so they are made as the
 * seed makes them (`sub-<sku>-2w`, the store id before them outside the demo store): the same plan keeps its id.
 */
export function subscriptionPlanId(storeId: string, sku: string, interval: number, unit: string, taken: Set<string>): string {
  const plan = `sub-${sku.toLowerCase()}-${interval}${unit[0]}`;
  const base = storeId === DEMO.storeId ? plan : `${storeId}-${plan}`;
  let id = base;
  // Two plans of the same interval (a variant may offer both) are told apart by a number.
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

async function replacePlans(
  tx: Database,
  storeId: string,
  variantId: number,
  sku: string,
  plans: NonNullable<VariantInput["subscriptions"]>,
): Promise<void> {
  await tx.delete(subscriptionOptions).where(eq(subscriptionOptions.variantId, variantId));
  if (plans.length === 0) return;
  const taken = new Set<string>();
  await tx.insert(subscriptionOptions).values(
    plans.map((plan) => ({
      id: subscriptionPlanId(storeId, sku, plan.interval, plan.interval_unit, taken),
      storeId,
      variantId,
      name: plan.name,
      priceCents: plan.price_cents,
      interval: plan.interval,
      intervalUnit: plan.interval_unit,
    })),
  );
}

/**
 * The collections a new product is in unless its input names them: the shop's list of every product (all_products,
 * which /shop and the home page list), as a new product in a Shopify shop is in its catalogue at once. The owner may
 * take it out, or name its collections, in the form and the API alike; an import of a shop's products lists them.
 */
export async function newProductCollectionIds(db: Database, storeId: string): Promise<number[]> {
  const allProducts = await storeIdOfHandle(db, collections, storeId, ALL_PRODUCTS_HANDLE);
  return allProducts === null ? [] : [allProducts];
}

/** The product leaves the collections not named and joins the others at their end. */
async function setCollections(tx: Database, storeId: string, productId: number, ids: number[]): Promise<void> {
  await tx
    .delete(collectionProducts)
    .where(and(eq(collectionProducts.productId, productId), ids.length > 0 ? notInArray(collectionProducts.collectionId, ids) : undefined));
  const already = await tx
    .select({ id: collectionProducts.collectionId })
    .from(collectionProducts)
    .where(eq(collectionProducts.productId, productId));
  const member = new Set(already.map((row) => row.id));
  for (const collectionId of ids.filter((id) => !member.has(id))) {
    const [last] = await tx
      .select({ position: max(collectionProducts.position) })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collectionId));
    await tx.insert(collectionProducts).values({ storeId, collectionId, productId, position: (last?.position ?? -1) + 1 });
  }
}

/** What the audit trail compares, in the API's names: the product as saved, and each variant's stock. */
async function auditSnapshot(tx: Database, storeId: string, productId: number): Promise<Record<string, unknown>> {
  const product = await getAdminProduct(tx, storeId, productId);
  const input = productInputOf(product);
  return { ...input, variants: input.variants.map((variant, row) => ({ ...variant, stock: product.variants[row].stock })) };
}

/** A product as it is saved: the editor's form and the API's answer are made from this. */
export function productInputOf(product: AdminProduct): ProductInput {
  return {
    handle: product.handle,
    title: product.title,
    description_html: product.descriptionHtml,
    status: product.status,
    vendor: product.vendor,
    product_type: product.productType,
    tax_class: product.taxClass,
    tags: product.tags,
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    options: product.options,
    variants: product.variants.map((variant) => ({
      sku: variant.sku,
      option_values: variant.optionValues,
      price_cents: variant.priceCents,
      compare_at_price_cents: variant.compareAtCents,
      low_stock_threshold: variant.lowStockThreshold,
      weight_grams: variant.weightGrams,
      subscriptions: variant.subscriptions.map((plan) => ({
        name: plan.name,
        price_cents: plan.priceCents,
        interval: plan.interval,
        interval_unit: plan.intervalUnit,
      })),
    })),
    collection_ids: product.collectionIds,
  };
}

/** First free handle of `<handle>-copy`, `<handle>-copy-2`, …; likewise SKUs with `-COPY`. */
async function firstFree(candidates: (n: number) => string, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = candidates(n);
    if (!(await isTaken(candidate))) return candidate;
  }
}

/**
 * A draft copy of a product to start a similar one from: `<handle>-copy`, "Copy of …", each SKU with `-COPY`, no
 * stock, the same pictures (the same files and alt text) and collections.
 */
export async function duplicateProduct(tx: Database, actor: AuditActor, productId: number): Promise<{ productId: number }> {
  const storeId = actor.storeId;
  const original = await getAdminProduct(tx, storeId, productId);
  const handleTaken = async (handle: string) => {
    const current = await storeIdOfHandle(tx, products, storeId, handle);
    const [old] = await tx
      .select({ id: productHandleRedirects.productId })
      .from(productHandleRedirects)
      .where(and(eq(productHandleRedirects.storeId, storeId), eq(productHandleRedirects.handle, handle)));
    return current !== null || Boolean(old);
  };
  const skuTaken = async (sku: string) => {
    const [row] = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, storeId), sql`lower(${variants.sku}) = ${sku.toLowerCase()}`));
    return Boolean(row);
  };
  const input = productInputOf(original);
  input.handle = await firstFree((n) => `${original.handle}-copy${n === 1 ? "" : `-${n}`}`, handleTaken);
  input.title = `Copy of ${original.title}`.slice(0, 255);
  input.status = "draft";
  for (const variant of input.variants) {
    variant.sku = await firstFree((n) => `${variant.sku}-COPY${n === 1 ? "" : `-${n}`}`, skuTaken);
  }
  const { productId: copyId } = await saveProduct(tx, actor, input, { create: true });

  const newImageIds = new Map<number, number>();
  for (const picture of original.pictures) {
    const [inserted] = await tx
      .insert(productImages)
      .values({ storeId, productId: copyId, url: picture.url, altText: picture.altText, isHover: picture.isHover, position: picture.position })
      .returning({ id: productImages.id });
    newImageIds.set(picture.id, inserted.id);
  }
  const copiedVariants = await tx.select({ id: variants.id, position: variants.position }).from(variants).where(eq(variants.productId, copyId));
  for (const copied of copiedVariants) {
    const imageId = original.variants[copied.position]?.imageId;
    if (imageId != null) await tx.update(variants).set({ imageId: newImageIds.get(imageId) ?? null }).where(eq(variants.id, copied.id));
  }
  return { productId: copyId };
}

/**
 * Publish, archive or take back to draft; publishing asks for alt text on every picture, as a save does. Menu and
 * footer links that taking it off sale leaves leading nowhere go or stay as `links` says (removingWithLinks).
 */
export async function setProductStatus(tx: Database, actor: AuditActor, productId: number, status: ProductStatus, links?: LinksChoice): Promise<void> {
  const product = await storeRow(tx, products, actor.storeId, productId, PRODUCT_NOT_FOUND_MESSAGE, true);
  if (product.status === status) return;
  if (status === "active") await assertPublishable(tx, productId);
  await removingWithLinks(tx, actor, links, () => tx.update(products).set({ status, updatedAt: new Date() }).where(eq(products.id, productId)));
  await recordAudit(tx, actor, {
    action: "product.update",
    entity: "product",
    entityId: productId,
    before: { status: product.status },
    after: { status },
  });
}

// ---------------------------------------------------------------- reads

export type AdminVariant = {
  id: number;
  sku: string;
  /** One per product option, in the options' order. */
  optionValues: string[];
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  lowStockThreshold: number | null;
  weightGrams: number | null;
  imageId: number | null;
  subscriptions: { id: string; name: string; priceCents: number; interval: number; intervalUnit: "day" | "week" | "month" | "year" }[];
};

export type AdminPicture = { id: number; url: string; altText: string; position: number; isHover: boolean };

export type AdminProduct = {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  taxClass: string;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
  options: string[];
  variants: AdminVariant[];
  pictures: AdminPicture[];
  collectionIds: number[];
  /** Earlier handles whose addresses answer with a 301 to this product. */
  oldHandles: string[];
  createdAt: Date;
  updatedAt: Date;
};

export async function getAdminProduct(db: Database, storeId: string, productId: number): Promise<AdminProduct> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  const variantRows = await db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.position), asc(variants.id));
  const plans =
    variantRows.length === 0
      ? []
      : await db
          .select()
          .from(subscriptionOptions)
          .where(
            inArray(
              subscriptionOptions.variantId,
              variantRows.map((variant) => variant.id),
            ),
          )
          .orderBy(asc(subscriptionOptions.interval), asc(subscriptionOptions.id));
  const pictures = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const memberships = await db
    .select({ id: collectionProducts.collectionId })
    .from(collectionProducts)
    .where(eq(collectionProducts.productId, productId))
    .orderBy(asc(collectionProducts.collectionId));
  const redirects = await db
    .select({ handle: productHandleRedirects.handle })
    .from(productHandleRedirects)
    .where(and(eq(productHandleRedirects.storeId, storeId), eq(productHandleRedirects.productId, productId)))
    .orderBy(asc(productHandleRedirects.createdAt), asc(productHandleRedirects.handle));
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.description,
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    taxClass: product.taxClass,
    tags: product.tags,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    options: product.attributeNames,
    variants: variantRows.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      optionValues: product.attributeNames.map((name) => variant.attributes[name] ?? ""),
      priceCents: variant.priceCents,
      compareAtCents: variant.compareAtCents,
      stock: variant.stock,
      lowStockThreshold: variant.lowStockThreshold,
      weightGrams: variant.weightGrams,
      imageId: variant.imageId,
      subscriptions: plans
        .filter((plan) => plan.variantId === variant.id)
        .map((plan) => ({ id: plan.id, name: plan.name, priceCents: plan.priceCents, interval: plan.interval, intervalUnit: plan.intervalUnit })),
    })),
    pictures: pictures.map((picture) => ({
      id: picture.id,
      url: picture.url,
      altText: picture.altText,
      position: picture.position,
      isHover: picture.isHover,
    })),
    collectionIds: memberships.map((row) => row.id),
    oldHandles: redirects.map((row) => row.handle),
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

export type AdminProductListItem = {
  id: number;
  title: string;
  handle: string;
  status: ProductStatus;
  variantCount: number;
  totalStock: number;
  /** Null for a product without variants (the import's half-made ones never are; kept for safety of the list). */
  minPriceCents: number | null;
  maxPriceCents: number | null;
  pictureUrl: string | null;
};

/**
 * Products newest first (the most recently created has the highest id), by status and by a search of title, handle
 * and SKU, a page at a time; the cursor is the last id seen, so a page stays right while products are added.
 */
export async function listAdminProducts(
  db: Database,
  storeId: string,
  filter: { q?: string; status?: ProductStatus; cursor?: string; limit?: number },
): Promise<{ products: AdminProductListItem[]; nextCursor: string | null }> {
  const q = filter.q?.trim();
  const pattern = q ? containing(q) : null;
  const { page, nextCursor } = await newestFirstPage(filter, ADMIN_PRODUCTS_PAGE_SIZE, products.id, (olderThanCursor, count) =>
    db
      .select({
        id: products.id,
        title: products.title,
        handle: products.handle,
        status: products.status,
        // Written out with table names: inside a subquery drizzle names a column without its table, and "id" would
        // then be the variant's or the picture's own.
        variantCount: sql<number>`(select count(*)::int from variants v where v.product_id = products.id)`,
        totalStock: sql<number>`(select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = products.id)`,
        minPriceCents: sql<number | null>`(select min(v.price_cents) from variants v where v.product_id = products.id)`,
        maxPriceCents: sql<number | null>`(select max(v.price_cents) from variants v where v.product_id = products.id)`,
        pictureUrl: sql<string | null>`(select i.url from product_images i where i.product_id = products.id order by i.position, i.id limit 1)`,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          filter.status ? eq(products.status, filter.status) : undefined,
          olderThanCursor,
          pattern === null
            ? undefined
            : or(
                sql`${products.title} ilike ${pattern}`,
                sql`${products.handle} ilike ${pattern}`,
                sql`exists (select 1 from variants v where v.product_id = products.id and v.sku ilike ${pattern})`,
              ),
        ),
      )
      .orderBy(sql`${products.id} desc`)
      .limit(count),
  );
  return { products: page, nextCursor };
}

/** The store's collections, for the editor's checkboxes. */
export async function listCollectionChoices(db: Database, storeId: string): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: collections.id, title: collections.title })
    .from(collections)
    .where(eq(collections.storeId, storeId))
    .orderBy(asc(collections.title), asc(collections.id));
}

/**
 * The checks above read before they write, so two writes at once may both pass them; the database's unique indexes
 * then refuse the second, and this answers it as the check would have (409) instead of as a failure (500).
 */
export async function productWriteConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, "products_store_handle_uq")) throw conflict("The handle was taken meanwhile", "handle");
    if (isUniqueViolation(error, "variants_store_sku_uq")) throw conflict("A SKU was taken meanwhile", "variants");
    throw error;
  }
}
