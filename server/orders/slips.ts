/**
 * Packing slips: the paper each parcel goes with. Who it ships to, the order's number and day, and each line with its
 * options and quantity, a bundle's contents spelled out for the packer; no prices, since the parcel may be a gift.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { notFound } from "../../core/errors";
import type { Database } from "../db/client";
import { orderLines, orders, shippingOptions } from "../db/schema";
import { withWords } from "./line-words";

/** The slips of these placed orders, in the order asked; a number that is not one of the shop's orders refuses all. */
export async function packingSlips(db: Database, storeId: string, numbers: readonly number[]) {
  const found = await db
    .select({
      id: orders.id,
      number: orders.number,
      placedAt: orders.createdAt,
      customerName: orders.customerName,
      shippingAddress: orders.shippingAddress,
      // The option's name as the checkout offered it; its key if the option was deleted since.
      shippingOption: sql<string>`coalesce(${shippingOptions.name}, ${orders.shippingOptionKey})`,
    })
    .from(orders)
    .leftJoin(shippingOptions, and(eq(shippingOptions.storeId, orders.storeId), eq(shippingOptions.key, orders.shippingOptionKey)))
    .where(and(eq(orders.storeId, storeId), inArray(orders.number, [...numbers])));
  const missing = numbers.filter((number) => !found.some((order) => order.number === number));
  if (missing.length > 0) throw notFound(`No order ${missing.map((number) => `#${number}`).join(", ")} in this store`);
  const lines = await withWords(
    db,
    storeId,
    await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, found.map((order) => order.id)))
      .orderBy(asc(orderLines.id)),
  );
  return numbers.map((number) => {
    const { id, ...order } = found.find((row) => row.number === number)!;
    return {
      ...order,
      number,
      lines: lines
        .filter((line) => line.orderId === id)
        .map((line) => ({ id: line.id, title: line.title, sku: line.sku, quantity: line.quantity, ...line.words })),
    };
  });
}
