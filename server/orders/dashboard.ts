/**
 * The back office's dashboard figures, each read from the database as it is now. Sales are the revenue of the orders
 * paid in the period (server/orders/revenue.ts, the reports' "total sales", decision 0064): what they kept, less
 * everything refunded of them since.
 * Days are the shop's days (decision 0061), as the orders desk's date filter counts them.
 */
import { and, asc, count, eq, inArray, lte, ne } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { lastDaysRange } from "../../core/shop-time";
import { shopTimeZone } from "../store/settings";
import { lowStockLimit } from "../catalog/stock";
import type { Database } from "../db/client";
import { orders, products, variants } from "../db/schema";
import { salesSums } from "./revenue";

export type SalesFigures = { todayCents: number; last7DaysCents: number; last30DaysCents: number };

/**
 * Today, the last 7 and the last 30 days, each counted from the start of its first day in the shop's time zone and
 * including today (a day across a daylight-saving change is 23 or 25 hours).
 */
export async function salesFigures(db: Database, storeId: string, now = new Date()): Promise<SalesFigures> {
  const timeZone = await shopTimeZone(db, storeId);
  const since = (days: number) => lastDaysRange(days, timeZone, now).start;
  // Three periods side by side (the 23 days before the last 7, the 6 before today, today), each summed once.
  const [earlier, week, today] = (await salesSums(db, storeId, [since(30), since(7), since(1)], lastDaysRange(1, timeZone, now).end)).map((sums) => sums.totalCents);
  return { todayCents: today, last7DaysCents: today + week, last30DaysCents: today + week + earlier };
}

/** Paid orders waiting to be shipped: the orders desk's "To ship" tab. */
export async function ordersToShipCount(db: Database, storeId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.status, [...ORDER_GROUPS.toShip])));
  return row.count;
}

export type LowStockVariant = { variantId: number; sku: string; productTitle: string; attributes: Record<string, string>; stock: number };

/**
 * Variants at or below their own low-stock threshold, or, where the owner set none, the count a product page names
 * ('Only 3 left'): the emptiest first. An archived product is not sold, so its stock needs no restocking.
 */
export async function lowStockVariants(db: Database, storeId: string, limit = 10): Promise<LowStockVariant[]> {
  return db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      productTitle: products.title,
      attributes: variants.attributes,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), lte(variants.stock, lowStockLimit), ne(products.status, "archived")))
    .orderBy(asc(variants.stock), asc(variants.sku))
    .limit(limit);
}
