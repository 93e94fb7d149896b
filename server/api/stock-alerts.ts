/**
 * Back-in-stock alerts over HTTP (decision 0038): a shopper's request, the confirm and unsubscribe links' calls, and
 * the owner's count of alerts waiting per product (permission `catalogue`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import {
  stockAlertConfirmedSchema,
  stockAlertRequestSchema,
  stockAlertTokenSchema,
  waitingStockAlertsSchema,
} from "../../core/schemas/stock-alerts";
import { confirmStockAlert, requestStockAlert, unsubscribeStockAlerts, waitingStockAlertsByProduct } from "../catalog/stock-alerts";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { errorResponse } from "../http/errors";
import { resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, oneOperationRoutes, operation, RATE_LIMITED, register, successMessageSchema, successSchema } from "./operation";

const INVALID_LINK = "This link is not valid any more";

const requestAlert = operation({
  method: "post",
  path: "/stock-alerts",
  tags: ["catalog"],
  summary: "Email me when a sold-out variant is back: mails a link to confirm (to the account's email when signed in)",
  request: { body: jsonBody(stockAlertRequestSchema) },
  responses: {
    200: json(successMessageSchema, "Alike whether the address had an alert for it already"),
    ...errors({ 400: BAD_INPUT, 404: "No such product", 409: "The variant is in stock", 429: RATE_LIMITED }),
  },
});

const confirmAlert = operation({
  method: "post",
  path: "/stock-alerts/confirm",
  tags: ["catalog"],
  summary: "Confirm an alert with the token of its emailed link",
  request: { body: jsonBody(stockAlertTokenSchema) },
  responses: { 200: json(stockAlertConfirmedSchema, "The product the alert is for"), ...errors({ 400: BAD_INPUT, 404: INVALID_LINK }) },
});

const unsubscribe = operation({
  method: "post",
  path: "/stock-alerts/unsubscribe",
  tags: ["catalog"],
  summary: "Stop every back-in-stock email to the address of an emailed link",
  request: { body: jsonBody(stockAlertTokenSchema) },
  responses: { 200: json(successSchema, "No more back-in-stock emails to that address"), ...errors({ 400: BAD_INPUT, 404: INVALID_LINK }) },
});

export function stockAlertRoutes() {
  const api = new OpenAPIHono<AppEnv>();

  register(api, requestAlert, async (c) => {
    const body = await bodyOf(c, requestAlert);
    const { message } = await requestStockAlert(c.var.deps, c.req.raw, clientIp(c), c.var.deps.storeId, body);
    return c.json({ success: true as const, message });
  });

  register(api, confirmAlert, async (c) => {
    const { token } = await bodyOf(c, confirmAlert);
    const confirmed = await confirmStockAlert(c.var.deps, c.var.deps.storeId, token);
    return confirmed ? c.json(confirmed) : errorResponse(c, 404, INVALID_LINK);
  });

  register(api, unsubscribe, async (c) => {
    const { token } = await bodyOf(c, unsubscribe);
    const done = await unsubscribeStockAlerts(c.var.deps.db, c.var.deps.storeId, token);
    return done ? c.json({ success: true as const }) : errorResponse(c, 404, INVALID_LINK);
  });

  return api;
}

const waiting = resourceOperations("catalogue", { path: "/stock-alerts", answer: json(waitingStockAlertsSchema, "The products shoppers wait for") }).get({
  summary: "Confirmed back-in-stock alerts waiting for a restock, per product, most awaited first",
});

export function adminStockAlertRoutes() {
  return oneOperationRoutes(waiting, async (c) => {
    const rows = await waitingStockAlertsByProduct(c.var.deps.db, c.var.deps.storeId);
    return c.json({
      products: rows.map((row) => ({
        product_id: row.productId,
        product_title: row.productTitle,
        product_handle: row.productHandle,
        waiting: row.waiting,
      })),
    });
  });
}
