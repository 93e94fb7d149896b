/**
 * Stock is held with conditional updates (`stock = stock - n where stock >= n`), so concurrent checkouts can never
 * take it below zero; skus are always touched in one order so two transactions cannot deadlock on each other. Each
 * hold and release leaves its rows in the variant's history (stock_adjustments), written in the same transaction,
 * all of a call's in one insert.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { variantName } from "../../core/cart";
import type { Tx } from "../db/client";
import { products, stockAdjustments, variants } from "../db/schema";
import { DomainError } from "../../core/errors";

/** Who a checkout's stock moves are recorded as, when no staff member made them. */
export const CHECKOUT_ACTOR_LABEL = "checkout";

/** What a hold or release is recorded with in the variants' history: the order it is for, and who moved it. */
export type StockMove = { orderId: number | null; actorLabel: string; note?: string };

async function recordMoves(tx: Tx, storeId: string, reason: "sold" | "returned", move: StockMove, moved: { variantId: number; delta: number; stockAfter: number }[]) {
  if (moved.length === 0) return;
  await tx.insert(stockAdjustments).values(
    moved.map((row) => ({ storeId, ...row, reason, note: move.note ?? "", actorLabel: move.actorLabel, orderId: move.orderId })),
  );
}

/** Units of each sku an order takes: every line's stock components times its quantity. */
export function stockNeeded(lines: readonly { stockComponents: Record<string, number>; quantity: number }[]) {
  const needed = new Map<string, number>();
  for (const line of lines) {
    for (const [sku, units] of Object.entries(line.stockComponents)) {
      needed.set(sku, (needed.get(sku) ?? 0) + units * line.quantity);
    }
  }
  return [...needed.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The shopper reads it: it names the product and its options ('Ceramic Pour-Over Dripper — Sage'), not the sku. */
export class OutOfStockError extends DomainError {
  constructor(
    readonly sku: string,
    variant: string,
  ) {
    super("conflict", `Not enough stock for ${variant}: please reduce the quantity or remove it from your cart`);
  }
}

async function shopperNameOfSku(tx: Tx, storeId: string, sku: string): Promise<string> {
  const [row] = await tx
    .select({ title: products.title, attributes: variants.attributes })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
  return row ? variantName(row.title, row.attributes) : "an item in your cart";
}

/** Takes the stock or throws OutOfStockError, which rolls the caller's transaction back whole; recorded as `sold`. */
export async function reserveStock(tx: Tx, storeId: string, needed: [string, number][], move: StockMove) {
  const moved = [];
  for (const [sku, units] of needed) {
    const [taken] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${units}` })
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku), gte(variants.stock, units)))
      .returning({ id: variants.id, stock: variants.stock });
    if (!taken) throw new OutOfStockError(sku, await shopperNameOfSku(tx, storeId, sku));
    moved.push({ variantId: taken.id, delta: -units, stockAfter: taken.stock });
  }
  await recordMoves(tx, storeId, "sold", move, moved);
}

/**
 * Takes the stock if all of it is there; otherwise takes none (a savepoint undoes the skus already taken) and says
 * so, leaving the caller's transaction usable.
 */
export async function reserveStockIfAvailable(tx: Tx, storeId: string, needed: [string, number][], move: StockMove): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => reserveStock(savepoint, storeId, needed, move));
    return true;
  } catch (error) {
    if (error instanceof OutOfStockError) return false;
    throw error;
  }
}

/** Puts the stock back (a hold let go, a cancelled or refunded order restocked); recorded as `returned`. */
export async function releaseStock(tx: Tx, storeId: string, needed: [string, number][], move: StockMove) {
  const moved = [];
  for (const [sku, units] of needed) {
    // A variant deleted since the order was placed has no shelf to go back to.
    const [released] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${units}` })
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)))
      .returning({ id: variants.id, stock: variants.stock });
    if (released) moved.push({ variantId: released.id, delta: units, stockAfter: released.stock });
  }
  await recordMoves(tx, storeId, "returned", move, moved);
}
