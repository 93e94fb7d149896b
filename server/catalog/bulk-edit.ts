/**
 * One change to many variants at once, from the product list: a price (set, or moved by a percentage), the stock
 * (set or moved, as adjustments with their reason), the products' status, or their place in a collection. The
 * preview and the apply are the same run: each row is tried in a savepoint, so a refused one (stock below zero, a
 * product published without alt text) is named without stopping the others; the preview then rolls everything
 * back, and the apply commits only when nothing was refused: all or nothing, each change audited.
 */
import { and, eq, inArray, max, or } from "drizzle-orm";
import { MAX_BULK_VARIANTS, type BulkChange, type BulkEditRequest } from "../../core/schemas/admin-inventory";
import type { Database } from "../db/client";
import { collectionProducts, collections, products, variants } from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { setProductStatus } from "./product-editor";
import { recordStockChange } from "./stock";
import { badInput, isRefusal, ruleBroken } from "../../core/errors";

const MAX_PRICE_CENTS = 100_000_000;

export type BulkRow = {
  productId: number;
  productTitle: string;
  /** null for a change of the product (status, collections). */
  variantId: number | null;
  sku: string | null;
  attributes: Record<string, string>;
  field: "price_cents" | "stock" | "status" | "in_collection";
  before: number | string | boolean;
  after: number | string | boolean;
  changed: boolean;
  /** Why this row cannot change. */
  refused: string | null;
};

export type BulkResult = { rows: BulkRow[]; variantCount: number; changedCount: number; refusedCount: number };

export type BulkTarget = {
  variantId: number;
  productId: number;
  productTitle: string;
  productStatus: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  stock: number;
};

/** A price moved by `percent`, to the nearest cent. */
export function priceAfterPercent(priceCents: number, percent: number): number {
  return Math.max(0, Math.round((priceCents * (100 + percent)) / 100));
}

/** The variants named and every variant of the products named, in SKU order (the order checkouts lock them in). */
async function targetsOf(tx: Database, storeId: string, request: Pick<BulkEditRequest, "variant_ids" | "product_ids">): Promise<BulkTarget[]> {
  const variantIds = [...new Set(request.variant_ids ?? [])];
  const productIds = [...new Set(request.product_ids ?? [])];
  const rows = await tx
    .select({
      variantId: variants.id,
      productId: products.id,
      productTitle: products.title,
      productStatus: products.status,
      sku: variants.sku,
      attributes: variants.attributes,
      priceCents: variants.priceCents,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(variants.storeId, storeId),
        or(
          variantIds.length > 0 ? inArray(variants.id, variantIds) : undefined,
          productIds.length > 0 ? inArray(products.id, productIds) : undefined,
        ),
      ),
    )
    .orderBy(variants.sku);
  const missingVariant = variantIds.find((id) => !rows.some((row) => row.variantId === id));
  if (missingVariant !== undefined) throw badInput(`No variant ${missingVariant} in this store`, "variant_ids");
  const missingProduct = productIds.find((id) => !rows.some((row) => row.productId === id));
  if (missingProduct !== undefined) throw badInput(`No product ${missingProduct} with variants in this store`, "product_ids");
  if (rows.length > MAX_BULK_VARIANTS) {
    throw badInput(`At most ${MAX_BULK_VARIANTS} variants at once; these products have ${rows.length}`, "product_ids");
  }
  return rows;
}

/** What a bulk edit of these variants and products would change, for the screen that chooses the change. */
export async function bulkTargets(db: Database, storeId: string, chosen: { variantIds: number[]; productIds: number[] }): Promise<BulkTarget[]> {
  return targetsOf(db, storeId, { variant_ids: chosen.variantIds, product_ids: chosen.productIds });
}

/** Runs `change` in a savepoint: a refusal (a DomainError) undoes it alone and is returned as the row's reason. */
async function attempt(tx: Database, change: (savepoint: Database) => Promise<void>): Promise<string | null> {
  try {
    await tx.transaction((savepoint) => change(savepoint));
    return null;
  } catch (error) {
    if (isRefusal(error)) return error.message;
    throw error;
  }
}

