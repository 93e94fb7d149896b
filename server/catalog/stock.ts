/**
 * Every change to a variant's stock goes through here, so each one leaves a row in `stock_adjustments` with its
 * reason and who made it, in the transaction that makes the change. The update is conditional
 * (`stock + delta >= 0`), like a checkout's hold, so an adjustment racing a checkout can neither take stock below
 * zero nor lose the other's change.
 */
import { and, eq, sql } from "drizzle-orm";
import type { StockReason } from "../../core/catalog-admin";
import type { Database } from "../db/client";
import { stockAdjustments, variants } from "../db/schema";
import { HttpError } from "../http/errors";

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
  if (!current) throw new HttpError(404, "Variant not found");
  const delta = "delta" in change ? change.delta : change.setTo - current.stock;
  if (!Number.isInteger(delta)) throw new HttpError(400, "A stock change must be a whole number", "delta");
  if (current.stock + delta < 0) {
    throw new HttpError(409, `Stock of ${current.sku} cannot go below zero: ${current.stock} in stock, change of ${delta}`, "delta");
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

export type StockHistoryEntry = typeof stockAdjustments.$inferSelect;

/** A variant's adjustments, newest first. */
export async function stockHistory(db: Database, storeId: string, variantId: number, limit = 100): Promise<StockHistoryEntry[]> {
  return db
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.storeId, storeId), eq(stockAdjustments.variantId, variantId)))
    .orderBy(sql`${stockAdjustments.id} desc`)
    .limit(limit);
}
