import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productInputSchema, type ProductInput } from "../../core/schemas/admin-catalogue";
import { createTestApp, type TestApp } from "../../tests/support/app";
import type { Database } from "../db/client";
import {
  auditEvents,
  bundles,
  collectionProducts,
  collections,
  productHandleRedirects,
  productImages,
  products,
  stockAdjustments,
  subscriptionOptions,
  variants,
} from "../db/schema";
import type { DomainError } from "../../core/errors";
import { statusOf } from "../http/errors";
import { commandLineActor, type AuditActor } from "../audit/audit";
import {
  ALT_TEXT_REQUIRED_MESSAGE,
  duplicateProduct,
  getAdminProduct,
  listAdminProducts,
  saveProduct,
  setProductStatus,
  type SaveProductTarget,
} from "./product-editor";

let t: TestApp;
let db: Database;
let actor: AuditActor;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  actor = { ...commandLineActor(t.deps.storeId), kind: "staff", id: 1, label: "owner@example.com" };
});
afterAll(async () => {
  await t.database.dispose();
});

const tee = (overrides: Partial<Record<string, unknown>> = {}): ProductInput =>
  productInputSchema.parse({
    handle: "editor-tee",
    title: "Editor Tee",
    description_html: '<p onclick="x()">Soft <script>alert(1)</script><strong>cotton</strong></p><img src=x onerror="alert(1)">',
    options: ["Size", "Colour"],
    variants: [
      { sku: "ET-S-RED", option_values: ["S", "Red"], price_cents: 2500, stock: 5 },
      { sku: "ET-M-RED", option_values: ["M", "Red"], price_cents: 2500, stock: 3 },
    ],
    ...overrides,
  });

const save = (input: ProductInput, target: SaveProductTarget, options?: { audit?: boolean }) =>
  db.transaction((tx) => saveProduct(tx, actor, input, target, options));

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    const { message, field } = error as DomainError;
    return { status: statusOf(error as DomainError), message, field };
  }
  throw new Error("expected a refusal");
}

