/**
 * The orders desk (permission `orders`): the list and its CSV, an order's detail, and fulfil, cancel, refund, notes
 * and resending the confirmation. Each write is the same server/orders function the command line calls, with the
 * staff actor for the audit trail; each answers the order as it now is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  fulfilSchema,
  orderAnswerSchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderNumberParamsSchema,
  orderPageSchema,
  refundAnswerSchema,
  refundSchema,
} from "../../core/schemas/admin-orders";
import { leftToRefund } from "../../core/order-lifecycle";
import type { AppEnv } from "../context";
import { parseWith } from "../http/errors";
import { getDeskOrder, listDeskOrders, orderFilterOf, type DeskStatus, type OrderListItem } from "../orders/desk";
import { toCsv } from "../orders/csv";
import { addOrderNote, cancelOrder, fulfilOrder, refundOrder, resendOrderConfirmation } from "../orders/operations";
import { adminOperation, iso, isoOrNull } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, queryOf, register } from "./operation";

const NOT_FOUND = "No order with this number in this store";
const CONFLICT = "The order's state does not allow it (the message says which it is)";

const listOrders = adminOperation("orders", {
  method: "get",
  path: "/orders",
  tags: ["admin"],
  summary: "Paid orders, newest first, by status, search (number, email, name) and days placed",
  request: { query: orderListQuerySchema },
  responses: { 200: json(orderPageSchema, "A page of orders; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const exportOrders = adminOperation("orders", {
  method: "get",
  path: "/orders.csv",
  tags: ["admin"],
  summary: "The filtered list, every page of it, as CSV",
  request: { query: orderListQuerySchema },
  responses: {
    200: { description: "One row per order, with a header row", content: { "text/csv": { schema: { type: "string" as const } } } },
    ...errors({ 400: BAD_INPUT }),
  },
});

const readOrder = adminOperation("orders", {
  method: "get",
  path: "/orders/{number}",
  tags: ["admin"],
  summary: "An order: lines with their options, totals, payment and refunds, address, shipment, notes and timeline",
  request: { params: orderNumberParamsSchema },
  responses: { 200: json(orderAnswerSchema, "The order"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND }) },
});

const fulfil = adminOperation("orders", {
  method: "post",
  path: "/orders/{number}/fulfil",
  tags: ["admin"],
  summary: "Mark a paid order shipped; the customer is emailed (with a tracking link for a known carrier) and asked for a review",
  request: { params: orderNumberParamsSchema, body: jsonBody(fulfilSchema) },
  responses: { 200: json(orderAnswerSchema, "The order"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT }) },
});

const cancel = adminOperation("orders", {
  method: "post",
  path: "/orders/{number}/cancel",
  tags: ["admin"],
  summary: "Cancel a paid order: what is left of its payment is refunded, its stock goes back, the customer is emailed",
  request: { params: orderNumberParamsSchema },
  responses: { 200: json(refundAnswerSchema, "The order and what was refunded"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT }) },
});

const refund = adminOperation("orders", {
  method: "post",
  path: "/orders/{number}/refund",
  tags: ["admin"],
  summary: "Refund all or part of an order, never more than is left of what was paid; the customer is emailed the amount",
  request: { params: orderNumberParamsSchema, body: jsonBody(refundSchema) },
  responses: {
    200: json(refundAnswerSchema, "The order and the refund"),
    ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT, 422: "More than is left to refund, or nothing is left" }),
  },
});

const addNote = adminOperation("orders", {
  method: "post",
  path: "/orders/{number}/notes",
  tags: ["admin"],
  summary: "Add a note for the staff, signed with your email or token name",
  request: { params: orderNumberParamsSchema, body: jsonBody(orderNoteSchema) },
  responses: { 201: json(orderAnswerSchema, "The order with the note"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND }) },
});

const resendConfirmation = adminOperation("orders", {
  method: "post",
  path: "/orders/{number}/resend-confirmation",
  tags: ["admin"],
  summary: "Email the order's confirmation to the customer again",
  request: { params: orderNumberParamsSchema },
  responses: { 200: json(orderAnswerSchema, "The order"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT }) },
});

const numberOf = (c: Context<AppEnv>) => Number(parseWith(orderNumberParamsSchema, { number: c.req.param("number") }).number);

const summaryBody = (order: OrderListItem): z.infer<typeof orderPageSchema>["orders"][number] => ({
  number: order.number,
  status: order.status,
  email: order.email,
  customer_name: order.customerName,
  total_cents: order.totalCents,
  refunded_cents: order.refundedCents,
  item_count: order.itemCount,
  created_at: iso(order.createdAt),
  paid_at: isoOrNull(order.paidAt),
  fulfilled_at: isoOrNull(order.fulfilledAt),
});

async function detailBody(c: Context<AppEnv>, number: number): Promise<z.infer<typeof orderAnswerSchema>> {
  const { order, lines, payment, shipment, notes, timeline } = await getDeskOrder(c.var.deps.db, c.var.storeId, number);
  const address = order.shippingAddress;
  return {
    order: {
      number: order.number!,
      status: order.status as DeskStatus,
      email: order.email,
      customer_name: order.customerName,
      customer_id: order.customerId,
      created_at: iso(order.createdAt),
      paid_at: isoOrNull(order.paidAt),
      fulfilled_at: isoOrNull(order.fulfilledAt),
      cancelled_at: isoOrNull(order.cancelledAt),
      lines: lines.map((line) => ({
        kind: line.kind,
        title: line.title,
        sku: line.sku,
        product_handle: line.productHandle,
        subscription_id: line.subscriptionId,
        attributes: line.attributes ?? {},
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        line_total_cents: line.lineTotalCents,
      })),
      totals: {
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        discount_code: order.discountCode,
        shipping_cents: order.shippingCents,
        tax_cents: order.taxCents,
        total_cents: order.totalCents,
      },
      payment: {
        provider: payment.provider,
        reference: payment.reference,
        status: payment.status,
        refunded_cents: payment.refundedCents,
        refundable_cents: leftToRefund(order, payment.refundedCents),
        refunds: payment.refunds.map((made) => ({
          amount_cents: made.amountCents,
          status: made.status,
          created_at: iso(made.createdAt),
          settled_at: isoOrNull(made.settledAt),
        })),
      },
      shipping_address: { ...address, line2: address.line2 ?? null },
      shipping_option: order.shippingOptionKey,
      shipment: { carrier: shipment.carrier, tracking_number: shipment.trackingNumber, tracking_url: shipment.trackingUrl },
      notes: notes.map((note) => ({ id: note.id, author: note.author, text: note.text, created_at: iso(note.createdAt) })),
      timeline: timeline.map((entry) => ({ at: iso(entry.at), type: entry.type, text: entry.text })),
    },
  };
}

const CSV_PAGE = 500;
const CSV_COLUMNS = ["number", "status", "placed_at", "paid_at", "fulfilled_at", "customer_name", "email", "items", "total", "refunded"];
const dollars = (cents: number) => (cents / 100).toFixed(2);

export function adminOrdersRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listOrders, async (c) => {
    const page = await listDeskOrders(c.var.deps.db, c.var.storeId, orderFilterOf(queryOf(c, listOrders)));
    return c.json({ orders: page.orders.map(summaryBody), next_cursor: page.nextCursor });
  });

  register(admin, exportOrders, async (c) => {
    const filter = orderFilterOf(queryOf(c, exportOrders));
    const rows: unknown[][] = [];
    for (let cursor = filter.cursor; ; ) {
      const page = await listDeskOrders(c.var.deps.db, c.var.storeId, { ...filter, cursor, limit: CSV_PAGE });
      for (const order of page.orders) {
        rows.push([
          order.number,
          order.status,
          iso(order.createdAt),
          isoOrNull(order.paidAt),
          isoOrNull(order.fulfilledAt),
          order.customerName,
          order.email,
          order.itemCount,
          dollars(order.totalCents),
          dollars(order.refundedCents),
        ]);
      }
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="orders.csv"');
    return c.body(toCsv([CSV_COLUMNS, ...rows]));
  });

  register(admin, readOrder, async (c) => c.json(await detailBody(c, numberOf(c))));

  register(admin, fulfil, async (c) => {
    const number = numberOf(c);
    const body = await bodyOf(c, fulfil);
    await fulfilOrder(c.var.deps, c.var.storeId, number, {
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      actor: c.var.staffActor,
    });
    return c.json(await detailBody(c, number));
  });

  register(admin, cancel, async (c) => {
    const number = numberOf(c);
    const done = await cancelOrder(c.var.deps, c.var.storeId, number, { actor: c.var.staffActor });
    return c.json({ ...(await detailBody(c, number)), refund: { amount_cents: done.refundedCents, owed: done.refundOwed } });
  });

  register(admin, refund, async (c) => {
    const number = numberOf(c);
    const body = await bodyOf(c, refund);
    const done = await refundOrder(c.var.deps, c.var.storeId, number, {
      amountCents: body.amount_cents,
      restock: body.restock,
      actor: c.var.staffActor,
    });
    return c.json({ ...(await detailBody(c, number)), refund: { amount_cents: done.refundedCents, owed: done.refundOwed } });
  });

  register(admin, addNote, async (c) => {
    const number = numberOf(c);
    const { text } = await bodyOf(c, addNote);
    await addOrderNote(c.var.deps, c.var.storeId, number, text, { actor: c.var.staffActor });
    return c.json(await detailBody(c, number), 201);
  });

  register(admin, resendConfirmation, async (c) => {
    const number = numberOf(c);
    await resendOrderConfirmation(c.var.deps, c.var.storeId, number, { actor: c.var.staffActor });
    return c.json(await detailBody(c, number));
  });

  return admin;
}
