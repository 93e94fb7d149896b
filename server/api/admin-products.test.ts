import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { productAnswerSchema, productPageSchema } from "../../core/schemas/admin-catalogue";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { auditEvents, productHandleRedirects, productImages } from "../db/schema";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "catalogue script");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof productAnswerSchema> & z.infer<typeof productPageSchema>> & { error?: string; field?: string };

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

const lamp = (overrides: Record<string, unknown> = {}) => ({
  handle: "desk-lamp",
  title: "Desk Lamp",
  description_html: '<p>Warm light.</p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
  vendor: "Lumen",
  tags: ["lighting", "desk"],
  options: ["Finish"],
  variants: [
    { sku: "LAMP-BRASS", option_values: ["Brass"], price_cents: 8900, stock: 4 },
    { sku: "LAMP-STEEL", option_values: ["Steel"], price_cents: 7900, compare_at_price_cents: 9900 },
  ],
  ...overrides,
});

describe("/api/admin/products", () => {
  it("answers 401 without a session or token and 403 to a fulfilment member, on every route", async () => {
    const routes = [
      ["GET", "/api/admin/products"],
      ["POST", "/api/admin/products"],
      ["GET", "/api/admin/products/1"],
      ["PUT", "/api/admin/products/1"],
      ["POST", "/api/admin/products/1/duplicate"],
      ["POST", "/api/admin/products/1/status"],
    ];
    for (const [method, path] of routes) {
      const body = method === "GET" ? undefined : {};
      expect({ path, status: (await t.call(method, path, body)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await t.call(method, path, body, fulfilment)).status }).toEqual({ path, status: 403 });
    }
  });

  let id: number;

  it("creates a product, cleans its description, and records it in the audit trail by the token's name", async () => {
    const created = await call("POST", "/api/admin/products", lamp());
    expect(created.status).toBe(201);
    productAnswerSchema.parse(created.body);
    const product = created.body.product!;
    id = product.id;
    expect(product).toMatchObject({ handle: "desk-lamp", status: "draft", vendor: "Lumen", options: ["Finish"], old_handles: [] });
    expect(product.description_html).toBe('<p>Warm light.</p><a rel="noopener noreferrer">x</a>');
    expect(product.description_html).not.toMatch(/script|onerror|javascript/);
    expect(product.variants.map((v) => [v.sku, v.stock, v.compare_at_price_cents])).toEqual([
      ["LAMP-BRASS", 4, null],
      ["LAMP-STEEL", 0, 9900],
    ]);
    const [event] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.action, "product.create"), eq(auditEvents.entityId, String(id))));
    expect(event).toMatchObject({ actorKind: "token", actorLabel: "catalogue script", entity: "product" });
  });

  it("refuses bad input with 400 naming the field, and taken handles and SKUs with 409", async () => {
    expect((await call("POST", "/api/admin/products", lamp({ title: " " }))).body).toEqual({ error: "Title is required", field: "title" });
    expect((await call("POST", "/api/admin/products", lamp({ handle: "Desk Lamp!" }))).body).toMatchObject({ field: "handle" });
    const noValue = lamp({ variants: [{ sku: "X-1", option_values: [], price_cents: 100 }] });
    expect((await call("POST", "/api/admin/products", noValue)).body).toMatchObject({ field: "variants.0.option_values" });
    expect((await call("POST", "/api/admin/products", lamp({ variants: [{ sku: "X-1", option_values: ["A"], price_cents: -1 }] }))).body).toEqual({
      error: "Price must not be negative",
      field: "variants.0.price_cents",
    });
    expect((await call("POST", "/api/admin/products", lamp({ options: ["A", "B", "C", "D"] }))).body).toMatchObject({ field: "options" });
    expect(await call("POST", "/api/admin/products", lamp())).toEqual({ status: 409, body: { error: "Handle desk-lamp is taken", field: "handle" } });
    const skuTaken = await call("POST", "/api/admin/products", lamp({ handle: "floor-lamp" }));
    expect(skuTaken).toMatchObject({ status: 409, body: { field: "variants.0.sku" } });
    expect(skuTaken.body.error).toContain("LAMP-BRASS");
    expect((await call("GET", "/api/admin/products/99999")).status).toBe(404);
    expect((await call("GET", "/api/admin/products/abc")).body).toMatchObject({ field: "id" });
    expect((await call("PUT", "/api/admin/products/99999", lamp())).status).toBe(404);
  });

  it("updates the whole product, keeping the old handle as a redirect", async () => {
    const input = lamp({
      handle: "brass-desk-lamp",
      status: "draft",
      variants: [{ sku: "LAMP-BRASS", option_values: ["Brass"], price_cents: 9500 }],
    });
    const updated = await call("PUT", `/api/admin/products/${id}`, input);
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({ handle: "brass-desk-lamp", old_handles: ["desk-lamp"], variants: [{ sku: "LAMP-BRASS", price_cents: 9500, stock: 4 }] });
    const redirects = await t.deps.db.select().from(productHandleRedirects).where(eq(productHandleRedirects.productId, id));
    expect(redirects.map((row) => row.handle)).toEqual(["desk-lamp"]);
    const [event] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.action, "product.update"), eq(auditEvents.entityId, String(id))));
    expect(event.changes.handle).toEqual({ before: "desk-lamp", after: "brass-desk-lamp" });
  });

  it("publishes only when every picture has alt text, archives, and duplicates as a draft", async () => {
    const [picture] = await t.deps.db.insert(productImages).values({ storeId: t.deps.storeId, productId: id, url: "/images/lamp.webp" }).returning();
    expect(await call("POST", `/api/admin/products/${id}/status`, { status: "active" })).toEqual({
      status: 400,
      body: { error: "Every picture needs alt text before the product is published", field: "status" },
    });
    expect((await call("POST", `/api/admin/products/${id}/status`, { status: "sold" })).body).toMatchObject({ field: "status" });
    await t.deps.db.update(productImages).set({ altText: "A brass desk lamp" }).where(eq(productImages.id, picture.id));
    expect((await call("POST", `/api/admin/products/${id}/status`, { status: "active" })).body.product!.status).toBe("active");

    const copy = await call("POST", `/api/admin/products/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.product).toMatchObject({
      handle: "brass-desk-lamp-copy",
      title: "Copy of Desk Lamp",
      status: "draft",
      variants: [{ sku: "LAMP-BRASS-COPY", stock: 0 }],
      pictures: [{ url: "/images/lamp.webp", alt_text: "A brass desk lamp" }],
    });
    const archived = await call("POST", `/api/admin/products/${copy.body.product!.id}/status`, { status: "archived" });
    expect(archived.body.product!.status).toBe("archived");
  });

  it("lists products newest first, searching title, handle and SKU, by status", async () => {
    const list = await call("GET", "/api/admin/products?q=lamp-brass");
    productPageSchema.parse(list.body);
    expect(list.body.products!.map((row) => row.handle)).toEqual(["brass-desk-lamp-copy", "brass-desk-lamp"]);
    expect(list.body.products![1]).toMatchObject({ status: "active", variant_count: 1, total_stock: 4, min_price_cents: 9500, picture_url: "/images/lamp.webp" });
    expect((await call("GET", "/api/admin/products?q=lamp&status=archived")).body.products!.map((row) => row.handle)).toEqual(["brass-desk-lamp-copy"]);
    expect((await call("GET", "/api/admin/products?status=gone")).body).toMatchObject({ field: "status" });
    expect((await call("GET", "/api/admin/products?cursor=abc")).body).toMatchObject({ field: "cursor" });
    // Past the largest id a serial column holds: refused by the API, not by the database as a 500.
    expect((await call("GET", "/api/admin/products?cursor=99999999999")).body).toEqual({ error: "Invalid cursor", field: "cursor" });
    expect((await call("POST", "/api/admin/products", lamp({ collection_ids: [99_999_999_999] }))).body).toEqual({ error: "collection_ids must hold collection ids", field: "collection_ids.0" });
  });
});
