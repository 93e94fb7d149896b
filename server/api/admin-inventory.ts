/**
 * Stock and bulk editing (permission `catalogue`): the inventory list, one variant's history and its adjustments,
 * and a change to many variants at once, previewed and then applied. Each write is the server/catalog function the
 * screens call, as the staff actor, so the history and the audit trail say who.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  bulkAnswerSchema,
  bulkEditSchema,
  inventoryItemSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  stockAnswerSchema,
  stockChangeSchema,
  variantIdParamsSchema,
} from "../../core/schemas/admin-inventory";
import { previewBulkEdit, type BulkResult } from "../catalog/bulk-edit";
import { applyBulkEditAndAlert, changeStockAndAlert } from "../catalog/catalogue-writes";
import { inventoryItem, listInventory, stockHistory, type InventoryItem } from "../catalog/stock";
import type { AppEnv } from "../context";
import { adminOperation, iso, pagedList, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, numberParam, queryOf, register } from "./operation";

const NOT_FOUND = "No variant with this id in this store";

const listStock = adminOperation("catalogue", {
  ...pagedList("/inventory", inventoryQuerySchema, inventoryPageSchema, "variants"),
  summary: "Every variant with its stock and low-stock flag, by a search of SKU and product title, a page at a time",
});

const onVariantStock = resourceOperations("catalogue", {
  path: "/variants/{id}/stock",
  params: variantIdParamsSchema,
  notFound: NOT_FOUND,
  answer: json(stockAnswerSchema, "The variant and its history"),
});

const readStock = onVariantStock.get({
  summary: "A variant's stock and its history, newest first: each change, its reason, note, who made it and the order",
});

const adjust = onVariantStock.post({
  summary: "Change a variant's stock by delta or to set_to, with a reason (received, sold, returned, damaged, correction)",
  body: jsonBody(stockChangeSchema),
  answers: { 201: json(stockAnswerSchema, "The variant and its history, the change first") },
  refusals: { 409: "The stock would go below zero; nothing was changed" },
});

const BULK_SUMMARY = "variant_ids and every variant of product_ids (at most 500), one change";

const preview = adminOperation("catalogue", {
  method: "post",
  path: "/products/bulk/preview",
  summary: `What a bulk edit would do, row by row, before → after, and which rows would be refused; nothing changes (${BULK_SUMMARY})`,
  request: { body: jsonBody(bulkEditSchema) },
  responses: { 200: json(bulkAnswerSchema, "Each row before and after"), ...errors({ 400: BAD_INPUT }) },
});

const apply = adminOperation("catalogue", {
  method: "post",
  path: "/products/bulk/apply",
  summary: `Make a bulk edit in one transaction, each change audited; all of it or, when any row is refused, none (${BULK_SUMMARY})`,
  request: { body: jsonBody(bulkEditSchema) },
  responses: {
    200: json(bulkAnswerSchema, "Each row as changed"),
    ...errors({ 400: BAD_INPUT, 422: "A row is refused (the message names it); nothing was changed" }),
  },
});

const itemBody = (item: InventoryItem): z.infer<typeof inventoryItemSchema> => ({
  id: item.variantId,
  product_id: item.productId,
  product_title: item.productTitle,
  product_handle: item.productHandle,
  sku: item.sku,
  options: item.attributes,
  stock: item.stock,
  low_stock_threshold: item.lowStockThreshold,
  low_stock_at: item.lowStockLimit,
  low: item.low,
});

async function stockBody(c: Context<AppEnv>, variantId: number): Promise<z.infer<typeof stockAnswerSchema>> {
  const { db } = c.var.deps;
  const variant = await inventoryItem(db, c.var.deps.storeId, variantId);
  const history = await stockHistory(db, c.var.deps.storeId, variantId);
  return {
    variant: itemBody(variant),
    history: history.map((entry) => ({
      at: iso(entry.at),
      delta: entry.delta,
      stock_after: entry.stockAfter,
      reason: entry.reason,
      note: entry.note,
      who: entry.actorLabel,
      order_number: entry.orderNumber,
    })),
  };
}

const bulkBody = (result: BulkResult): z.infer<typeof bulkAnswerSchema> => ({
  rows: result.rows.map((row) => ({
    product_id: row.productId,
    product_title: row.productTitle,
    variant_id: row.variantId,
    sku: row.sku,
    options: row.attributes,
    field: row.field,
    before: row.before,
    after: row.after,
    changed: row.changed,
    refused: row.refused,
  })),
  variant_count: result.variantCount,
  changed_count: result.changedCount,
  refused_count: result.refusedCount,
});

const variantIdOf = numberParam(variantIdParamsSchema, "id");

export function adminInventoryRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, listStock, async (c) => {
    const query = queryOf(c, listStock);
    const page = await listInventory(c.var.deps.db, c.var.deps.storeId, { q: query.q, low: query.low === "true", cursor: query.cursor });
    return c.json({ variants: page.items.map(itemBody), next_cursor: page.nextCursor });
  });

  register(routes, readStock, async (c) => c.json(await stockBody(c, variantIdOf(c))));

  register(routes, adjust, async (c) => {
    const variantId = variantIdOf(c);
    const body = await bodyOf(c, adjust);
    const amount = body.delta !== undefined ? { delta: body.delta } : { setTo: body.set_to! };
    await changeStockAndAlert(c.var.deps, c.var.staffActor, { variantId, reason: body.reason, note: body.note, ...amount });
    return c.json(await stockBody(c, variantId), 201);
  });

  register(routes, preview, async (c) => c.json(bulkBody(await previewBulkEdit(c.var.deps.db, c.var.staffActor, await bodyOf(c, preview)))));

  register(routes, apply, async (c) => {
    const applied = await applyBulkEditAndAlert(c.var.deps, c.var.staffActor, await bodyOf(c, apply));
    return c.json(bulkBody(applied));
  });

  return routes;
}
