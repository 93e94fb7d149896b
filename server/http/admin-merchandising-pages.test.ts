/**
 * The bundle and collection screens (app/routes/admin.bundles*, admin.collections*), rendered for real through Vite
 * and posted as a browser posts them before its JavaScript loads: every button sends the whole form with its step,
 * a refused form comes back as it was sent with the errors beside their fields, and the shop's pages show a save at
 * once.
 */
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../tests/support/app";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import type { createApp } from "../app";
import { getBundleRecord, listBundles } from "../catalog/bundle-editor";
import { getCollectionRecord, listCollections } from "../catalog/collection-editor";
import { products } from "../db/schema";

let t: TestApp;
let pages: ReturnType<typeof createApp>;
let owner: string;
let packer: string;

const office = renderedBackOffice();
const ids: Record<string, number> = {};

const { get, post, html } = office;

const idIn = (location: string | null, path: string) => Number(new RegExp(`^${path}/(\\d+)\\?`).exec(location ?? "")?.[1]);

beforeAll(async () => {
  ({ t, pages, owner, packer } = office);
  const rows = await t.deps.db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(and(eq(products.storeId, t.deps.storeId), inArray(products.handle, ["harbor-mug", "ceramic-dripper", "french-press"])));
  for (const row of rows) ids[row.handle] = row.id;
});