async function changeVariant(tx: Database, actor: AuditActor, target: BulkTarget, change: BulkChange): Promise<BulkRow> {
  const row = { productId: target.productId, productTitle: target.productTitle, variantId: target.variantId, sku: target.sku, attributes: target.attributes };
  if (change.kind === "price_set" || change.kind === "price_percent") {
    const after = change.kind === "price_set" ? change.price_cents : priceAfterPercent(target.priceCents, change.percent);
    const changed = after !== target.priceCents;
    const refused = await attempt(tx, async (savepoint) => {
      if (after > MAX_PRICE_CENTS) throw ruleBroken(`The price would be above the most a price may be (${MAX_PRICE_CENTS} cents)`);
      if (!changed) return;
      await savepoint.update(variants).set({ priceCents: after }).where(eq(variants.id, target.variantId));
      await recordAudit(savepoint, actor, {
        action: "variant.update",
        entity: "variant",
        entityId: target.variantId,
        before: { price_cents: target.priceCents },
        after: { price_cents: after },
      });
    });
    return { ...row, field: "price_cents", before: target.priceCents, after, changed, refused };
  }
  if (change.kind !== "stock_set" && change.kind !== "stock_adjust") throw new Error(`not a variant's change: ${change.kind}`);
  let after = change.kind === "stock_set" ? change.stock : target.stock + change.delta;
  const refused = await attempt(tx, async (savepoint) => {
    const done = await recordStockChange(savepoint, actor, {
      variantId: target.variantId,
      reason: change.reason,
      note: "bulk edit",
      ...(change.kind === "stock_set" ? { setTo: change.stock } : { delta: change.delta }),
    });
    after = done.stockAfter;
  });
  return { ...row, field: "stock", before: target.stock, after, changed: after !== target.stock, refused };
}

/** One product's status or its place in a collection: a row per product, whichever of its variants were named. */
async function changeProduct(tx: Database, actor: AuditActor, target: BulkTarget, change: BulkChange): Promise<BulkRow> {
  const row = { productId: target.productId, productTitle: target.productTitle, variantId: null, sku: null, attributes: {} };
  if (change.kind === "status") {
    const changed = target.productStatus !== change.status;
    const refused = await attempt(tx, (savepoint) => setProductStatus(savepoint, actor, target.productId, change.status));
    return { ...row, field: "status", before: target.productStatus, after: change.status, changed, refused };
  }
  if (change.kind !== "collection_add" && change.kind !== "collection_remove") throw new Error(`not a product's change: ${change.kind}`);
  const member = (
    await tx
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, target.productId))
  ).map((entry) => entry.id);
  const wasIn = member.includes(change.collection_id);
  const isIn = change.kind === "collection_add";
  if (wasIn !== isIn) {
    if (isIn) {
      const [last] = await tx
        .select({ position: max(collectionProducts.position) })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, change.collection_id));
      await tx
        .insert(collectionProducts)
        .values({ storeId: actor.storeId, collectionId: change.collection_id, productId: target.productId, position: (last?.position ?? -1) + 1 });
    } else {
      await tx
        .delete(collectionProducts)
        .where(and(eq(collectionProducts.collectionId, change.collection_id), eq(collectionProducts.productId, target.productId)));
    }
    const after = isIn ? [...member, change.collection_id].sort((a, b) => a - b) : member.filter((id) => id !== change.collection_id);
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: target.productId,
      before: { collection_ids: [...member].sort((a, b) => a - b) },
      after: { collection_ids: after },
    });
  }
  return { ...row, field: "in_collection", before: wasIn, after: isIn, changed: wasIn !== isIn, refused: null };
}

async function run(tx: Database, actor: AuditActor, request: BulkEditRequest): Promise<BulkResult> {
  const targets = await targetsOf(tx, actor.storeId, request);
  const { change } = request;
  const rows: BulkRow[] = [];
  if (change.kind === "status" || change.kind === "collection_add" || change.kind === "collection_remove") {
    if (change.kind !== "status") {
      const [collection] = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.storeId, actor.storeId), eq(collections.id, change.collection_id)));
      if (!collection) throw badInput(`No collection ${change.collection_id} in this store`, "change.collection_id");
    }
    const firstOfEach = targets.filter((target, index) => targets.findIndex((other) => other.productId === target.productId) === index);
    for (const target of firstOfEach.sort((a, b) => a.productId - b.productId)) rows.push(await changeProduct(tx, actor, target, change));
  } else {
    for (const target of targets) rows.push(await changeVariant(tx, actor, target, change));
  }
  return {
    rows,
    variantCount: targets.length,
    changedCount: rows.filter((row) => row.changed && !row.refused).length,
    refusedCount: rows.filter((row) => row.refused).length,
  };
}

class PreviewMade extends Error {
  constructor(readonly result: BulkResult) {
    super("preview rolled back");
  }
}

/** What the change would do, row by row, and what would be refused; nothing is kept. */
export async function previewBulkEdit(db: Database, actor: AuditActor, request: BulkEditRequest): Promise<BulkResult> {
  try {
    await db.transaction(async (tx) => {
      throw new PreviewMade(await run(tx, actor, request));
    });
  } catch (error) {
    if (error instanceof PreviewMade) return error.result;
    throw error;
  }
  throw new Error("unreachable: a preview always rolls back");
}

/** Makes the change in one transaction, or nothing when any row is refused (422, naming the first refusal). */
export async function applyBulkEdit(db: Database, actor: AuditActor, request: BulkEditRequest): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const result = await run(tx, actor, request);
    const refused = result.rows.find((row) => row.refused);
    if (refused) {
      const name = refused.sku ?? refused.productTitle;
      throw ruleBroken(`Nothing was changed: ${result.refusedCount} of the changes cannot be made (${name}: ${refused.refused})`, "change");
    }
    return result;
  });
}