describe("saveProduct", () => {
  let productId: number;

  it("creates a product with its variants, options, stock as received adjustments, a cleaned description and an audit row", async () => {
    const saved = await save(tee(), { create: true });
    expect(saved.created).toBe(true);
    productId = saved.productId;
    const product = await getAdminProduct(db, t.deps.storeId, productId);
    expect(product).toMatchObject({ handle: "editor-tee", status: "draft", options: ["Size", "Colour"], descriptionHtml: "<p>Soft <strong>cotton</strong></p>" });
    expect(product.variants.map((v) => [v.sku, v.optionValues, v.stock])).toEqual([
      ["ET-S-RED", ["S", "Red"], 5],
      ["ET-M-RED", ["M", "Red"], 3],
    ]);
    const [row] = await db.select().from(products).where(eq(products.id, productId));
    expect(row.attributeText).toBe("S Red M");
    const adjustments = await db.select().from(stockAdjustments).where(eq(stockAdjustments.variantId, product.variants[0].id));
    expect(adjustments).toMatchObject([{ delta: 5, stockAfter: 5, reason: "received", actorLabel: "owner@example.com" }]);
    const [event] = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "product.create"), eq(auditEvents.entityId, String(productId))));
    expect(event.changes.title).toEqual({ before: null, after: "Editor Tee" });
  });

  it("refuses a taken handle and a SKU of another product, naming the field", async () => {
    expect(await refusal(save(tee(), { create: true }))).toEqual({ status: 409, message: "Handle editor-tee is taken", field: "handle" });
    const [houseSku] = await db.select({ sku: variants.sku }).from(variants).limit(1);
    const input = tee({ handle: "editor-other" });
    input.variants[0].sku = "EO-S-RED";
    input.variants[1].sku = houseSku.sku.toLowerCase();
    const refused = await refusal(save(input, { create: true }));
    expect(refused).toMatchObject({ status: 409, field: "variants.1.sku" });
    expect(refused.message).toContain(houseSku.sku.toLowerCase());
  });

  it("updates by SKU: changes those kept, adds new ones, removes those left out; stock as a correction; plans replaced", async () => {
    const before = await getAdminProduct(db, t.deps.storeId, productId);
    const input = tee({
      variants: [
        { sku: "ET-S-RED", option_values: ["S", "Red"], price_cents: 2700, compare_at_price_cents: 3000, stock: 7, subscriptions: [{ name: "Every month", price_cents: 2400, interval: 1, interval_unit: "month" }] },
        { sku: "ET-S-BLUE", option_values: ["S", "Blue"], price_cents: 2700 },
      ],
    });
    expect(await save(input, { productId })).toEqual({ productId, created: false });
    const after = await getAdminProduct(db, t.deps.storeId, productId);
    expect(after.variants.map((v) => [v.sku, v.priceCents, v.compareAtCents, v.stock])).toEqual([
      ["ET-S-RED", 2700, 3000, 7],
      ["ET-S-BLUE", 2700, null, 0],
    ]);
    expect(after.variants[0].id).toBe(before.variants[0].id);
    expect(after.variants[0].subscriptions).toMatchObject([{ id: "sub-et-s-red-1m", name: "Every month", priceCents: 2400 }]);
    const [correction] = await db.select().from(stockAdjustments).where(and(eq(stockAdjustments.variantId, before.variants[0].id), eq(stockAdjustments.reason, "correction")));
    expect(correction).toMatchObject({ delta: 2, stockAfter: 7 });
    expect(await db.select().from(variants).where(eq(variants.sku, "ET-M-RED"))).toEqual([]);

    // Without stock or plans, both stay as they are.
    const again = tee({ variants: [{ sku: "ET-S-RED", option_values: ["S", "Red"], price_cents: 2800 }, { sku: "ET-S-BLUE", option_values: ["S", "Blue"], price_cents: 2700 }] });
    await save(again, { productId });
    const kept = await getAdminProduct(db, t.deps.storeId, productId);
    expect([kept.variants[0].stock, kept.variants[0].subscriptions.length, kept.variants[0].priceCents]).toEqual([7, 1, 2800]);
  });

  it("keeps an old handle as a redirect, and drops it when the handle is taken back", async () => {
    await save(tee({ handle: "editor-tee-2" }), { productId });
    expect(await db.select({ handle: productHandleRedirects.handle }).from(productHandleRedirects).where(eq(productHandleRedirects.productId, productId))).toEqual([{ handle: "editor-tee" }]);
    expect(await refusal(save(tee({ handle: "editor-tee", title: "Someone else" }), { create: true }))).toMatchObject({ status: 409, field: "handle" });
    await save(tee({ handle: "editor-tee" }), { productId });
    const redirects = await db.select({ handle: productHandleRedirects.handle }).from(productHandleRedirects).where(eq(productHandleRedirects.productId, productId));
    expect(redirects).toEqual([{ handle: "editor-tee-2" }]);
  });

  it("byHandle updates the product with the handle, or creates one", async () => {
    const updated = await save(tee({ title: "By handle" }), { byHandle: true }, { audit: false });
    expect(updated).toEqual({ productId, created: false });
    const created = await save(tee({ handle: "editor-new", variants: [{ sku: "EN-1", option_values: ["S", "Red"], price_cents: 100 }] }), { byHandle: true });
    expect(created.created).toBe(true);
  });

  it("sets collection membership, joining a collection at its end, only when collection_ids is given", async () => {
    const [first, second] = await db.select().from(collections).where(eq(collections.storeId, t.deps.storeId)).limit(2);
    await save(tee({ collection_ids: [first.id, second.id] }), { productId });
    const [membership] = await db.select().from(collectionProducts).where(and(eq(collectionProducts.collectionId, second.id), eq(collectionProducts.productId, productId)));
    const others = await db.select().from(collectionProducts).where(eq(collectionProducts.collectionId, second.id));
    expect(membership.position).toBe(Math.max(...others.map((row) => row.position)));
    await save(tee(), { productId });
    expect((await getAdminProduct(db, t.deps.storeId, productId)).collectionIds.sort()).toEqual([first.id, second.id].sort());
    await save(tee({ collection_ids: [second.id] }), { productId });
    expect((await getAdminProduct(db, t.deps.storeId, productId)).collectionIds).toEqual([second.id]);
    expect(await refusal(save(tee({ collection_ids: [999999] }), { productId }))).toMatchObject({ status: 400, field: "collection_ids" });
  });

  it("lists a new product among all products, at the end, unless its input names its collections", async () => {
    const [allProducts] = await db.select().from(collections).where(and(eq(collections.storeId, t.deps.storeId), eq(collections.handle, "all_products")));
    const listed = async (id: number) => (await getAdminProduct(db, t.deps.storeId, id)).collectionIds;
    const joined = await save(tee({ handle: "listed-tee", variants: [{ sku: "LT-1", option_values: ["S", "Red"], price_cents: 100 }] }), { byHandle: true });
    expect(await listed(joined.productId)).toEqual([allProducts.id]);
    const members = await db.select().from(collectionProducts).where(eq(collectionProducts.collectionId, allProducts.id));
    expect(members.find((row) => row.productId === joined.productId)!.position).toBe(Math.max(...members.map((row) => row.position)));
    const unlisted = await save(tee({ handle: "unlisted-tee", variants: [{ sku: "UT-1", option_values: ["S", "Red"], price_cents: 100 }], collection_ids: [] }), {
      byHandle: true,
    });
    expect(await listed(unlisted.productId)).toEqual([]);
    // Taken out by the owner, it stays out when saved again without naming its collections.
    await save(tee({ handle: "listed-tee", variants: [{ sku: "LT-1", option_values: ["S", "Red"], price_cents: 100 }], collection_ids: [] }), { byHandle: true });
    await save(tee({ handle: "listed-tee", variants: [{ sku: "LT-1", option_values: ["S", "Red"], price_cents: 100 }] }), { byHandle: true });
    expect(await listed(joined.productId)).toEqual([]);
  });

  it("publishes only once every picture has alt text", async () => {
    const [picture] = await db.insert(productImages).values({ storeId: t.deps.storeId, productId, url: "/images/a.webp", altText: "" }).returning();
    expect(await refusal(save(tee({ status: "active" }), { productId }))).toEqual({ status: 400, message: ALT_TEXT_REQUIRED_MESSAGE, field: "status" });
    expect(await refusal(db.transaction((tx) => setProductStatus(tx, actor, productId, "active")))).toMatchObject({ status: 400, field: "status" });
    await db.update(productImages).set({ altText: "A red tee" }).where(eq(productImages.id, picture.id));
    await db.transaction((tx) => setProductStatus(tx, actor, productId, "active"));
    expect((await getAdminProduct(db, t.deps.storeId, productId)).status).toBe("active");
    await save(tee({ status: "active" }), { productId });
  });

  it("keeps a variant a bundle holds", async () => {
    await db.insert(bundles).values({ storeId: t.deps.storeId, handle: "tee-pair", title: "Tee Pair", priceCents: 4000, skuToQuantity: { "ET-M-RED": 2 } });
    const withoutMedium = tee({ status: "active", variants: [{ sku: "ET-S-RED", option_values: ["S", "Red"], price_cents: 2800 }] });
    expect(await refusal(save(withoutMedium, { productId }))).toEqual({
      status: 409,
      message: "SKU ET-M-RED is in the bundle Tee Pair; take it out of the bundle before removing the variant",
      field: "variants",
    });
    await db.delete(bundles).where(eq(bundles.handle, "tee-pair"));
  });

  it("refuses an unknown product id with a 404", async () => {
    expect(await refusal(save(tee(), { productId: 999999 }))).toMatchObject({ status: 404 });
  });
});

