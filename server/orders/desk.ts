/**
 * The orders desk's reads: the list staff work through (by status, a search, a date range, a page at a time) and an
 * order's whole story. The timeline is derived from what the shop keeps anyway (the order's timestamps, its refunds,
 * notes and the emails sent for it), so it can never disagree with them, and nothing is written twice.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { formatMoney } from "../../core/money";
import { DESK_STATUSES, type orderListQuerySchema } from "../../core/schemas/admin-orders";
import type { z } from "zod";
import type { Database } from "../db/client";
import { mailOutbox, orderLines, orderNotes, orders, payments, refunds } from "../db/schema";
import { HttpError } from "../http/errors";
import { containing, cursorId } from "../db/listing";
import { carrierName, trackingUrl } from "./carriers";
import { refundedCentsOf } from "./refunds";
import { type Order } from "./orders";

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

const DAY_MS = 86_400_000;

/** A list query (the API's and the screen's) as the desk filters: `to` is a whole UTC day, ending where the next begins. */
export function orderFilterOf(query: z.infer<typeof orderListQuerySchema>): OrderFilter {
  return {
    status: query.status,
    q: query.q,
    cursor: query.cursor,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
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

/** Newest first; the cursor is the last id seen, so a page stays right while new orders arrive. */
export async function listDeskOrders(db: Database, storeId: string, filter: OrderFilter = {}): Promise<{ orders: OrderListItem[]; nextCursor: string | null }> {
  const limit = filter.limit ?? ORDERS_PAGE_SIZE;
  const after = cursorId(filter.cursor);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      email: orders.email,
      customerName: orders.customerName,
      totalCents: orders.totalCents,
      refundedCents: refundedCentsOf(),
      itemCount: sql<string>`(select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = "orders"."id")`,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      fulfilledAt: orders.fulfilledAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        isNotNull(orders.number),
        filter.status ? eq(orders.status, filter.status) : inArray(orders.status, [...DESK_STATUSES]),
        filter.q === undefined ? undefined : matching(filter.q),
        filter.from ? gte(orders.createdAt, filter.from) : undefined,
        filter.before ? lt(orders.createdAt, filter.before) : undefined,
        after === undefined ? undefined : lt(orders.id, after),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    orders: page.map(({ id: _id, ...row }) => ({
      ...row,
      number: row.number!,
      status: row.status as DeskStatus,
      refundedCents: Number(row.refundedCents),
      itemCount: Number(row.itemCount),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  };
}

export type TimelineEntry = {
  at: Date;
  type: "created" | "paid" | "fulfilled" | "refund" | "cancelled" | "note" | "email";
  text: string;
};

export type OrderDetail = {
  order: Order;
  lines: (typeof orderLines.$inferSelect)[];
  payment: {
    provider: string;
    reference: string | null;
    /** The provider's last word on the payment (succeeded, refunded ...), when one arrived. */
    status: string | null;
    refundedCents: number;
    refunds: { amountCents: number; status: "owed" | "succeeded"; createdAt: Date; settledAt: Date | null }[];
  };
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
  notes: { id: number; author: string; text: string; createdAt: Date }[];
  timeline: TimelineEntry[];
};

export async function getDeskOrder(db: Database, storeId: string, number: number): Promise<OrderDetail> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw new HttpError(404, `Order ${number} not found`);
  const [lines, refundRows, notes, emails, [payment]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.id)),
    db
      .select({ kind: mailOutbox.kind, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(asc(mailOutbox.id)),
    order.paymentReference
      ? db
          .select({ status: payments.status })
          .from(payments)
          .where(and(eq(payments.provider, order.paymentProvider), eq(payments.providerPaymentId, order.paymentReference)))
      : Promise.resolve([]),
  ]);
  const paidRefunds = refundRows.map((refund) => ({
    amountCents: refund.amountCents ?? order.totalCents,
    status: refund.status,
    createdAt: refund.createdAt,
    settledAt: refund.settledAt,
  }));
  const carrier = order.carrier ? carrierName(order.carrier) : null;
  const shipment = {
    carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
  };
  const shipped = [carrier, order.trackingNumber].filter((part) => part !== null).join(" ");
  const timeline: TimelineEntry[] = [
    { at: order.createdAt, type: "created", text: `Order placed by ${order.customerName} <${order.email}>` },
    ...(order.paidAt ? [{ at: order.paidAt, type: "paid" as const, text: `Paid ${formatMoney(order.totalCents)} (${order.paymentProvider})` }] : []),
    ...(order.fulfilledAt ? [{ at: order.fulfilledAt, type: "fulfilled" as const, text: shipped ? `Shipped with ${shipped}` : "Shipped" }] : []),
    ...paidRefunds.map((refund) => ({
      at: refund.createdAt,
      type: "refund" as const,
      text: `Refunded ${formatMoney(refund.amountCents)}${refund.status === "owed" ? " (owed: the provider has not confirmed it yet)" : ""}`,
    })),
    ...(order.cancelledAt ? [{ at: order.cancelledAt, type: "cancelled" as const, text: "Cancelled" }] : []),
    ...notes.map((note) => ({ at: note.createdAt, type: "note" as const, text: `${note.authorLabel}: ${note.text}` })),
    ...emails.map((email) => ({ at: email.createdAt, type: "email" as const, text: `Email to ${email.to}: ${email.subject}` })),
  ];
  // Stable: entries of the same instant keep the order above (a refund before the cancel it came with).
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    order,
    lines,
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentReference,
      status: payment?.status ?? null,
      refundedCents: paidRefunds.reduce((sum, refund) => sum + refund.amountCents, 0),
      refunds: paidRefunds,
    },
    shipment,
    notes: notes.map((note) => ({ id: note.id, author: note.authorLabel, text: note.text, createdAt: note.createdAt })),
    timeline,
  };
}
