/**
 * Returns and exchanges (permission `orders`, decision 0056): an order's returns and creating one from it, each
 * return's moves (approve, decline, receive, refund, exchange, close), and the report of returns with their reasons
 * counted, also as CSV. Each write is the server/returns function the back office's screens call, with the staff
 * actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  declineSchema,
  exchangeAnswerSchema,
  exchangeSchema,
  orderReturnsSchema,
  receiveSchema,
  returnAnswerSchema,
  returnIdParamsSchema,
  returnListQuerySchema,
  returnRefundAnswerSchema,
  returnRefundSchema,
  returnRequestSchema,
  returnsReportSchema,
} from "../../core/schemas/admin-returns";
import { orderNumberParamsSchema } from "../../core/schemas/admin-orders";
import type { AppEnv } from "../context";
import { toCsv } from "../http/csv";
import { shopTimeZone } from "../store/settings";
import {
  approveReturn,
  closeReturn,
  declineReturn,
  exchangeReturn,
  getReturn,
  orderReturns,
  receiveReturn,
  refundReturn,
  reportRange,
  returnsCsvRows,
  returnsReport,
  startReturn,
  type ReturnView,
} from "../returns/returns";
import { adminOperation, iso, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, csv, csvDownload, errors, json, jsonBody, numberParam, queryOf, register } from "./operation";

const CONFLICT = "The return's (or order's) state does not allow it (the message says which it is)";

const report = adminOperation("orders", {
  method: "get",
  path: "/returns",
  summary: "Returns started in a range of days (the last 30 without one), by status, with their reasons counted",
  request: { query: returnListQuerySchema },
  responses: { 200: json(returnsReportSchema, "The returns (at most 200, newest first) and the counts"), ...errors({ 400: BAD_INPUT }) },
});

const reportCsv = adminOperation("orders", {
  method: "get",
  path: "/returns.csv",
  summary: "The same returns as CSV: order, time (in the shop's time zone), status, reason, note, items, refunded, exchange order, owed",
  request: { query: returnListQuerySchema },
  responses: { 200: csv("One row per return, with a header row"), ...errors({ 400: BAD_INPUT }) },
});

const onOrder = resourceOperations("orders", {
  path: "/orders/{number}/returns",
  params: orderNumberParamsSchema,
  notFound: "No order with this number in this store",
  answer: json(orderReturnsSchema, "The order's returns and what is left to return of each line"),
});

const listOrderReturns = onOrder.get({ summary: "An order's returns, newest first, and each line's units left to return" });

const createReturn = onOrder.post({
  summary: "Create a return of a shipped order's units for the customer (not held to the return window); the customer is emailed",
  body: jsonBody(returnRequestSchema),
  answers: { 201: json(returnAnswerSchema, "The return, requested") },
  refusals: { 409: "The order has not shipped", 422: "More units than are left to return" },
});

const onReturn = resourceOperations("orders", {
  path: "/returns/{id}",
  params: returnIdParamsSchema,
  notFound: "No return with this id in this store",
  answer: json(returnAnswerSchema, "The return as it now is"),
});

const readReturn = onReturn.get({ summary: "A return: its lines, state, reason, refund and exchange" });
const approve = onReturn.post({ path: "/approve", summary: "Approve a requested return; the customer is emailed what to do", refusals: { 409: CONFLICT } });
const decline = onReturn.post({
  path: "/decline",
  summary: "Decline a requested return with a note the customer reads in their email",
  body: jsonBody(declineSchema),
  refusals: { 409: CONFLICT },
});
const receive = onReturn.post({
  path: "/receive",
  summary: "Mark an approved return received; the lines named go back on the shelf (recorded in each variant's history)",
  body: jsonBody(receiveSchema),
  refusals: { 409: CONFLICT },
});
const refund = onReturn.post({
  path: "/refund",
  summary: "Refund a received return: its lines' paid amounts (after discount, with tax) and the shipping when asked; the customer is emailed",
  body: jsonBody(returnRefundSchema),
  answers: { 200: json(returnRefundAnswerSchema, "The return and its refund") },
  refusals: { 409: CONFLICT },
});
const exchange = onReturn.post({
  path: "/exchange",
  summary:
    "Exchange a received return's lines for other variants of the same products: a new order; a cheaper exchange refunds the difference, a dearer one leaves it owed and the new order awaiting payment",
  body: jsonBody(exchangeSchema),
  answers: { 200: json(exchangeAnswerSchema, "The return, closed, and its exchange") },
  refusals: { 409: CONFLICT + ", or a new variant is out of stock", 422: "A bundle line cannot be exchanged" },
});
const close = onReturn.post({ path: "/close", summary: "Close an approved or received return with nothing more given back", refusals: { 409: CONFLICT } });

export function returnBody(ret: ReturnView): z.infer<typeof returnAnswerSchema>["return"] {
  return {
    id: ret.id,
    order_number: ret.orderNumber,
    status: ret.status,
    reason: ret.reason,
    note: ret.note,
    decline_note: ret.declineNote,
    requested_by: ret.requestedBy,
    refunded_cents: ret.refundedCents,
    refunded_shipping: ret.refundedShipping,
    exchange_order_number: ret.exchangeOrderNumber,
    owed_cents: ret.owedCents,
    created_at: iso(ret.createdAt),
    lines: ret.lines.map((line) => ({
      id: line.id,
      order_line_id: line.orderLineId,
      title: line.title,
      options: line.options,
      sku: line.sku,
      quantity: line.quantity,
      restocked: line.restocked,
      exchange_sku: line.exchangeSku,
    })),
  };
}

const orderNumberOf = numberParam(orderNumberParamsSchema, "number");
const returnIdOf = numberParam(returnIdParamsSchema, "id");

const answer = async (c: Context<AppEnv>, id: number) => ({ return: returnBody(await getReturn(c.var.deps.db, c.var.deps.storeId, id)) });

async function reportOf(c: Context<AppEnv>, route: typeof report | typeof reportCsv) {
  const query = queryOf(c, route);
  const range = reportRange(query, await shopTimeZone(c.var.deps.db, c.var.deps.storeId));
  return { range, found: await returnsReport(c.var.deps.db, c.var.deps.storeId, { ...range.filter, status: query.status }) };
}

export function adminReturnsRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, report, async (c) => {
    const { range, found } = await reportOf(c, report);
    return c.json({ from: range.from, to: range.to, reasons: found.reasons, statuses: found.statuses, returns: found.returns.map(returnBody) });
  });

  register(admin, reportCsv, async (c) => csvDownload(c, "returns.csv", toCsv(returnsCsvRows((await reportOf(c, reportCsv)).found, await shopTimeZone(c.var.deps.db, c.var.deps.storeId)))));

  register(admin, listOrderReturns, async (c) => {
    const found = await orderReturns(c.var.deps.db, c.var.deps.storeId, orderNumberOf(c));
    return c.json({
      returns: found.returns.map(returnBody),
      returnable: found.returnable.map((row) => ({ order_line_id: row.line.id, title: row.line.title, bought: row.bought, returned: row.returned, left: row.left })),
    });
  });

  register(admin, createReturn, async (c) => {
    const body = await bodyOf(c, createReturn);
    const ret = await startReturn(c.var.deps, c.var.deps.storeId, orderNumberOf(c), body, { actor: c.var.staffActor });
    return c.json(await answer(c, ret.id), 201);
  });

  register(admin, readReturn, async (c) => c.json(await answer(c, returnIdOf(c))));

  register(admin, approve, async (c) => {
    const ret = await approveReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), { actor: c.var.staffActor });
    return c.json(await answer(c, ret.id));
  });

  register(admin, decline, async (c) => {
    const { note } = await bodyOf(c, decline);
    const ret = await declineReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), note, { actor: c.var.staffActor });
    return c.json(await answer(c, ret.id));
  });

  register(admin, receive, async (c) => {
    const body = await bodyOf(c, receive);
    const ret = await receiveReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), body.restock_line_ids, { actor: c.var.staffActor });
    return c.json(await answer(c, ret.id));
  });

  register(admin, refund, async (c) => {
    const body = await bodyOf(c, refund);
    const done = await refundReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), { shipping: body.shipping, actor: c.var.staffActor });
    return c.json({ ...(await answer(c, done.ret.id)), refund: { amount_cents: done.refundedCents, owed: done.refundOwed } });
  });

  register(admin, exchange, async (c) => {
    const body = await bodyOf(c, exchange);
    const done = await exchangeReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), { lines: body.lines, actor: c.var.staffActor });
    return c.json({
      ...(await answer(c, done.ret.id)),
      exchange: { order_number: done.exchangeOrder.number!, difference_cents: done.differenceCents, refund_owed: done.refundOwed },
    });
  });

  register(admin, close, async (c) => {
    const ret = await closeReturn(c.var.deps, c.var.deps.storeId, returnIdOf(c), { actor: c.var.staffActor });
    return c.json(await answer(c, ret.id));
  });

  return admin;
}
