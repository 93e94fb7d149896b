import { and, desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { bundleAnswerSchema, bundleListSchema, collectionAnswerSchema, collectionListSchema } from "../../core/schemas/admin-merchandising";
import type { BundleResponse, SearchResponse } from "../../core/schemas/catalog";
import type { PlacedLink } from "../../core/navigation";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { auditEvents, products, variants } from "../db/schema";
import { getStoreSettings } from "../store/settings";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
const productIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "merchandiser");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
  const rows = await t.deps.db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(and(eq(products.storeId, t.deps.storeId), inArray(products.handle, ["ceramic-dripper", "harbor-mug", "house-blend", "cone-filters"])));
  for (const row of rows) productIds[row.handle] = row.id;
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<
  z.infer<typeof bundleAnswerSchema> & z.infer<typeof bundleListSchema> & z.infer<typeof collectionAnswerSchema> & z.infer<typeof collectionListSchema>
> & { error?: string; field?: string; success?: boolean; links?: PlacedLink[] };

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

const shopBundle = async (handle: string) => {
  const response = await t.call("GET", `/api/bundles/${handle}?store_id=${t.deps.storeId}`);
  return { status: response.status, body: (await response.json()) as BundleResponse };
};

const shopCollection = async (handle: string) =>
  (await (await t.call("GET", `/api/search/collection?collection_name=${handle}&store_id=${t.deps.storeId}`)).json()) as SearchResponse;

const lastAudit = async (entity: string) =>
  (await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entity, entity)).orderBy(desc(auditEvents.id)).limit(1))[0];

const kit = () => ({
  handle: "mug-and-dripper",
  title: "Mug and Dripper",
  description: "A mug and a dripper.",
  price_cents: 4500,
  is_standalone: true,
  products: [
    { product_id: productIds["harbor-mug"], quantity: 2, skus: ["MUG-SAND", "MUG-CHAR"] },
    { product_id: productIds["ceramic-dripper"], quantity: 1, skus: ["DRIP-SAGE"] },
  ],
});

