/**
 * The orders desk (permission `orders`): the list and its CSV, an order's detail, and fulfil, cancel, refund, edit
 * (previewed, then saved), notes and resending the confirmation. Each write is the same server/orders function the command line calls, with the
 * staff actor for the audit trail; each answers the order as it now is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  fulfilSchema,
  markPaidSchema,
  orderAnswerSchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderNumberParamsSchema,
  orderPageSchema,
  refundAnswerSchema,
  refundSchema,
} from "../../core/schemas/admin-orders";
import { orderEditAnswerSchema, orderEditChangesSchema, orderEditPreviewSchema, orderEditSchema } from "../../core/schemas/order-edits";
import { leftToRefund } from "../../core/order-lifecycle";
import { type PaymentLinkPurpose } from "../../core/payment-links";
import type { AppEnv } from "../context";
import { getDeskOrder, listDeskOrders, orderFilterOf, type DeskStatus, type OrderListItem } from "../orders/desk";
import { orderBookCsv, orderLineBookCsv } from "../orders/books";
import { shopTimeZone } from "../store/settings";
import { orderInvoicePdf } from "../orders/invoices";
import { notFound } from "../../core/errors";
import { addOrderNote, cancelOrder, fulfilOrder, refundOrder, resendOrderConfirmation } from "../orders/operations";
import { applyEdit, previewEdit, type EditPreview } from "../order-edits/edits";
import { markOrderPaidAnotherWay, resendPaymentLink } from "../orders/payment-links";
import { adminOperation, csvList, iso, isoOrNull, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { bodyOf, csvDownload, json, jsonBody, numberParam, queryOf, register } from "./operation";

const NOT_FOUND = "No order with this number in this store";
const CONFLICT = "The order's state does not allow it (the message says which it is)";

const listOrders = adminOperation("orders", {
  ...pagedList("/orders", orderListQuerySchema, orderPageSchema, "orders"),
  summary: "Paid orders, newest first, by status, search (number, email, name) and days placed",
});

const exportOrders = adminOperation("orders", {
  ...csvList("/orders.csv", orderListQuerySchema, "order"),
  summary:
    "The filtered list, every page of it, as CSV for the books: times in the shop's time zone (named in each row), where it shipped, subtotal, discount and code, shipping, tax, total, refunded (dollars), payment and the items in words",
});

const exportOrderLines = adminOperation("orders", {
  ...csvList("/order-lines.csv", orderListQuerySchema, "line of each order"),
  summary: "The filtered list's lines, every page of it, as CSV: order, time and the shop's time zone, title, sku, options (a bundle's contents), quantity, unit price and line total",
});

const onOrder = resourceOperations("orders", {
  path: "/orders/{number}",
  params: orderNumberParamsSchema,
  notFound: NOT_FOUND,
  answer: json(orderAnswerSchema, "The order"),
});

const readOrder = onOrder.get({
  summary: "An order: lines with their options, totals, payment and refunds, address, shipment, notes and timeline",
});

const fulfil = onOrder.post({
  path: "/fulfil",
  summary: "Mark a paid order shipped; the customer is emailed (with a tracking link for a known carrier) and asked for a review",
  body: jsonBody(fulfilSchema),
  refusals: { 409: CONFLICT },
});

const cancel = onOrder.post({
  path: "/cancel",
  summary: "Cancel a paid order: what is left of its payment is refunded, its stock goes back, the customer is emailed",
  answers: { 200: json(refundAnswerSchema, "The order and what was refunded") },
  refusals: { 409: CONFLICT },
});

const refund = onOrder.post({
  path: "/refund",
  summary: "Refund all or part of an order, never more than is left of what was paid; the customer is emailed the amount",
  body: jsonBody(refundSchema),
  answers: { 200: json(refundAnswerSchema, "The order and the refund") },
  refusals: { 409: CONFLICT, 422: "More than is left to refund, or nothing is left" },
});

const addNote = onOrder.post({
  path: "/notes",
  summary: "Add a note for the staff, signed with your email or token name",
  body: jsonBody(orderNoteSchema),
  answers: { 201: json(orderAnswerSchema, "The order with the note") },
});

const resendConfirmation = onOrder.post({
  path: "/resend-confirmation",
  summary: "Email the order's confirmation to the customer again",
  refusals: { 409: CONFLICT },
});

const EDIT_REFUSALS = {
  409: "The order cannot be changed now (shipped, cancelled, its stock restocked), a SKU is short of stock, or it changed since the preview",
  422: "The change breaks a rule of the shop (no line left, a subscribed line's variant, the minimum order)",
} as const;

const previewOrderEdit = onOrder.post({
  path: "/edit/preview",
  summary:
    "Price a change to a paid order that has not shipped (quantities, a variant swapped, products added or removed, the address or shipping option) by the checkout's quote: the new lines and totals, the difference and the stock it moves; nothing is saved",
  body: jsonBody(orderEditChangesSchema),
  answers: { 200: json(orderEditPreviewSchema, "The order as the change would make it") },
  refusals: EDIT_REFUSALS,
});

const saveOrderEdit = onOrder.post({
  path: "/edit",
  summary:
    "Save a change to a paid order that has not shipped, if it still prices to the total its preview showed: stock moves, a lower total is refunded to the card, a higher one is asked of the customer by an emailed payment link, the customer is emailed what changed",
  body: jsonBody(orderEditSchema),
  answers: { 200: json(orderEditAnswerSchema, "The change as saved") },
  refusals: EDIT_REFUSALS,
});

const previewBody = (preview: EditPreview): z.infer<typeof orderEditPreviewSchema> => ({
  lines: preview.lines.map((line) => ({
    line_id: line.lineId,
    kind: line.kind,
    title: line.title,
    sku: line.sku,
    options: line.options,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    line_total_cents: line.lineTotalCents,
  })),
  totals: {
    subtotal_cents: preview.after.subtotalCents,
    discount_cents: preview.after.discountCents,
    discount_code: preview.after.discountCode,
    shipping_cents: preview.after.shippingCents,
    tax_cents: preview.after.taxCents,
    total_cents: preview.after.totalCents,
  },
  previous_total_cents: preview.before.totalCents,
  difference_cents: preview.differenceCents,
  balance_cents: preview.balanceCents,
  changes: preview.changes,
  stock: preview.stock,
});

const resendPaymentLinkOperation = onOrder.post({
  path: "/payment-link/resend",
  summary: "Email the customer the order's open payment link again (what an edit or exchange left owing)",
  refusals: { 409: "The order has no open payment link" },
});

const markPaidOperation = onOrder.post({
  path: "/payment-link/mark-paid",
  summary: "Settle the order's open payment link with a payment taken another way (cash, bank transfer), with a note; audited",
  body: jsonBody(markPaidSchema),
  refusals: { 409: "The order has no open payment link" },
});

const downloadInvoice = onOrder.get({
  path: "/invoice.pdf",
  summary: "The order's invoice as a PDF (decision 0055): its number, the seller, the lines, discount, shipping, tax by rate and total, as issued when it was paid",
  answers: { 200: { description: "The invoice, a PDF file", content: { "application/pdf": { schema: { type: "string" as const, format: "binary" } } } } },
});

const numberOf = numberParam(orderNumberParamsSchema, "number");

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
  const { order, lines, payment, paymentDue, shipment, notes, timeline } = await getDeskOrder(c.var.deps.db, c.var.deps.storeId, number);
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
        options: line.words.options,
        contents: line.words.contents,
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
        refundable_cents: leftToRefund(order, payment.refundedCents, paymentDue?.amountCents),
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
      payment_due: paymentDue && { amount_cents: paymentDue.amountCents, purpose: paymentDue.purpose as PaymentLinkPurpose, asked_at: iso(paymentDue.askedAt) },
      notes: notes.map((note) => ({ id: note.id, author: note.author, text: note.text, created_at: iso(note.createdAt) })),
      timeline: timeline.map((entry) => ({ at: iso(entry.at), type: entry.type, text: entry.text })),
    },
  };
}


export function adminOrdersRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listOrders, pageAnswer(listOrders, "orders", async (db, storeId, query) => listDeskOrders(db, storeId, orderFilterOf(query, await shopTimeZone(db, storeId))), summaryBody));

  register(admin, exportOrders, async (c) =>
    csvDownload(c, "orders.csv", orderBookCsv(c.var.deps.db, c.var.deps.storeId, orderFilterOf(queryOf(c, exportOrders), await shopTimeZone(c.var.deps.db, c.var.deps.storeId)))),
  );

  register(admin, exportOrderLines, async (c) =>
    csvDownload(c, "order-lines.csv", orderLineBookCsv(c.var.deps.db, c.var.deps.storeId, orderFilterOf(queryOf(c, exportOrderLines), await shopTimeZone(c.var.deps.db, c.var.deps.storeId)))),
  );

  register(admin, readOrder, async (c) => c.json(await detailBody(c, numberOf(c))));

  register(admin, downloadInvoice, async (c) => {
    const file = await orderInvoicePdf(c.var.deps.db, c.var.deps.storeId, numberOf(c));
    if (!file) throw notFound("This order has no invoice (it was never paid, or was paid before invoices were issued)");
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", `attachment; filename="${file.filename}"`);
    return c.body(new Uint8Array(file.pdf));
  });

  register(admin, fulfil, async (c) => {
    const number = numberOf(c);
    const body = await bodyOf(c, fulfil);
    await fulfilOrder(c.var.deps, c.var.deps.storeId, number, {
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      actor: c.var.staffActor,
    });
    return c.json(await detailBody(c, number));
  });

  register(admin, cancel, async (c) => {
    const number = numberOf(c);
    const done = await cancelOrder(c.var.deps, c.var.deps.storeId, number, { actor: c.var.staffActor });
    return c.json({ ...(await detailBody(c, number)), refund: { amount_cents: done.refundedCents, owed: done.refundOwed } });
  });

  register(admin, refund, async (c) => {
    const number = numberOf(c);
    const body = await bodyOf(c, refund);
    const done = await refundOrder(c.var.deps, c.var.deps.storeId, number, {
      amountCents: body.amount_cents,
      restock: body.restock,
      actor: c.var.staffActor,
    });
    return c.json({ ...(await detailBody(c, number)), refund: { amount_cents: done.refundedCents, owed: done.refundOwed } });
  });

  register(admin, addNote, async (c) => {
    const number = numberOf(c);
    const { text } = await bodyOf(c, addNote);
    await addOrderNote(c.var.deps, c.var.deps.storeId, number, text, { actor: c.var.staffActor });
    return c.json(await detailBody(c, number), 201);
  });

  register(admin, previewOrderEdit, async (c) => {
    const preview = await previewEdit(c.var.deps, c.var.deps.storeId, numberOf(c), await bodyOf(c, previewOrderEdit));
    return c.json(previewBody(preview), 200);
  });

  register(admin, saveOrderEdit, async (c) => {
    const { expected_total_cents, ...changes } = await bodyOf(c, saveOrderEdit);
    const saved = await applyEdit(c.var.deps, c.var.deps.storeId, c.var.staffActor, numberOf(c), changes, expected_total_cents);
    return c.json(
      {
        ...previewBody(saved),
        edit_id: saved.editId,
        refund: saved.refund ? { amount_cents: saved.refund.amountCents, owed: saved.refund.owed } : null,
        payment_link: saved.paymentLink ? { amount_cents: saved.paymentLink.amountCents } : null,
      },
      200,
    );
  });

  register(admin, resendConfirmation, async (c) => {
    const number = numberOf(c);
    await resendOrderConfirmation(c.var.deps, c.var.deps.storeId, number, { actor: c.var.staffActor });
    return c.json(await detailBody(c, number));
  });

  register(admin, resendPaymentLinkOperation, async (c) => {
    const number = numberOf(c);
    await resendPaymentLink(c.var.deps, c.var.deps.storeId, c.var.staffActor, number);
    return c.json(await detailBody(c, number));
  });

  register(admin, markPaidOperation, async (c) => {
    const number = numberOf(c);
    const body = await bodyOf(c, markPaidOperation);
    await markOrderPaidAnotherWay(c.var.deps, c.var.deps.storeId, c.var.staffActor, number, { paidWith: body.paid_with, note: body.note ?? null });
    return c.json(await detailBody(c, number));
  });

  return admin;
}