describe("duplicateProduct", () => {
  it("makes a draft copy with -copy handles and SKUs, no stock, the same pictures and collections", async () => {
    const { productId } = await save(tee({ handle: "dup-me", variants: [{ sku: "DUP-1", option_values: ["S", "Red"], price_cents: 900, stock: 4 }], collection_ids: [] }), {
      create: true,
    });
    await db.insert(productImages).values({ storeId: t.deps.storeId, productId, url: "/images/dup.webp", altText: "Dup" });
    const [collection] = await db.select().from(collections).limit(1);
    await db.insert(collectionProducts).values({ storeId: t.deps.storeId, collectionId: collection.id, productId, position: 99 });
    const first = await db.transaction((tx) => duplicateProduct(tx, actor, productId));
    const second = await db.transaction((tx) => duplicateProduct(tx, actor, productId));
    const copy = await getAdminProduct(db, t.deps.storeId, first.productId);
    expect(copy).toMatchObject({ handle: "dup-me-copy", title: "Copy of Editor Tee", status: "draft", collectionIds: [collection.id] });
    expect(copy.variants.map((v) => [v.sku, v.stock, v.priceCents])).toEqual([["DUP-1-COPY", 0, 900]]);
    expect(copy.pictures.map((p) => [p.url, p.altText])).toEqual([["/images/dup.webp", "Dup"]]);
    const again = await getAdminProduct(db, t.deps.storeId, second.productId);
    expect([again.handle, again.variants[0].sku]).toEqual(["dup-me-copy-2", "DUP-1-COPY-2"]);
    expect(await db.select().from(subscriptionOptions).where(eq(subscriptionOptions.variantId, copy.variants[0].id))).toEqual([]);
  });
});

describe("listAdminProducts", () => {
  it("lists newest first with counts, stock, prices and the first picture; searches title, handle and SKU; pages by cursor", async () => {
    const all = await listAdminProducts(db, t.deps.storeId, {});
    expect(all.products.length).toBeGreaterThan(3);
    const ids = all.products.map((row) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const bySku = await listAdminProducts(db, t.deps.storeId, { q: "dup-1-copy" });
    expect(bySku.products.map((row) => row.handle).sort()).toEqual(["dup-me-copy", "dup-me-copy-2"]);
    expect(bySku.products[0]).toMatchObject({ variantCount: 1, totalStock: 0, minPriceCents: 900, maxPriceCents: 900, pictureUrl: "/images/dup.webp" });
    expect((await listAdminProducts(db, t.deps.storeId, { q: "100%_" })).products).toEqual([]);
    const drafts = await listAdminProducts(db, t.deps.storeId, { status: "draft" });
    expect(drafts.products.every((row) => row.status === "draft")).toBe(true);
    const firstPage = await listAdminProducts(db, t.deps.storeId, { limit: 2 });
    const nextPage = await listAdminProducts(db, t.deps.storeId, { limit: 2, cursor: firstPage.nextCursor! });
    expect(nextPage.products[0].id).toBeLessThan(firstPage.products[1].id);
  });
});
