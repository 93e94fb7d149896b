/**
 * Stock is held with conditional updates (`stock = stock - n where stock >= n`), so concurrent checkouts can never
 * take it below zero; skus are always touched in one order so two transactions cannot deadlock on each other.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { variantName } from "../../core/cart";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { HttpError } from "../http/errors";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
export class OutOfStockError extends HttpError {
  constructor(
    readonly sku: string,
    variant: string,
  ) {
    super(409, `Not enough stock for ${variant}: please reduce the quantity or remove it from your cart`);
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

/** Takes the stock or throws OutOfStockError, which rolls the caller's transaction back whole. */
export async function reserveStock(tx: Tx, storeId: string, needed: [string, number][]) {
  for (const [sku, units] of needed) {
    const taken = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${units}` })
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku), gte(variants.stock, units)))
      .returning({ id: variants.id });
    if (taken.length === 0) throw new OutOfStockError(sku, await shopperNameOfSku(tx, storeId, sku));
  }
}

/**
 * Takes the stock if all of it is there; otherwise takes none (a savepoint undoes the skus already taken) and says
 * so, leaving the caller's transaction usable.
 */
export async function reserveStockIfAvailable(tx: Tx, storeId: string, needed: [string, number][]): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => reserveStock(savepoint, storeId, needed));
    return true;
  } catch (error) {
    if (error instanceof OutOfStockError) return false;
    throw error;
  }
}

export async function releaseStock(tx: Tx, storeId: string, needed: [string, number][]) {
  for (const [sku, units] of needed) {
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${units}` })
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
  }
}
