/**
 * Every change to a variant's stock goes through here, so each one leaves a row in `stock_adjustments` with its
 * reason and who made it, in the transaction that makes the change. The update is conditional
 * (`stock + delta >= 0`), like a checkout's hold, so an adjustment racing a checkout can neither take stock below
 * zero nor lose the other's change.
 */
import { and, asc, eq, gt, ilike, lte, or, sql } from "drizzle-orm";
import type { StockReason } from "../../core/catalog-admin";
import { LOW_STOCK_THRESHOLD } from "../../core/stock-band";
import type { Database } from "../db/client";
import { orders, products, stockAdjustments, variants } from "../db/schema";
import { containing, cursorId } from "../db/listing";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, conflict, notFound } from "../../core/errors";

export type StockChange = {
  storeId: string;
  variantId: number;
  reason: StockReason;
  /** Who: a staff email, a token's name, 'command line', 'checkout' or 'import'. */
  actorLabel: string;
  note?: string;
  orderId?: number | null;
} & ({ delta: number } | { setTo: number });

export type StockAdjusted = { variantId: number; delta: number; stockAfter: number };

/**
 * Moves the stock by `delta`, or to `setTo` (the delta is worked out under the row's lock); a change of nothing
 * records nothing. Throws 409 when the stock would go below zero and 404 for a variant the store does not have.
 */
export async function adjustStock(tx: Database, change: StockChange): Promise<StockAdjusted> {
  const [current] = await tx
    .select({ stock: variants.stock, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.id, change.variantId), eq(variants.storeId, change.storeId)))
    .for("update");
  if (!current) throw notFound("Variant not found");
  const delta = "delta" in change ? change.delta : change.setTo - current.stock;
  if (!Number.isInteger(delta)) throw badInput("A stock change must be a whole number", "delta");
  if (current.stock + delta < 0) {
    throw conflict(`Stock of ${current.sku} cannot go below zero: ${current.stock} in stock, change of ${delta}`, "delta");
  }
  if (delta === 0) return { variantId: change.variantId, delta: 0, stockAfter: current.stock };
  const [updated] = await tx
    .update(variants)
    .set({ stock: sql`${variants.stock} + ${delta}` })
    .where(eq(variants.id, change.variantId))
    .returning({ stock: variants.stock });
  await tx.insert(stockAdjustments).values({
    storeId: change.storeId,
    variantId: change.variantId,
    delta,
    stockAfter: updated.stock,
    reason: change.reason,
    note: change.note ?? "",
    actorLabel: change.actorLabel,
    orderId: change.orderId ?? null,
  });
  return { variantId: change.variantId, delta, stockAfter: updated.stock };
}

/** A stock change a staff member, a token or the command line makes: by `delta` or to `setTo`, with its reason. */
export type StaffStockChange = { variantId: number; reason: StockReason; note?: string } & ({ delta: number } | { setTo: number });

/** adjustStock as `actor`, with its event in the audit trail beside the history row, in the caller's transaction. */
export async function recordStockChange(tx: Database, actor: AuditActor, change: StaffStockChange): Promise<StockAdjusted> {
  const done = await adjustStock(tx, { ...change, storeId: actor.storeId, actorLabel: actor.label });
  if (done.delta !== 0) {
    await recordAudit(tx, actor, {
      action: "variant.stock",
      entity: "variant",
      entityId: change.variantId,
      before: { stock: done.stockAfter - done.delta },
      after: { stock: done.stockAfter, reason: change.reason, ...(change.note ? { note: change.note } : {}) },
    });
  }
  return done;
}

export type StockHistoryEntry = typeof stockAdjustments.$inferSelect & { orderNumber: number | null };

/** A variant's adjustments, newest first, each with the number of the order it was for (an unpaid one has none). */
export async function stockHistory(db: Database, storeId: string, variantId: number, limit = 100): Promise<StockHistoryEntry[]> {
  const rows = await db
    .select({ adjustment: stockAdjustments, orderNumber: orders.number })
    .from(stockAdjustments)
    .leftJoin(orders, eq(orders.id, stockAdjustments.orderId))
    .where(and(eq(stockAdjustments.storeId, storeId), eq(stockAdjustments.variantId, variantId)))
    .orderBy(sql`${stockAdjustments.id} desc`)
    .limit(limit);
  return rows.map(({ adjustment, orderNumber }) => ({ ...adjustment, orderNumber }));
}

/**
 * The count at or below which a variant is low on stock: its own threshold, or the one product pages use ('Only 5
 * left') when the owner set none. The dashboard and the inventory list both read it.
 */
export const lowStockLimit = sql<number>`coalesce(${variants.lowStockThreshold}, ${LOW_STOCK_THRESHOLD})`;

export type InventoryItem = {
  variantId: number;
  productId: number;
  productTitle: string;
  productHandle: string;
  sku: string;
  attributes: Record<string, string>;
  stock: number;
  /** The variant's own threshold; null when it uses the shop's. */
  lowStockThreshold: number | null;
  /** The threshold it is flagged at: its own, or the shop's. */
  lowStockLimit: number;
  low: boolean;
};

export type InventoryFilter = {
  /** Part of a sku or a product title. */
  q?: string;
  /** Only variants at or below their low-stock limit. */
  low?: boolean;
  /** The last variant id of the page before. */
  cursor?: string;
  limit?: number;
};

export const INVENTORY_PAGE_SIZE = 50;

const inventoryColumns = {
  variantId: variants.id,
  productId: products.id,
  productTitle: products.title,
  productHandle: products.handle,
  sku: variants.sku,
  attributes: variants.attributes,
  stock: variants.stock,
  lowStockThreshold: variants.lowStockThreshold,
  lowStockLimit: sql<number>`${lowStockLimit}::int`.mapWith(Number),
};

const asItem = (row: Omit<InventoryItem, "low">): InventoryItem => ({ ...row, low: row.stock <= row.lowStockLimit });

/** Every variant with its stock, in the order they were added (a product's together), a page at a time. */
export async function listInventory(db: Database, storeId: string, filter: InventoryFilter = {}) {
  const limit = filter.limit ?? INVENTORY_PAGE_SIZE;
  const after = cursorId(filter.cursor);
  const term = filter.q?.trim();
  const rows = await db
    .select(inventoryColumns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(variants.storeId, storeId),
        term ? or(ilike(variants.sku, containing(term)), ilike(products.title, containing(term))) : undefined,
        filter.low ? lte(variants.stock, lowStockLimit) : undefined,
        after === undefined ? undefined : gt(variants.id, after),
      ),
    )
    .orderBy(asc(variants.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(asItem);
  return { items: page, nextCursor: rows.length > limit ? String(page[page.length - 1].variantId) : null };
}

/** One variant as the inventory list shows it; 404 for one the store does not have. */
export async function inventoryItem(db: Database, storeId: string, variantId: number): Promise<InventoryItem> {
  const [row] = await db
    .select(inventoryColumns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), eq(variants.id, variantId)));
  if (!row) throw notFound("Variant not found");
  return asItem(row);
}
