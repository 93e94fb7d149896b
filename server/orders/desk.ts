/**
 * The orders desk's reads: the list staff work through (by status, a search, a date range, a page at a time) and an
 * order's whole story. The timeline is derived from what the shop keeps anyway (the order's timestamps, its refunds,
 * notes and the emails sent for it), so it can never disagree with them, and nothing is written twice.
 */
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL, type Column } from "drizzle-orm";
import { formatMoney } from "../../core/money";
import { dayRange } from "../../core/shop-time";
import { DESK_STATUSES, type orderListQuerySchema } from "../../core/schemas/admin-orders";
import type { z } from "zod";
import { rowsOf, type Database } from "../db/client";
import { mailOutbox, orderEdits, orderLines, orderNotes, orders, payments, refunds, returns } from "../db/schema";
import { RETURN_REASONS } from "../../core/returns";
import { containing, everyPage, newestFirstPage } from "../db/listing";
import { carrierName, trackingUrl } from "./carriers";
import { shippingOptionName } from "../store/rules";
import { openLinkOf } from "./payment-links";
import { refundedCentsOf } from "./refunds";
import { type Order } from "./orders";
import { withWords, type LineWords } from "./line-words";
import { notFound } from "../../core/errors";

export type DeskStatus = (typeof DESK_STATUSES)[number];

export const ORDERS_PAGE_SIZE = 50;

export type OrderFilter = {
  status?: DeskStatus;
  /** Matches the order number, or part of the email or the customer's name, without case. */
  q?: string;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  before?: Date;
  /** The last order id of the previous page. */
  cursor?: string;
  limit?: number;
};

/**
 * A list query (the API's and the screen's) as the desk filters: `from` and `to` are whole days of the shop's time
 * zone, `to` ending where the next begins.
 */
export function orderFilterOf(query: z.infer<typeof orderListQuerySchema>, timeZone: string): OrderFilter {
  return {
    status: query.status,
    q: query.q,
    cursor: query.cursor,
    from: query.from ? dayRange(query.from, timeZone).start : undefined,
    before: query.to ? dayRange(query.to, timeZone).end : undefined,
  };
}

function matching(q: string): SQL | undefined {
  const term = q.trim();
  if (term === "") return undefined;
  const number = /^#?(\d{1,9})$/.exec(term)?.[1];
  return or(
    number === undefined ? undefined : eq(orders.number, Number(number)),
    ilike(orders.email, containing(term)),
    ilike(orders.customerName, containing(term)),
  );
}

export type OrderListItem = {
  number: number;
  status: DeskStatus;
  email: string;
  customerName: string;
  totalCents: number;
  refundedCents: number;
  itemCount: number;
  createdAt: Date;
  paidAt: Date | null;
  fulfilledAt: Date | null;
};

/** A line of a listed order: what the books' CSVs write of it, and its quantity, which the list counts. */
export type ListedLine = Pick<
  typeof orderLines.$inferSelect,
  "kind" | "title" | "sku" | "attributes" | "stockComponents" | "quantity" | "unitPriceCents" | "lineTotalCents"
>;

/** An instant of an order as milliseconds since 1970, to the millisecond as Drizzle reads a Date: cheaper to read than ISO 8601's text. */
type Instant = number | null;
/** Where the order ships, as the books write it (the state and country decide the tax). */
export type ShipTo = { city: string; state: string; postalCode: string; country: string };
type OrderColumns = typeof orders.$inferSelect;
type LineColumns = typeof orderLines.$inferSelect;

/** A listed line as the query writes it: its values in ListedLine's order, without the names. */
type ListedLineValues = [
  LineColumns["kind"],
  LineColumns["title"],
  LineColumns["sku"],
  LineColumns["attributes"],
  LineColumns["stockComponents"],
  LineColumns["quantity"],
  LineColumns["unitPriceCents"],
  LineColumns["lineTotalCents"],
];

/** What the desk's list reads of each order (what the screen shows and what the books' CSVs write), in LISTED's order. */
type ListedOrderValues = [
  OrderColumns["number"],
  OrderColumns["status"],
  Instant,
  Instant,
  Instant,
  OrderColumns["customerName"],
  OrderColumns["email"],
  [ShipTo["city"], ShipTo["state"], ShipTo["postalCode"], ShipTo["country"]],
  OrderColumns["subtotalCents"],
  OrderColumns["discountCents"],
  OrderColumns["discountCode"],
  OrderColumns["shippingCents"],
  OrderColumns["taxCents"],
  OrderColumns["totalCents"],
  OrderColumns["paymentProvider"],
  OrderColumns["paymentReference"],
  number,
  ListedLineValues[],
];

