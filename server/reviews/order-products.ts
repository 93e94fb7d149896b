/** Which products an order lets its customer review: its product lines, and the products inside its bundles. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { bundleProducts, orderLines, products, reviews } from "../db/schema";

export type ReviewableProduct = { productId: number; handle: string; title: string };

/** Every product bought with the order, once each, in the order of its lines (a bundle's products in bundle order). */
export async function orderedProducts(db: Database, storeId: string, orderId: number): Promise<ReviewableProduct[]> {
  const direct = await db
    .select({ lineId: orderLines.id, productId: products.id, handle: products.handle, title: products.title })
    .from(orderLines)
    .innerJoin(products, and(eq(products.storeId, orderLines.storeId), eq(products.handle, orderLines.productHandle)))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.storeId, storeId), eq(orderLines.kind, "product")))
    .orderBy(asc(orderLines.id));
  const fromBundles = await db
    .select({ lineId: orderLines.id, productId: products.id, handle: products.handle, title: products.title })
    .from(orderLines)
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, orderLines.bundleId))
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.storeId, storeId), eq(orderLines.kind, "bundle")))
    .orderBy(asc(orderLines.id), asc(bundleProducts.position));

  // Both lists are in line order already; a stable sort by line keeps a bundle's own order.
  const all = [...direct, ...fromBundles].sort((a, b) => a.lineId - b.lineId);
  const seen = new Set<number>();
  const result: ReviewableProduct[] = [];
  for (const row of all) {
    if (seen.has(row.productId)) continue;
    seen.add(row.productId);
    result.push({ productId: row.productId, handle: row.handle, title: row.title });
  }
  return result;
}

/** The order's products that have no review through this order yet. */
export async function productsLeftToReview(db: Database, storeId: string, orderId: number): Promise<ReviewableProduct[]> {
  const bought = await orderedProducts(db, storeId, orderId);
  if (bought.length === 0) return [];
  const reviewed = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(
      and(
        eq(reviews.orderId, orderId),
        inArray(
          reviews.productId,
          bought.map((p) => p.productId),
        ),
      ),
    );
  const done = new Set(reviewed.map((r) => r.productId));
  return bought.filter((p) => !done.has(p.productId));
}
