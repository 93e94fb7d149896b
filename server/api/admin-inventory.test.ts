import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { bulkAnswerSchema, inventoryPageSchema, stockAnswerSchema } from "../../core/schemas/admin-inventory";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { stockOf } from "../../tests/support/checkout";
import { auditEvents, collectionProducts, collections, productImages, products, stockAdjustments, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import { commandLineActor } from "../audit/audit";
import { createApiToken } from "../staff/tokens";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const token = async (name: string, role: "manager" | "fulfilment") =>
    ({ authorization: `Bearer ${(await createApiToken(t.deps.db, commandLineActor("demo"), { name, role })).secret}` });
  manager = await token("stock script", "manager");
  fulfilment = await token("packing bench", "fulfilment");
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof inventoryPageSchema> & z.infer<typeof stockAnswerSchema> & z.infer<typeof bulkAnswerSchema>> & {
  error?: string;
  field?: string;
};

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

async function variantIdOf(sku: string) {
  const [row] = await t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
  return row.id;
}

async function productOf(handle: string) {
  const [row] = await t.deps.db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
  const rows = await t.deps.db.select({ sku: variants.sku, priceCents: variants.priceCents }).from(variants).where(eq(variants.productId, row.id));
  return { id: row.id, prices: Object.fromEntries(rows.map((variant) => [variant.sku, variant.priceCents])) };
}

describe("who may", () => {
  it("answers 401 without a session or token and 403 to fulfilment staff, on every route", async () => {
    const routes = [
      ["GET", "/api/admin/inventory"],
      ["GET", "/api/admin/variants/1/stock"],
      ["POST", "/api/admin/variants/1/stock"],
      ["POST", "/api/admin/products/bulk/preview"],
      ["POST", "/api/admin/products/bulk/apply"],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" ? {} : undefined;
      expect({ path, status: (await t.call(method, path, body)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await call(method, path, body, fulfilment)).status }).toEqual({ path, status: 403 });
    }
  });
});

describe("/api/admin/inventory and a variant's stock", () => {
  it("lists variants by search and low stock, a page at a time", async () => {
    const found = await call("GET", "/api/admin/inventory?q=gooseneck");
    expect(found.status).toBe(200);
    expect(found.body.variants!.map((variant) => variant.sku).sort()).toEqual(["KETTLE-BLACK", "KETTLE-STEEL"]);
    expect(found.body.variants![0]).toMatchObject({ product_title: "Gooseneck Pour-Over Kettle", options: { Finish: expect.any(String) }, low_stock_at: 5 });
    const low = await call("GET", "/api/admin/inventory?low=true");
    expect(low.body.variants!.find((variant) => variant.sku === DEMO.lowStock.sku)).toMatchObject({ stock: DEMO.lowStock.stock, low: true });
    expect(low.body.variants!.every((variant) => variant.low)).toBe(true);
    expect((await call("GET", "/api/admin/inventory?low=yes")).body).toEqual({ error: "low must be true or false", field: "low" });
    expect((await call("GET", "/api/admin/inventory?cursor=abc")).body).toMatchObject({ field: "cursor" });
    expect((await call("GET", "/api/admin/inventory?cursor=99999999999")).body).toEqual({ error: "Invalid cursor", field: "cursor" });
  });

  it("adjusts by delta or to set_to with a reason, answers the history newest first, and refuses below zero with 409", async () => {
    const id = await variantIdOf("KETTLE-BLACK");
    const start = await stockOf(t, "KETTLE-BLACK");
    const received = await call("POST", `/api/admin/variants/${id}/stock`, { delta: 10, reason: "received", note: "from the roaster" });
    expect(received.status).toBe(201);
    expect(received.body.variant).toMatchObject({ id, sku: "KETTLE-BLACK", stock: start + 10 });
    expect(received.body.history![0]).toMatchObject({ delta: 10, stock_after: start + 10, reason: "received", note: "from the roaster", who: "stock script", order_number: null });

    const counted = await call("POST", `/api/admin/variants/${id}/stock`, { set_to: 4, reason: "correction" });
    expect(counted.body.history!.map((entry) => entry.stock_after).slice(0, 2)).toEqual([4, start + 10]);

    const below = await call("POST", `/api/admin/variants/${id}/stock`, { delta: -5, reason: "damaged" });
    expect(below).toMatchObject({ status: 409, body: { field: "delta" } });
    expect(below.body.error).toContain("cannot go below zero");
    expect(await stockOf(t, "KETTLE-BLACK")).toBe(4);
    expect((await call("GET", `/api/admin/variants/${id}/stock`)).body.history).toHaveLength(2);

    const bad = async (body: unknown) => (await call("POST", `/api/admin/variants/${id}/stock`, body)).body;
    expect(await bad({ delta: 1, set_to: 2, reason: "received" })).toEqual({ error: "Give either delta or set_to, not both", field: "delta" });
    expect(await bad({ reason: "received" })).toMatchObject({ field: "delta" });
    expect(await bad({ delta: 1, reason: "lost" })).toEqual({ error: "reason must be one of received, sold, returned, damaged, correction", field: "reason" });
    expect(await bad({ set_to: -1, reason: "correction" })).toMatchObject({ field: "set_to" });
    expect(await bad({ delta: 1.5, reason: "received" })).toMatchObject({ field: "delta" });
    expect((await call("POST", "/api/admin/variants/999999/stock", { delta: 1, reason: "received" })).status).toBe(404);
    expect((await call("GET", "/api/admin/variants/abc/stock")).body).toMatchObject({ field: "id" });
  });
});

describe("/api/admin/products/bulk", () => {
  it("previews a price rise of 10 % before → after, changing nothing, then applies it, each variant audited", async () => {
    const mug = await productOf(DEMO.productHandles.mug);
    const filters = await productOf(DEMO.productHandles.filters);
    const request = { product_ids: [mug.id, filters.id], change: { kind: "price_percent", percent: 10 } };
    const preview = await call("POST", "/api/admin/products/bulk/preview", request);
    expect(preview.status).toBe(200);
    const skus = Object.keys({ ...mug.prices, ...filters.prices });
    expect(preview.body).toMatchObject({ variant_count: skus.length, changed_count: skus.length, refused_count: 0 });
    for (const row of preview.body.rows!) {
      const before = { ...mug.prices, ...filters.prices }[row.sku!];
      expect(row).toMatchObject({ field: "price_cents", before, after: Math.round(before * 1.1), changed: true, refused: null });
    }
    expect((await productOf(DEMO.productHandles.mug)).prices).toEqual(mug.prices);

    const applied = await call("POST", "/api/admin/products/bulk/apply", request);
    expect(applied.body.rows).toEqual(preview.body.rows);
    const raised = (await productOf(DEMO.productHandles.mug)).prices;
    for (const [sku, cents] of Object.entries(mug.prices)) expect(raised[sku]).toBe(Math.round(cents * 1.1));
    const ids = await t.deps.db.select({ id: variants.id }).from(variants).where(inArray(variants.sku, skus));
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, ids.map((row) => String(row.id))));
    expect(events.filter((event) => event.action === "variant.update" && event.actorLabel === "stock script")).toHaveLength(skus.length);
  });

  it("refuses the whole stock change when one variant would go below zero, naming it in the preview", async () => {
    const drip = await variantIdOf(DEMO.lowStock.sku);
    const kettle = await variantIdOf("KETTLE-STEEL");
    const kettleStock = await stockOf(t, "KETTLE-STEEL");
    const request = { variant_ids: [drip, kettle], change: { kind: "stock_adjust", delta: -3, reason: "damaged" } };
    const preview = await call("POST", "/api/admin/products/bulk/preview", request);
    expect(preview.body.refused_count).toBe(1);
    expect(preview.body.rows!.find((row) => row.sku === DEMO.lowStock.sku)!.refused).toContain("cannot go below zero");
    expect(preview.body.rows!.find((row) => row.sku === "KETTLE-STEEL")).toMatchObject({ before: kettleStock, after: kettleStock - 3, refused: null });

    const historyRows = (await t.deps.db.select().from(stockAdjustments)).length;
    const applied = await call("POST", "/api/admin/products/bulk/apply", request);
    expect(applied).toMatchObject({ status: 422, body: { field: "change" } });
    expect(applied.body.error).toContain(DEMO.lowStock.sku);
    expect(await stockOf(t, "KETTLE-STEEL")).toBe(kettleStock);
    expect(await t.deps.db.select().from(stockAdjustments)).toHaveLength(historyRows);

    const set = await call("POST", "/api/admin/products/bulk/apply", { variant_ids: [drip, kettle], change: { kind: "stock_set", stock: 30, reason: "correction" } });
    expect(set.body.changed_count).toBe(2);
    expect(await stockOf(t, DEMO.lowStock.sku)).toBe(30);
  });

  it("publishes products but refuses one whose pictures lack alt text, and adds to and removes from a collection", async () => {
    const mug = await productOf(DEMO.productHandles.campMug);
    const tumbler = await productOf(DEMO.productHandles.tumbler);
    await t.deps.db.update(products).set({ status: "draft" }).where(inArray(products.id, [mug.id, tumbler.id]));
    await t.deps.db.update(productImages).set({ altText: "" }).where(eq(productImages.productId, tumbler.id));
    const publish = { product_ids: [mug.id, tumbler.id], change: { kind: "status", status: "active" } };
    const preview = await call("POST", "/api/admin/products/bulk/preview", publish);
    expect(preview.body.rows!.map((row) => [row.product_id, row.before, row.after, row.refused !== null])).toEqual([
      [mug.id, "draft", "active", false],
      [tumbler.id, "draft", "active", true],
    ]);
    expect((await call("POST", "/api/admin/products/bulk/apply", publish)).status).toBe(422);
    expect((await call("POST", "/api/admin/products/bulk/apply", { ...publish, product_ids: [mug.id] })).body.changed_count).toBe(1);
    const [published] = await t.deps.db.select({ status: products.status }).from(products).where(eq(products.id, mug.id));
    expect(published.status).toBe("active");

    const [collection] = await t.deps.db.select({ id: collections.id }).from(collections).where(eq(collections.handle, DEMO.collectionHandles.featured));
    const members = async () =>
      (await t.deps.db.select({ id: collectionProducts.productId }).from(collectionProducts).where(eq(collectionProducts.collectionId, collection.id))).map(
        (row) => row.id,
      );
    const add = { product_ids: [mug.id, tumbler.id], change: { kind: "collection_add", collection_id: collection.id } };
    expect((await call("POST", "/api/admin/products/bulk/apply", add)).status).toBe(200);
    expect(await members()).toEqual(expect.arrayContaining([mug.id, tumbler.id]));
    const remove = await call("POST", "/api/admin/products/bulk/apply", { ...add, change: { kind: "collection_remove", collection_id: collection.id } });
    expect(remove.body.rows!.map((row) => [row.before, row.after])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(await members()).not.toContain(mug.id);
  });

  it("names the field of bad input", async () => {
    const bad = async (body: unknown) => (await call("POST", "/api/admin/products/bulk/preview", body)).body;
    expect(await bad({ change: { kind: "price_set", price_cents: 100 } })).toEqual({ error: "Choose at least one product or variant", field: "variant_ids" });
    expect(await bad({ variant_ids: [1], change: { kind: "price_percent", percent: -95 } })).toEqual({
      error: "change.percent must be at least -90",
      field: "change.percent",
    });
    expect(await bad({ variant_ids: [1], change: { kind: "shrink" } })).toMatchObject({ field: "change.kind" });
    expect(await bad({ variant_ids: [999999], change: { kind: "price_set", price_cents: 100 } })).toEqual({ error: "No variant 999999 in this store", field: "variant_ids" });
    expect(await bad({ variant_ids: Array.from({ length: 501 }, (_, i) => i + 1), change: { kind: "price_set", price_cents: 1 } })).toMatchObject({
      field: "variant_ids",
    });
    expect(await bad({ variant_ids: [1], change: { kind: "collection_add", collection_id: 99999 } })).toMatchObject({ field: "change.collection_id" });
  });
});