/** A timestamp of the order as whole milliseconds since 1970, or null. */
const epochMilliseconds = (column: string) => sql`floor(extract(epoch from "orders".${sql.identifier(column)}) * 1000)::bigint`;

/**
 * Each order as one JSON array, its lines inside in the order they were placed: a month's CSV is one query a page,
 * and one value an order for the driver to read and for Drizzle to map, where a column each (and a query of lines)
 * cost a value each, and the garbage of each, thousands of times a page. Arrays, not objects: the names, written for
 * every order and line, were half the text the driver decoded and parsed (8.5 MB for last month on the big shop);
 * and only what the screen and the books show of the address.
 */
const LISTED = sql<ListedOrderValues>`json_build_array("orders"."number", "orders"."status",
  ${epochMilliseconds("created_at")}, ${epochMilliseconds("paid_at")}, ${epochMilliseconds("fulfilled_at")},
  "orders"."customer_name", "orders"."email",
  json_build_array("orders"."shipping_address"->>'city', "orders"."shipping_address"->>'state',
    "orders"."shipping_address"->>'postal_code', "orders"."shipping_address"->>'country'),
  "orders"."subtotal_cents", "orders"."discount_cents", "orders"."discount_code",
  "orders"."shipping_cents", "orders"."tax_cents", "orders"."total_cents",
  "orders"."payment_provider", "orders"."payment_reference",
  ${refundedCentsOf()},
  (
    select coalesce(json_agg(json_build_array(l.kind, l.title, l.sku, l.attributes, l.stock_components, l.quantity,
      l.unit_price_cents, l.line_total_cents) order by l.id), '[]')
    from order_lines l where l.order_id = "orders"."id"))`;

const instant = (at: Instant) => (at === null ? null : new Date(at));

const listedLine = ([kind, title, sku, attributes, stockComponents, quantity, unitPriceCents, lineTotalCents]: ListedLineValues): ListedLine => ({
  kind,
  title,
  sku,
  attributes,
  stockComponents,
  quantity,
  unitPriceCents,
  lineTotalCents,
});

function listedOrder(
  id: number,
  [number, status, createdAt, paidAt, fulfilledAt, customerName, email, [city, state, postalCode, country], subtotalCents, discountCents, discountCode, shippingCents, taxCents, totalCents, paymentProvider, paymentReference, refundedCents, lineValues]: ListedOrderValues,
) {
  const lines = lineValues.map(listedLine);
  return {
    id,
    number: number!,
    status: status as DeskStatus,
    createdAt: new Date(createdAt!),
    paidAt: instant(paidAt),
    fulfilledAt: instant(fulfilledAt),
    customerName,
    email,
    shipTo: { city, state, postalCode, country },
    subtotalCents,
    discountCents,
    discountCode,
    shippingCents,
    taxCents,
    totalCents,
    paymentProvider,
    paymentReference,
    refundedCents,
    lines,
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
  };
}

/** The orders of the store placed in the filter's days. */
const placedIn = (storeId: string, filter: OrderFilter) =>
  and(eq(orders.storeId, storeId), filter.from ? gte(orders.createdAt, filter.from) : undefined, filter.before ? lt(orders.createdAt, filter.before) : undefined);

/** The lowest and highest id of the orders placed in a range of days; both null where none was. */
type PlacedIds = { lowest: number | null; highest: number | null };

async function placedIds(db: Database, storeId: string, filter: OrderFilter): Promise<PlacedIds> {
  // Through orders (store_id, created_at): asked for min(id) of a plain filter, PostgreSQL walks the primary key from
  // the first order until one is in the range (160 ms for last month on the big shop). An offset keeps the range whole.
  const [ids] = await rowsOf<PlacedIds>(
    db,
    sql`select min(id) as lowest, max(id) as highest from (select ${orders.id} from ${orders} where ${placedIn(storeId, filter)} offset 0) placed`,
  );
  return ids;
}

/**
 * The desk's list, newest first, `pageSize` orders at a time; the cursor is the last id seen, so a page stays right
 * while new orders arrive. The screen's list and the books' CSVs (server/orders/books.ts) read it; `within`, the ids
 * of the orders placed in the filter's days, bounds the walk.
 */
