/** A signed-in customer's own order as their order page shows it, each line in words. */
import type { Database } from "../db/client";
import { getCustomerOrder } from "../accounts/customer-orders";
import { withWords } from "./line-words";
import { documentsOfOrderNumber } from "./invoices";

/** Null for a missing order and for another customer's alike. */
export async function getCustomerOrderInWords(db: Database, storeId: string, customerId: number, number: number) {
  const order = await getCustomerOrder(db, storeId, customerId, number);
  if (!order) return null;
  const lines = await withWords(db, storeId, order.lines);
  return {
    ...order,
    /** Its invoice and credit notes, to download (decision 0055). */
    documents: await documentsOfOrderNumber(db, storeId, number),
    // Words only: the customer reads product names, never the skus a bundle line keeps.
    lines: lines.map((line) => ({
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      options: line.words.options,
      contents: line.words.contents.map((item) => item.text),
    })),
  };
}