describe("/api/admin/bundles and /api/admin/collections", () => {
  it("answers 401 without a session or token and 403 to a fulfilment token, on every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/bundles"],
      ["POST", "/api/admin/bundles"],
      ["GET", "/api/admin/bundles/1"],
      ["PUT", "/api/admin/bundles/1"],
      ["POST", "/api/admin/bundles/1/pictures"],
      ["DELETE", "/api/admin/bundles/1"],
      ["GET", "/api/admin/collections"],
      ["POST", "/api/admin/collections"],
      ["GET", "/api/admin/collections/1"],
      ["PUT", "/api/admin/collections/1"],
      ["DELETE", "/api/admin/collections/1"],
    ]) {
      const body = method === "POST" || method === "PUT" ? {} : undefined;
      expect({ path, method, status: (await t.call(method, path, body)).status }).toEqual({ path, method, status: 401 });
      expect({ path, method, ...(await call(method, path, body, fulfilment)) }).toEqual({ path, method, status: 403, body: { error: "Forbidden" } });
    }
  });

  it("creates a bundle of two products with chosen variants; the shop's bundle answer shows it at once; audited", async () => {
    expect((await shopBundle("mug-and-dripper")).status).toBe(404);
    const created = await call("POST", "/api/admin/bundles", kit());
    expect(created.status).toBe(201);
    expect(created.body.bundle).toMatchObject({
      handle: "mug-and-dripper",
      price_cents: 4500,
      is_standalone: true,
      image_urls: [],
      products: [
        { handle: "harbor-mug", quantity: 2, skus: ["MUG-SAND", "MUG-CHAR"] },
        { handle: "ceramic-dripper", quantity: 1, skus: ["DRIP-SAGE"] },
      ],
      sku_to_quantity: { "MUG-SAND": 2, "MUG-CHAR": 2, "DRIP-SAGE": 1 },
    });
    const shop = await shopBundle("mug-and-dripper");
    expect(shop.status).toBe(200);
    expect(shop.body.data.data.bundle).toMatchObject({ title: "Mug and Dripper", price: "45.00", handles: ["harbor-mug", "ceramic-dripper"], is_standalone: true });
    const audit = await lastAudit("bundle");
    expect(audit).toMatchObject({ action: "bundle.create", actorKind: "token", actorLabel: "merchandiser", entityId: String(created.body.bundle!.id) });
    expect(audit.changes.price_cents).toEqual({ before: null, after: 4500 });

    const id = created.body.bundle!.id;
    expect((await call("GET", `/api/admin/bundles/${id}`)).body).toEqual(created.body);
    expect((await call("GET", "/api/admin/bundles")).body.bundles).toContainEqual({
      id,
      handle: "mug-and-dripper",
      title: "Mug and Dripper",
      price_cents: 4500,
      is_standalone: true,
      product_count: 2,
      image_url: null,
    });

    const changed = await call("PUT", `/api/admin/bundles/${id}`, {
      ...kit(),
      handle: "dripper-and-mug",
      price_cents: 3900,
      products: [...kit().products].reverse(),
    });
    expect(changed.status).toBe(200);
    expect((await shopBundle("mug-and-dripper")).status).toBe(404);
    expect((await shopBundle("dripper-and-mug")).body.data.data.bundle).toMatchObject({ price: "39.00", handles: ["ceramic-dripper", "harbor-mug"] });
    const updated = await lastAudit("bundle");
    expect(updated.action).toBe("bundle.update");
    expect(updated.changes).toMatchObject({
      handle: { before: "mug-and-dripper", after: "dripper-and-mug" },
      price_cents: { before: 4500, after: 3900 },
      products: { before: ["harbor-mug", "ceramic-dripper"], after: ["ceramic-dripper", "harbor-mug"] },
    });
    expect(updated.changes).not.toHaveProperty("title");

    expect(await call("DELETE", `/api/admin/bundles/${id}`)).toEqual({ status: 200, body: { success: true } });
    expect((await shopBundle("dripper-and-mug")).status).toBe(404);
    expect(await lastAudit("bundle")).toMatchObject({ action: "bundle.delete", changes: { title: { before: "Mug and Dripper", after: null } } });
    expect((await call("GET", `/api/admin/bundles/${id}`)).status).toBe(404);
  });

  it("refuses to delete a bundle or archive a product the footer links to without being told what becomes of the links (409 naming them); removes or keeps them as told", async () => {
    const { id } = (await call("POST", "/api/admin/bundles", { ...kit(), handle: "linked-kit" })).body.bundle!;
    const { footer } = await getStoreSettings(t.deps.db, t.deps.storeId);
    const links = [...footer.links, { name: "Our kit", route: "/bundles/linked-kit" }, { name: "Dripper", route: "/products/ceramic-dripper" }];
    expect((await call("PATCH", "/api/admin/settings/looks", { footer: { links } })).status).toBe(200);
    const footerRoutes = async () => (await getStoreSettings(t.deps.db, t.deps.storeId)).footer.links.map((link) => link.route);

    // Before, the delete answered 200 and left "Our kit" leading to a 404.
    expect(await call("DELETE", `/api/admin/bundles/${id}`)).toEqual({
      status: 409,
      body: {
        error: expect.stringContaining("Footer: Our kit"),
        field: "links",
        links: [{ place: "Footer", name: "Our kit", href: "/bundles/linked-kit" }],
      },
    });
    expect((await shopBundle("linked-kit")).status).toBe(200);
    expect((await call("DELETE", `/api/admin/bundles/${id}?links=later`)).body).toMatchObject({ field: "links" });
    expect(await call("DELETE", `/api/admin/bundles/${id}?links=remove`)).toEqual({ status: 200, body: { success: true } });
    expect((await shopBundle("linked-kit")).status).toBe(404);
    expect(await footerRoutes()).not.toContain("/bundles/linked-kit");
    expect(await lastAudit("store_settings")).toMatchObject({ action: "navigation.links_removed" });
    expect(await lastAudit("bundle")).toMatchObject({ action: "bundle.delete" });

    // Archiving the dripper takes its page and the page of every bundle on sale with it.
    const dripper = productIds["ceramic-dripper"];
    const archive = (links?: string) => call("POST", `/api/admin/products/${dripper}/status`, { status: "archived", ...(links ? { links } : {}) });
    expect(await archive()).toMatchObject({
      status: 409,
      body: {
        links: [
          { place: "Footer", name: "Dripper", href: "/products/ceramic-dripper" },
          { place: "Footer, From the roastery", name: "Pour-Over Starter Kit", href: "/bundles/pour-over-starter-kit" },
        ],
      },
    });
    expect((await call("GET", `/api/admin/products/${dripper}`)).body).toMatchObject({ product: { status: "active" } });
    expect((await archive("keep")).status).toBe(200);
    expect(await footerRoutes()).toContain("/products/ceramic-dripper");
    expect((await call("POST", `/api/admin/products/${dripper}/status`, { status: "active" })).status).toBe(200);
  });

  it("uploads bundle pictures by their content (415 for what is not one, naming file), reorders and removes them with a PUT", async () => {
    const created = await call("POST", "/api/admin/bundles", { ...kit(), handle: "pictured-kit" });
    const id = created.body.bundle!.id;
    const upload = async (files: [Blob, string][]) => {
      const body = new FormData();
      for (const [file, name] of files) body.append("file", file, name);
      const response = await t.app.request(`http://localhost/api/admin/bundles/${id}/pictures`, { method: "POST", headers: manager, body });
      return { status: response.status, body: (await response.json()) as Answer };
    };
    const png = (colour: string) => sharp({ create: { width: 32, height: 32, channels: 3, background: colour } }).png().toBuffer();
    const [first, second] = await Promise.all([png("#2d6a73"), png("#7a4a26")]);
    const added = await upload([
      [new Blob([new Uint8Array(first)], { type: "image/png" }), "a.png"],
      [new Blob([new Uint8Array(second)], { type: "image/png" }), "b.png"],
    ]);
    expect(added.status).toBe(201);
    const urls = added.body.bundle!.image_urls;
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/images\/bundles\/[0-9a-f-]+\.jpg$/);
    expect((await shopBundle("pictured-kit")).body.data.data.bundle.bundle_image_urls).toEqual(urls);
    expect(await lastAudit("bundle")).toMatchObject({ action: "bundle.update", changes: { image_urls: { before: [], after: urls } } });

    const svg = await upload([[new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/png" }), "x.png"]]);
    expect(svg).toMatchObject({ status: 415, body: { field: "file" } });
    expect((await upload([])).body).toMatchObject({ field: "file" });
    expect((await call("GET", `/api/admin/bundles/${id}`)).body.bundle!.image_urls).toEqual(urls);

    const reordered = await call("PUT", `/api/admin/bundles/${id}`, { ...kit(), handle: "pictured-kit", image_urls: [urls[1]] });
    expect(reordered.body.bundle!.image_urls).toEqual([urls[1]]);
    expect((await call("PUT", `/api/admin/bundles/${id}`, { ...kit(), handle: "pictured-kit", image_urls: [urls[1], urls[0]] })).body).toMatchObject({
      field: "image_urls.1",
    });
    expect((await upload([[new Blob([new Uint8Array(first)], { type: "image/png" }), "a.png"]])).status).toBe(201);
    expect(await call("DELETE", `/api/admin/bundles/${id}`)).toMatchObject({ status: 200 });
    expect((await upload([[new Blob([new Uint8Array(first)], { type: "image/png" }), "a.png"]])).status).toBe(404);
  });

  it("refuses a bad bundle with a 400 naming the field, and writes nothing", async () => {
    const [dearer, cheaper] = await t.deps.db
      .select({ sku: variants.sku, price: variants.priceCents })
      .from(variants)
      .where(eq(variants.productId, productIds["house-blend"]))
      .then((rows) => [rows.reduce((a, b) => (b.price > a.price ? b : a)), rows.reduce((a, b) => (b.price < a.price ? b : a))]);
    const refusals: [unknown, string, number?][] = [
      [{ ...kit(), handle: "Not a handle!" }, "handle"],
      [{ ...kit(), title: " " }, "title"],
      [{ ...kit(), price_cents: 12.5 }, "price_cents"],
      [{ ...kit(), price_cents: -1 }, "price_cents"],
      [{ ...kit(), products: [] }, "products"],
      [{ ...kit(), products: [{ ...kit().products[0], quantity: 100 }] }, "products.0.quantity"],
      [{ ...kit(), products: [{ ...kit().products[0], quantity: 0 }] }, "products.0.quantity"],
      [{ ...kit(), products: [{ ...kit().products[0], skus: [] }] }, "products.0.skus"],
      [{ ...kit(), products: [kit().products[0], kit().products[0]] }, "products.1.product_id"],
      [{ ...kit(), products: [{ ...kit().products[0], skus: ["MUG-SAND", "DRIP-SAGE"] }] }, "products.0.skus.1"],
      [{ ...kit(), products: [{ ...kit().products[0], product_id: 999_999 }] }, "products.0.product_id"],
      [{ ...kit(), products: [{ product_id: productIds["house-blend"], quantity: 1, skus: [cheaper.sku, dearer.sku] }] }, "products.0.skus.1"],
      [{ ...kit(), image_urls: ["https://evil.example/x.png"] }, "image_urls.0"],
      [{ ...kit(), handle: "pour-over-starter-kit" }, "handle", 409],
    ];
    const before = (await call("GET", "/api/admin/bundles")).body.bundles!.length;
    for (const [body, field, status = 400] of refusals) {
      const answer = await call("POST", "/api/admin/bundles", body);
      expect({ field, status: answer.status, answered: answer.body.field }).toEqual({ field, status, answered: field });
    }
    expect((await call("GET", "/api/admin/bundles")).body.bundles).toHaveLength(before);
    expect((await call("POST", "/api/admin/bundles", "{not json")).status).toBe(400);
    expect((await call("GET", "/api/admin/bundles/abc")).body).toEqual({ error: "id must be a number", field: "id" });
  });

  it("creates a collection in the owner's order, features it (one at a time), links it in the navigation; the shop follows", async () => {
    const created = await call("POST", "/api/admin/collections", {
      handle: "gifts",
      title: "Gifts",
      featured: true,
      in_navigation: true,
      product_ids: [productIds["harbor-mug"], productIds["ceramic-dripper"]],
    });
    expect(created.status).toBe(201);
    expect(created.body.collection).toMatchObject({
      handle: "gifts",
      featured: true,
      in_navigation: true,
      products: [{ handle: "harbor-mug" }, { handle: "ceramic-dripper" }],
      bundles: [],
    });
    expect((await shopCollection("gifts")).formattedProductData.map((product) => product.id)).toEqual(["harbor-mug", "ceramic-dripper"]);
    const list = (await call("GET", "/api/admin/collections")).body.collections!;
    expect(list.filter((collection) => collection.featured).map((collection) => collection.handle)).toEqual(["gifts"]);
    expect(list.find((collection) => collection.handle === "gifts")).toMatchObject({ product_count: 2, bundle_count: 0, in_navigation: true });
    expect(await lastAudit("collection")).toMatchObject({ action: "collection.create", changes: { in_navigation: { before: null, after: true } } });

    const id = created.body.collection!.id;
    const bundleList = (await call("GET", "/api/admin/bundles")).body.bundles!;
    const reordered = await call("PUT", `/api/admin/collections/${id}`, {
      handle: "presents",
      title: "Presents",
      featured: true,
      in_navigation: true,
      product_ids: [productIds["ceramic-dripper"], productIds["harbor-mug"]],
      bundle_ids: [bundleList[0].id],
    });
    expect(reordered.status).toBe(200);
    const shop = await shopCollection("presents");
    expect(shop.formattedProductData.map((product) => product.id)).toEqual(["ceramic-dripper", "harbor-mug"]);
    expect(shop.formattedBundleData.map((bundle) => bundle.bundle_id)).toEqual([bundleList[0].id]);
    expect(await lastAudit("collection")).toMatchObject({
      action: "collection.update",
      changes: { handle: { before: "gifts", after: "presents" }, products: { before: ["harbor-mug", "ceramic-dripper"], after: ["ceramic-dripper", "harbor-mug"] } },
    });

    const refusals: [unknown, string, number?][] = [
      [{ handle: "", title: "x" }, "handle"],
      [{ handle: "x", title: "" }, "title"],
      [{ handle: "x", title: "x", product_ids: [productIds["harbor-mug"], productIds["harbor-mug"]] }, "product_ids"],
      [{ handle: "x", title: "x", product_ids: [999_999] }, "product_ids.0"],
      [{ handle: "x", title: "x", bundle_ids: [999_999] }, "bundle_ids.0"],
      [{ handle: "x", title: "x", bundle_ids: [99_999_999_999] }, "bundle_ids.0"],
      [{ handle: "x", title: "x", featured: "yes" }, "featured"],
      [{ handle: "coffee", title: "x" }, "handle", 409],
    ];
    for (const [body, field, status = 400] of refusals) {
      const answer = await call("PUT", `/api/admin/collections/${id}`, body);
      expect({ field, status: answer.status, answered: answer.body.field }).toEqual({ field, status, answered: field });
    }

    const all = list.find((collection) => collection.handle === "all_products")!;
    expect((await call("DELETE", `/api/admin/collections/${all.id}`)).status).toBe(422);
    expect((await call("PUT", `/api/admin/collections/${all.id}`, { handle: "everything", title: "All" })).body).toMatchObject({ field: "handle" });

    expect((await call("DELETE", `/api/admin/collections/${id}`)).body.links).toEqual([{ place: "Menu", name: "Presents", href: "/search?query=presents&type=collection-search" }]);
    expect(await call("DELETE", `/api/admin/collections/${id}?links=remove`)).toEqual({ status: 200, body: { success: true } });
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).navbar.pages.some((link) => link.query === "presents")).toBe(false);
    expect((await call("GET", `/api/admin/collections/${id}`)).status).toBe(404);
    expect(await lastAudit("collection")).toMatchObject({ action: "collection.delete" });
  });
});
