/**
 * The back office's dashboard figures, each read from the database as it is now. Sales are the revenue of the orders
 * paid in the period (server/orders/revenue.ts): what they kept, less everything refunded of them since.
 * Days are UTC days, as the orders desk's date filter counts them.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { lowStockLimit } from "../catalog/stock";
import type { Database } from "../db/client";
import { orders, products, variants } from "../db/schema";
import { revenueCentsOf } from "./revenue";

const DAY_MS = 86_400_000;

export type SalesFigures = { todayCents: number; last7DaysCents: number; last30DaysCents: number };

/** Today, the last 7 and the last 30 days, each counted from the start of its first UTC day and including today. */
export async function salesFigures(db: Database, storeId: string, now = new Date()): Promise<SalesFigures> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = (days: number) => new Date(today.getTime() - (days - 1) * DAY_MS);
  const within = (start: Date) => sql<string>`coalesce(sum(${revenueCentsOf()}) filter (where ${orders.paidAt} >= ${start.toISOString()}), 0)`;
  const [row] = await db
    .select({ today: within(today), last7: within(since(7)), last30: within(since(30)) })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), isNotNull(orders.paidAt), gte(orders.paidAt, since(30))));
  return { todayCents: Number(row.today), last7DaysCents: Number(row.last7), last30DaysCents: Number(row.last30) };
}

/** Paid orders waiting to be shipped: the orders desk's "To ship" tab. */
export async function ordersToShipCount(db: Database, storeId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.status, [...ORDER_GROUPS.toShip])));
  return row.count;
}

export type LowStockVariant = { sku: string; productTitle: string; productHandle: string; attributes: Record<string, string>; stock: number };

/**
 * Variants at or below their own low-stock threshold, or, where the owner set none, the count a product page names
 * ('Only 3 left'): the emptiest first.
 */
export async function lowStockVariants(db: Database, storeId: string, limit = 10): Promise<LowStockVariant[]> {
  return db
    .select({
      sku: variants.sku,
      productTitle: products.title,
      productHandle: products.handle,
      attributes: variants.attributes,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), lte(variants.stock, lowStockLimit)))
    .orderBy(asc(variants.stock), asc(variants.sku))
    .limit(limit);
}
