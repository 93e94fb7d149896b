/**
 * An order keeps where the visit it was placed in came from (decision 0065): a copy of the visit's source, taken when
 * the checkout submits it, so the traffic report still credits the order once the raw analytics have expired. Only
 * the source is copied, never the visit itself: an order names a person, and the browsing must stay unlinked to them.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { analyticsSessions, orders } from "../db/schema";

/**
 * Copies the source of `visitId` (the analytics cookie's visit of this store) onto the order, unless the order already
 * has one: a second submit of the same checkout, from another visit, keeps the first. Nothing without a known visit.
 */
export async function rememberOrderVisit(db: Database, storeId: string, orderId: number, visitId: string | undefined): Promise<void> {
  if (!visitId) return;
  const source = db
    .select({ source: analyticsSessions.source })
    .from(analyticsSessions)
    .where(and(eq(analyticsSessions.id, visitId), eq(analyticsSessions.storeId, storeId)));
  await db
    .update(orders)
    .set({ visitSource: sql`(${source})` })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), isNull(orders.visitSource)));
}