describe("the bundle and collection screens", () => {
  it("send a visitor to sign-in, refuse fulfilment staff, and keep the pages private", async () => {
    for (const path of ["/admin/bundles", "/admin/bundles/new", "/admin/bundles/1", "/admin/collections", "/admin/collections/new", "/admin/collections/1"]) {
      expect((await get(path)).headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
      expect((await get(path, packer)).status).toBe(403);
    }
    expect((await post("/admin/bundles/new", { intent: "save", title: "x" }, packer)).status).toBe(403);
    const list = await get("/admin/bundles", owner);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const text = await html(list);
    expect(text).toContain("Pour-Over Starter Kit");
    expect(text).toContain("New bundle");
    expect((await get("/admin/bundles/999999", owner)).status).toBe(404);
    expect((await get("/admin/bundles/abc", owner)).status).toBe(404);
  });

  it("builds a bundle step by step: a refused form keeps what was typed, products are added, chosen, moved; the bundle page shows it", async () => {
    const mug = ids["harbor-mug"];
    const dripper = ids["ceramic-dripper"];
    // The first product added before the title: refused, the product kept in the form.
    const refused = await html(await post("/admin/bundles/new", { intent: "add", title: "", handle: "Bad Handle", price: "4x", add_product: String(mug) }, owner), 400);
    expect(refused).toContain("Title is required");
    expect(refused).toContain("Enter an amount in dollars, such as 12.50");
    expect(refused).toContain(`name="product_id" value="${mug}"`);
    expect(refused).toContain('value="Bad Handle"');

    const form = (extra: [string, string][]): [string, string][] => [
      ["title", "Mug Lover's Kit"],
      ["handle", "mug-lovers-kit"],
      ["price", "45"],
      ["description", "Two mugs and a dripper."],
      ["product_id", String(mug)],
      [`skus_${mug}`, "MUG-SAND"],
      [`skus_${mug}`, "MUG-CHAR"],
      [`quantity_${mug}`, "2"],
      ...extra,
    ];
    const created = await post("/admin/bundles/new", form([["intent", "add"], ["add_product", String(dripper)]]), owner);
    expect(created.status).toBe(302);
    const id = idIn(created.headers.get("location"), "/admin/bundles");
    expect(created.headers.get("location")).toBe(`/admin/bundles/${id}?notice=bundle-saved`);
    let bundle = await getBundleRecord(t.deps.db, t.deps.storeId, id);
    expect(bundle.products.map((product) => [product.handle, product.quantity, product.skus])).toEqual([
      ["harbor-mug", 2, ["MUG-SAND", "MUG-CHAR"]],
      ["ceramic-dripper", 1, ["DRIP-WHITE"]],
    ]);
    expect(bundle.priceCents).toBe(4500);
    const page = await html(await get(`/admin/bundles/${id}?notice=bundle-saved`, owner));
    expect(page).toContain("Bundle saved; the shop shows it now.");
    expect(/<input[^>]*value="MUG-SAND"[^>]*>/.exec(page)?.[0]).toContain('checked=""');

    const both = form([["product_id", String(dripper)], [`skus_${dripper}`, "DRIP-SAGE"], [`quantity_${dripper}`, "1"]]);
    const badQuantity = await html(await post(`/admin/bundles/${id}`, [...both.filter(([name]) => name !== `quantity_${mug}`), [`quantity_${mug}`, "100"], ["intent", "save"]], owner), 400);
    expect(badQuantity).toContain("Quantity must be at most 99");
    expect(badQuantity).toContain(`value="100"`);
    const mixed = await html(await post(`/admin/bundles/${id}`, [...both, [`skus_${dripper}`, "MUG-SEAGLASS"], ["intent", "save"]], owner), 400);
    expect(mixed).toContain("SKU MUG-SEAGLASS is not a variant of this product");

    expect((await post(`/admin/bundles/${id}`, [...both, ["intent", "product-up:1"]], owner)).status).toBe(302);
    bundle = await getBundleRecord(t.deps.db, t.deps.storeId, id);
    expect(bundle.products.map((product) => product.handle)).toEqual(["ceramic-dripper", "harbor-mug"]);
    expect(bundle.skuToQuantity).toEqual({ "DRIP-SAGE": 1, "MUG-SAND": 2, "MUG-CHAR": 2 });

    const shop = await html(await get("/bundles/mug-lovers-kit"));
    expect(shop).toContain("Mug Lover&#x27;s Kit");
    expect(shop).toContain("$45.00");
  });

  it("makes a new bundle's handle from its title when none is typed, as its first product is added", async () => {
    const mug = ids["harbor-mug"];
    const created = await post("/admin/bundles/new", { title: "Café Tasting Flight", handle: "", price: "30", intent: "add", add_product: String(mug) }, owner);
    expect(created.status).toBe(302);
    const bundle = await getBundleRecord(t.deps.db, t.deps.storeId, idIn(created.headers.get("location"), "/admin/bundles"));
    expect(bundle.handle).toBe("cafe-tasting-flight");
    expect(bundle.products.map((product) => product.handle)).toEqual(["harbor-mug"]);
  });

  it("uploads a picture through the upload form, refuses what is not one beside the field, removes it, and deletes the bundle after asking", async () => {
    const mug = ids["harbor-mug"];
    const row = (await listBundles(t.deps.db, t.deps.storeId)).find((bundle) => bundle.handle === "mug-lovers-kit")!;
    const path = `/admin/bundles/${row.id}`;
    const upload = (file: Blob, name: string) => {
      const body = new FormData();
      body.append("file", file, name);
      return Promise.resolve(pages.request(`http://localhost${path}/pictures`, { method: "POST", headers: { origin: "http://localhost", cookie: owner }, body }));
    };
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2d6a73" } }).png().toBuffer();
    const added = await upload(new Blob([new Uint8Array(png)], { type: "image/png" }), "mug.png");
    expect(added.headers.get("location")).toBe(`${path}?notice=pictures-added`);
    const [url] = (await getBundleRecord(t.deps.db, t.deps.storeId, row.id)).imageUrls;
    expect(url).toMatch(/^\/images\/bundles\/[0-9a-f-]+\.jpg$/);
    expect((await get(url)).status).toBe(200);
    const page = await html(await get(path, owner));
    expect(page).toContain(`name="image_urls" value="${url}"`);

    const refused = await html(await upload(new Blob(["<script>alert(1)</script>"], { type: "image/jpeg" }), "evil.jpg"), 415);
    expect(refused).toContain("Pictures must be JPEG, PNG, WebP or AVIF");
    expect(refused).toContain('aria-invalid="true"');
    expect((await getBundleRecord(t.deps.db, t.deps.storeId, row.id)).imageUrls).toEqual([url]);

    const bundle = await getBundleRecord(t.deps.db, t.deps.storeId, row.id);
    const fields: [string, string][] = [
      ["title", bundle.title],
      ["handle", bundle.handle],
      ["price", "45.00"],
      ["image_urls", url],
      ...bundle.products.flatMap((product): [string, string][] => [
        ["product_id", String(product.productId)],
        [`quantity_${product.productId}`, String(product.quantity)],
        ...product.skus.map((sku): [string, string] => [`skus_${product.productId}`, sku]),
      ]),
    ];
    expect((await post(path, [...fields, ["intent", "picture-remove:0"]], owner)).status).toBe(302);
    expect((await getBundleRecord(t.deps.db, t.deps.storeId, row.id)).imageUrls).toEqual([]);
    expect(bundle.products.some((product) => product.productId === mug)).toBe(true);

    const asked = await html(await get(`${path}?delete`, owner));
    expect(asked).toContain("Delete the bundle Mug Lover&#x27;s Kit?");
    const deleted = await post(path, { intent: "delete", id: String(row.id) }, owner);
    expect(deleted.headers.get("location")).toBe("/admin/bundles?notice=bundle-deleted");
    expect((await get(path, owner)).status).toBe(404);
    expect((await get("/bundles/mug-lovers-kit")).status).toBe(404);
  });

  it("builds a collection in the owner's order, features it and links it; the shop's category page lists it in that order", async () => {
    const mug = ids["harbor-mug"];
    const press = ids["french-press"];
    const created = await post(
      "/admin/collections/new",
      { intent: "add-product", title: "Gift Ideas", handle: "gift-ideas", featured: "on", in_navigation: "on", add_product: String(mug) },
      owner,
    );
    const id = idIn(created.headers.get("location"), "/admin/collections");
    expect(created.headers.get("location")).toBe(`/admin/collections/${id}?notice=collection-saved`);
    const fields = (productIds: number[]): [string, string][] => [
      ["title", "Gift Ideas"],
      ["handle", "gift-ideas"],
      ["featured", "on"],
      ["in_navigation", "on"],
      ...productIds.map((productId): [string, string] => ["product_ids", String(productId)]),
    ];
    expect((await post(`/admin/collections/${id}`, [...fields([mug]), ["intent", "add-product"], ["add_product", String(press)]], owner)).status).toBe(302);
    expect((await post(`/admin/collections/${id}`, [...fields([mug, press]), ["intent", "product-up:1"]], owner)).status).toBe(302);
    const collection = await getCollectionRecord(t.deps.db, t.deps.storeId, id);
    expect(collection).toMatchObject({ featured: true, inNavigation: true, products: [{ handle: "french-press" }, { handle: "harbor-mug" }] });
    expect((await listCollections(t.deps.db, t.deps.storeId)).filter((one) => one.featured).map((one) => one.handle)).toEqual(["gift-ideas"]);

    const shop = await html(await get("/search?query=gift-ideas&type=collection-search"));
    expect(shop.indexOf("/products/french-press")).toBeGreaterThan(-1);
    expect(shop.indexOf("/products/french-press")).toBeLessThan(shop.indexOf("/products/harbor-mug"));
    expect(await html(await get("/"))).toContain("/search?query=gift-ideas&amp;type=collection-search");

    const refused = await html(await post(`/admin/collections/${id}`, [...fields([mug]).filter(([name]) => name !== "title"), ["title", ""], ["intent", "save"]], owner), 400);
    expect(refused).toContain("Title is required");
    expect(await html(await post(`/admin/collections/${id}`, [...fields([]), ["intent", "add-bundle"]], owner), 400)).toContain("Choose a bundle to add");

    const all = (await listCollections(t.deps.db, t.deps.storeId)).find((one) => one.handle === "all_products")!;
    const allPage = await html(await get(`/admin/collections/${all.id}`, owner));
    expect(allPage).not.toContain("Delete the collection");
    expect(allPage).toMatch(/readonly=""/i);
  });
});
