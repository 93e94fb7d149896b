/**
 * The orders as the books need them (the accountant's CSVs): one row per order with its money split out (subtotal,
 * discount, shipping, tax, total, refunded) and where it shipped (the state and country decide the tax), and one row
 * per line. Both walk the desk's filtered list (status, search, dates), every page of it, so the files hold exactly
 * what the screen lists. Times are in the shop's time zone (decision 0061), which each row names.
 */
import { centsToDollars } from "../../core/money";
import type { Database } from "../db/client";
import { everyDeskOrdersPage, type DeskOrderRow, type ListedLine, type OrderFilter } from "./desk";
import { shopDateTimes } from "../../core/shop-time";
import { shopTimeZone } from "../store/settings";
import { lineText, withWords, type LineWords } from "./line-words";
import { csvPages } from "../http/csv";
import { readingAhead } from "../db/listing";

const PAGE = 500;
/**
 * The rows written at a time. A page's rows, cells and text, written at once, were 1.2 MB alive at each of the young
 * generation's collections, copied every time (4 MB, decision 0013); a fifth of a page at a time, 0.8 MB.
 */
const SLICE = 100;

/** Money as the CSVs write it: dollars with two decimals. */
const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** A moment as a spreadsheet reads a date and time ('2026-11-28 18:17:44'), in the shop's zone; the zone beside it. */
const localTimes = (timeZone: string) => {
  const local = shopDateTimes(timeZone);
  return Object.assign((date: Date | null) => (date ? local(date) : null), { timeZone });
};

type ListedOrder = { order: DeskOrderRow; lines: (ListedLine & { words: LineWords })[] };

/**
 * Each listed order with its lines in words, SLICE orders at a time, read a page of the desk's list (by keyset) at a
 * time, the next page while this one is written.
 */
async function* listedOrders(db: Database, storeId: string, filter: OrderFilter): AsyncGenerator<ListedOrder[]> {
  for await (const page of readingAhead(everyDeskOrdersPage(db, storeId, filter, PAGE))) {
    const lines = await withWords(db, storeId, page.flatMap((order) => order.lines));
    let first = 0;
    for (let start = 0; start < page.length; start += SLICE) {
      yield page.slice(start, start + SLICE).map((order) => ({ order, lines: lines.slice(first, (first += order.lines.length)) }));
    }
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
    page.map(({ order, lines }) => {
      const address = order.shipTo;
      return [
        order.number,
        local(order.createdAt),
        local(order.paidAt),
        local(order.fulfilledAt),
        local.timeZone,
        order.status,
        order.customerName,
        order.email,
        address.city,
        address.state,
        address.postalCode,
        address.country,
        dollars(order.subtotalCents),
        dollars(order.discountCents),
        order.discountCode,
        dollars(order.shippingCents),
        dollars(order.taxCents),
        dollars(order.totalCents),
        dollars(order.refundedCents),
        order.paymentProvider,
        order.paymentReference,
        order.itemCount,
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
    page.flatMap(({ order, lines }) =>
      lines.map((line) => [
        order.number,
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