export async function deskOrdersPage(db: Database, storeId: string, filter: OrderFilter, pageSize: number, within?: PlacedIds) {
  const { page, nextCursor } = await newestFirstPage(filter, pageSize, orders.id, (olderThanCursor, count) =>
    db
      .select({ id: orders.id, order: LISTED })
      .from(orders)
      .where(
        and(
          placedIn(storeId, filter),
          isNotNull(orders.number),
          filter.status ? eq(orders.status, filter.status) : inArray(orders.status, [...DESK_STATUSES]),
          filter.q === undefined ? undefined : matching(filter.q),
          within && sql`${orders.id} between ${within.lowest} and ${within.highest}`,
          olderThanCursor,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(count),
  );
  return { page: page.map(({ id, order }) => listedOrder(id, order)), nextCursor };
}

export type DeskOrderRow = Awaited<ReturnType<typeof deskOrdersPage>>["page"][number];

/**
 * Every page of the desk's list from the filter's cursor on (the books' CSVs). The list walks the orders newest first
 * by id, which a range of days does not stop: the first page read past every order newer than the range, and the
 * last past every order older than it, to learn that none was left (200 ms on the big shop for last month). The ids
 * of the orders placed in the range are read once, first, and bound every page's walk.
 */
export async function* everyDeskOrdersPage(db: Database, storeId: string, filter: OrderFilter, pageSize: number): AsyncGenerator<DeskOrderRow[]> {
  const within = filter.from || filter.before ? await placedIds(db, storeId, filter) : undefined;
  for await (const { page } of everyPage(filter.cursor, (cursor) => deskOrdersPage(db, storeId, { ...filter, cursor }, pageSize, within))) yield page;
}

/** Newest first; the cursor is the last id seen, so a page stays right while new orders arrive. */
export async function listDeskOrders(db: Database, storeId: string, filter: OrderFilter = {}): Promise<{ orders: OrderListItem[]; nextCursor: string | null }> {
  const { page, nextCursor } = await deskOrdersPage(db, storeId, filter, ORDERS_PAGE_SIZE);
  return {
    orders: page.map((row) => ({
      number: row.number,
      status: row.status,
      email: row.email,
      customerName: row.customerName,
      totalCents: row.totalCents,
      refundedCents: row.refundedCents,
      itemCount: row.itemCount,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      fulfilledAt: row.fulfilledAt,
    })),
    nextCursor,
  };
}

export type TimelineEntry = {
  at: Date;
  type: "created" | "paid" | "fulfilled" | "refund" | "cancelled" | "note" | "email" | "return" | "edit";
  text: string;
};

export type OrderDetail = {
  order: Order;
  lines: (typeof orderLines.$inferSelect & { words: LineWords })[];
  payment: {
    provider: string;
    reference: string | null;
    /** The provider's last word on the payment (succeeded, refunded ...), when one arrived. */
    status: string | null;
    refundedCents: number;
    refunds: { amountCents: number; status: "owed" | "succeeded"; createdAt: Date; settledAt: Date | null }[];
  };
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
  /** The shipping option's name, as staff set it up. */
  shippingOptionName: string;
  /** What the order's open payment link asks the customer for (decision 0057), while it does. */
  paymentDue: { amountCents: number; purpose: string; askedAt: Date } | null;
  notes: { id: number; author: string; text: string; createdAt: Date }[];
  timeline: TimelineEntry[];
};

/**
 * A timestamp to the microsecond the database keeps: a note written in the millisecond the payment's emails were
 * queued still follows them, where a Date's milliseconds would call it a tie.
 */
const microsOf = (column: Column) => sql<number>`floor(extract(epoch from ${column}) * 1000000)::bigint`.mapWith(Number);

/** A return's steps from its own timestamps (decision 0056), read here as the refunds are: nothing is written twice. */
function returnSteps(row: typeof returns.$inferSelect): [Date, string][] {
  const by = row.requestedBy === "customer" ? "by the customer" : `by ${row.requestedBy}`;
  return [
    [row.createdAt, `requested ${by}: ${RETURN_REASONS[row.reason]}${row.note ? ` (${row.note})` : ""}`],
    ...(row.approvedAt ? [[row.approvedAt, "approved"] as [Date, string]] : []),
    ...(row.declinedAt ? [[row.declinedAt, `declined${row.declineNote ? `: ${row.declineNote}` : ""}`] as [Date, string]] : []),
    ...(row.receivedAt ? [[row.receivedAt, "received"] as [Date, string]] : []),
    ...(row.refundedAt ? [[row.refundedAt, `refunded ${formatMoney(row.refundedCents ?? 0)}${row.refundedShipping ? " with shipping" : ""}`] as [Date, string]] : []),
    ...(row.closedAt ? [[row.closedAt, row.exchangeOrderId ? "exchanged (a new order)" : "closed"] as [Date, string]] : []),
  ];
}

export async function getDeskOrder(db: Database, storeId: string, number: number): Promise<OrderDetail> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw notFound(`Order ${number} not found`);
  const [lines, refundRows, notes, emails, [payment], due, shippingOption, returnRows, edits] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
    db
      .select({ ...getTableColumns(orderNotes), micros: microsOf(orderNotes.createdAt) })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.id)),
    db
      .select({ kind: mailOutbox.kind, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, micros: microsOf(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(asc(mailOutbox.id)),
    order.paymentReference
      ? db
          .select({ status: payments.status, amountCents: payments.amountCents })
          .from(payments)
          .where(and(eq(payments.provider, order.paymentProvider), eq(payments.providerPaymentId, order.paymentReference)))
      : Promise.resolve([]),
    openLinkOf(db, order.id),
    shippingOptionName(db, storeId, order.shippingOptionKey),
    db.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(asc(returns.id)),
    db
      .select({ ...getTableColumns(orderEdits), micros: microsOf(orderEdits.createdAt) })
      .from(orderEdits)
      .where(eq(orderEdits.orderId, order.id))
      .orderBy(asc(orderEdits.id)),
  ]);
  const paidRefunds = refundRows.map((refund) => ({
    amountCents: refund.amountCents ?? order.totalCents,
    status: refund.status,
    createdAt: refund.createdAt,
    settledAt: refund.settledAt,
    forEdit: refund.orderEditId !== null,
  }));
  const carrier = order.carrier ? carrierName(order.carrier) : null;
  const shipment = {
    carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
  };
  const shipped = [carrier, order.trackingNumber].filter((part) => part !== null).join(" ");
  const timeline: (TimelineEntry & { micros?: number })[] = [
    { at: order.createdAt, type: "created", text: `Order placed by ${order.customerName} <${order.email}>` },
    ...(order.paidAt ? [{ at: order.paidAt, type: "paid" as const, text: `Paid ${formatMoney(payment?.amountCents ?? order.totalCents)} (${order.paymentProvider})` }] : []),
    ...(order.fulfilledAt ? [{ at: order.fulfilledAt, type: "fulfilled" as const, text: shipped ? `Shipped with ${shipped}` : "Shipped" }] : []),
    ...paidRefunds.map((refund) => ({
      at: refund.createdAt,
      type: "refund" as const,
      text: `Refunded ${formatMoney(refund.amountCents)}${refund.forEdit ? " of an edit's lower total" : ""}${refund.status === "owed" ? " (owed: the provider has not confirmed it yet)" : ""}`,
    })),
    ...edits.map((edit) => ({
      at: edit.createdAt,
      micros: edit.micros,
      type: "edit" as const,
      text: `Edited by ${edit.actorLabel}: ${edit.changes.join("; ")}. Total ${formatMoney(edit.before.totalCents)} → ${formatMoney(edit.after.totalCents)}`,
    })),
    ...(order.cancelledAt ? [{ at: order.cancelledAt, type: "cancelled" as const, text: "Cancelled" }] : []),
    ...notes.map((note) => ({ at: note.createdAt, micros: note.micros, type: "note" as const, text: `${note.authorLabel}: ${note.text}` })),
    ...emails.map((email) => ({ at: email.createdAt, micros: email.micros, type: "email" as const, text: `Email to ${email.to}: ${email.subject}` })),
    ...returnRows.flatMap((row) => returnSteps(row).map(([at, text]) => ({ at, type: "return" as const, text: `Return ${row.id} ${text}` }))),
  ];
  // Stable: entries of the same instant keep the order above (a refund before the cancel it came with).
  const instant = (entry: (typeof timeline)[number]) => entry.micros ?? entry.at.getTime() * 1000;
  timeline.sort((a, b) => instant(a) - instant(b));
  return {
    order,
    lines: await withWords(db, storeId, lines),
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentReference,
      status: payment?.status ?? null,
      // An edit's refund went with the lower total it gave the order: what is left to refund is of that total.
      refundedCents: paidRefunds.reduce((sum, refund) => sum + (refund.forEdit ? 0 : refund.amountCents), 0),
      refunds: paidRefunds,
    },
    shipment,
    shippingOptionName: shippingOption,
    paymentDue: due && { amountCents: due.amountCents, purpose: due.purpose, askedAt: due.createdAt },
    notes: notes.map((note) => ({ id: note.id, author: note.authorLabel, text: note.text, createdAt: note.createdAt })),
    timeline: timeline.map(({ at, type, text }) => ({ at, type, text })),
  };
}
