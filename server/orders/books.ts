/**
 * The orders as the books need them (the accountant's CSVs): one row per order with its money split out (subtotal,
 * discount, shipping, tax, total, refunded) and where it shipped (the state and country decide the tax), and one row
 * per line. Both walk the desk's filtered list (status, search, dates), every page of it, so the files hold exactly
 * what the screen lists. Times are in the shop's time zone (decision 0061), which each row names.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { centsToDollars } from "../../core/money";
import type { Database } from "../db/client";
import { orderLines, orders } from "../db/schema";
import { listDeskOrders, type OrderFilter, type OrderListItem } from "./desk";
import { shopDateTime } from "../../core/shop-time";
import { shopTimeZone } from "../store/settings";
import { lineText, withWords } from "./line-words";
import { csvPages } from "../http/csv";

const PAGE = 500;

/** Money as the CSVs write it: dollars with two decimals. */
const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** A moment as a spreadsheet reads a date and time ('2026-11-28 18:17:44'), in the shop's zone; the zone beside it. */
const localTimes = (timeZone: string) => Object.assign((date: Date | null) => (date ? shopDateTime(date, timeZone) : null), { timeZone });

type Order = typeof orders.$inferSelect;
type Line = Awaited<ReturnType<typeof withWords<typeof orderLines.$inferSelect>>>[number];

type ListedOrder = { listed: OrderListItem; order: Order; lines: Line[] };

/** Each listed order, whole, with its lines in words, a page of the list (by keyset) at a time. */
async function* listedOrders(db: Database, storeId: string, filter: OrderFilter): AsyncGenerator<ListedOrder[]> {
  for (let cursor = filter.cursor; ; ) {
    const page = await listDeskOrders(db, storeId, { ...filter, cursor, limit: PAGE });
    const numbers = page.orders.map((listed) => listed.number);
    const rows = numbers.length === 0 ? [] : await db.select().from(orders).where(and(eq(orders.storeId, storeId), inArray(orders.number, numbers)));
    const ids = rows.map((row) => row.id);
    const lines = ids.length === 0 ? [] : await withWords(db, storeId, await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)));
    const byNumber = new Map(rows.map((row) => [row.number, row]));
    const linesOf = new Map<number, Line[]>();
    for (const line of lines) {
      const ofOrder = linesOf.get(line.orderId);
      if (ofOrder) ofOrder.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    yield page.orders.map((listed) => {
      const order = byNumber.get(listed.number)!;
      return { listed, order, lines: linesOf.get(order.id) ?? [] };
    });
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

export const ORDER_BOOK_COLUMNS = [
  "number",
  "placed_at",
  "paid_at",
  "fulfilled_at",
  "time_zone",
  "status",
  "customer_name",
  "email",
  "ship_city",
  "ship_state",
  "ship_postal_code",
  "ship_country",
  "subtotal",
  "discount",
  "discount_code",
  "shipping",
  "tax",
  "total",
  "refunded",
  "payment_provider",
  "payment_reference",
  "item_count",
  "items",
];

/** One row per order, after the header, sent as the orders are read. */
export async function* orderBookCsv(db: Database, storeId: string, filter: OrderFilter): AsyncGenerator<string> {
  const local = localTimes(await shopTimeZone(db, storeId));
  yield* csvPages(ORDER_BOOK_COLUMNS, listedOrders(db, storeId, filter), (page) =>
    page.map(({ listed, order, lines }) => {
      const address = order.shippingAddress;
      return [
        listed.number,
        local(order.createdAt),
        local(order.paidAt),
        local(order.fulfilledAt),
        local.timeZone,
        listed.status,
        order.customerName,
        order.email,
        address.city,
        address.state,
        address.postal_code,
        address.country,
        dollars(order.subtotalCents),
        dollars(order.discountCents),
        order.discountCode,
        dollars(order.shippingCents),
        dollars(order.taxCents),
        dollars(order.totalCents),
        dollars(listed.refundedCents),
        order.paymentProvider,
        order.paymentReference,
        listed.itemCount,
        lines.map((line) => `${line.quantity} × ${lineText(line)}`).join("; "),
      ];
    }),
  );
}

export const ORDER_LINE_BOOK_COLUMNS = ["order_number", "placed_at", "time_zone", "title", "sku", "options", "quantity", "unit_price", "line_total"];

/** One row per line of each order, after the header, sent as the orders are read; a bundle's options are what it holds. */
export async function* orderLineBookCsv(db: Database, storeId: string, filter: OrderFilter): AsyncGenerator<string> {
  const local = localTimes(await shopTimeZone(db, storeId));
  yield* csvPages(ORDER_LINE_BOOK_COLUMNS, listedOrders(db, storeId, filter), (page) =>
    page.flatMap(({ listed, order, lines }) =>
      lines.map((line) => [
        listed.number,
        local(order.createdAt),
        local.timeZone,
        line.title,
        line.sku,
        line.words.options || line.words.contents.map((item) => item.text).join("; "),
        line.quantity,
        dollars(line.unitPriceCents),
        dollars(line.lineTotalCents),
      ]),
    ),
  );
}
