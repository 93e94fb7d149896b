/**
 * What shoppers see of the catalogue's new fields (issue 22), through the whole application with its pages rendered
 * for real (Vite) behind the page cache: only active products are listed, found, mapped, sold and shown; staff who
 * reach the catalogue preview the others on a page no cache shares; an earlier handle leads to the current one; the
 * compare-at price, a variant's own picture, alt text, HTML descriptions and SEO fields reach the API and the page.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartResponse } from "../../core/schemas/cart";
import type { BundleResponse, Product, SearchResponse } from "../../core/schemas/catalog";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { createApp } from "../app";
import { BUNDLE_NO_LONGER_AVAILABLE, NO_LONGER_AVAILABLE } from "../cart/pricing";
import { bundles, productHandleRedirects, productImages, products, reviews, variants } from "../db/schema";
import { listRecentReviews } from "./reviews";
import { DEMO } from "../db/seed";
import { createStaff } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";
import { descriptionText } from "./description-text";
import { sitemapEntries } from "./sitemap";

const { productHandles, bundleHandles } = DEMO;
/** Made a draft below: the tea sampler bundle holds it. */
const DRAFT = productHandles.sencha;
const DRAFT_SKU = "SENCHA-50G";
const ARCHIVED = productHandles.frenchPress;

const OWNER = { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase", role: "owner" as const };
const PACKER = { email: "packer@example.com", name: "Pat Packer", password: "a long packing passphrase", role: "fulfilment" as const };

let renderer: PageRenderer;
let t: TestApp;
let pages: ReturnType<typeof createApp>;
let storeId: string;
let owner: string;
let packer: string;

const get = (path: string, cookie?: string) =>
  Promise.resolve(pages.request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await t.call(method, path, body);
  return { status: response.status, body: (await response.json()) as T };
}

async function signIn(who: { email: string; password: string }) {
  const response = await pages.request("http://localhost/admin/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams({ email: who.email, password: who.password, redirectTo: "/admin" }).toString(),
  });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().find((header) => header.startsWith("staff_session="))!.split(";")[0];
}

const setStatus = (handle: string, status: "draft" | "active" | "archived") =>
  t.deps.db.update(products).set({ status }).where(and(eq(products.storeId, storeId), eq(products.handle, handle)));

const productIds = (result: SearchResponse) => result.formattedProductData.map((product) => product.id);
const bundleIds = (result: SearchResponse) => result.formattedBundleData.map((bundle) => bundle.bundle_handle);
const search = async (query: string, type = "search") =>
  (await api<SearchResponse>("POST", "/api/search/keyword-search", { store_id: storeId, query, type })).body;
const byHandles = (handles: string[]) => api<SearchResponse & { error?: string }>("POST", "/api/search/by_handles", { store_id: storeId, handles });

beforeAll(async () => {
  renderer = await startPageRenderer();
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  storeId = t.deps.storeId;
  pages = renderer.appOf(t);
  for (const member of [OWNER, PACKER]) await createStaff(t.deps.db, commandLineActor(storeId), member);
  owner = await signIn(OWNER);
  packer = await signIn(PACKER);
  await setStatus(DRAFT, "draft");
  await setStatus(ARCHIVED, "archived");
});
afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

describe("a draft or archived product, to shoppers", () => {
  it("is not listed: all products, a collection, the home page, other products", async () => {
    const all = await search("all_products", "collection-search");
    expect(productIds(all)).not.toContain(DRAFT);
    expect(productIds(all)).not.toContain(ARCHIVED);
    expect(productIds(all)).toContain(productHandles.jasmine);
    expect(productIds((await api<SearchResponse>("GET", `/api/search/collection?store_id=${storeId}&collection_name=tea`)).body)).not.toContain(DRAFT);
    const home = await (await get("/")).text();
    expect(home).toContain(`/products/${productHandles.jasmine}`);
    expect(home).not.toContain(`/products/${DRAFT}"`);
    expect(home).not.toContain(`/products/${ARCHIVED}"`);
    const page = await (await get(`/products/${productHandles.jasmine}`)).text();
    expect(page).not.toContain(`/products/${DRAFT}"`);
  });

  it("takes its reviews off the home page's newest reviews", async () => {
    const [newest] = await listRecentReviews(t.deps.db, storeId, 1);
    const [{ productId }] = await t.deps.db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, newest.review_id));
    const [{ handle }] = await t.deps.db.select({ handle: products.handle }).from(products).where(eq(products.id, productId));
    const ofIt = (await t.deps.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, productId))).map((row) => row.id);
    await setStatus(handle, "archived");
    try {
      const shown = (await listRecentReviews(t.deps.db, storeId, 50)).map((review) => review.review_id);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((id) => ofIt.includes(id))).toEqual([]);
    } finally {
      await setStatus(handle, "active");
    }
    expect((await listRecentReviews(t.deps.db, storeId, 1))[0].review_id).toBe(newest.review_id);
  });

  it("is not found by search, its words as typed or misspelled", async () => {
    expect(productIds(await search("sencha"))).toEqual([]);
    expect(productIds(await search("senhca"))).toEqual([]);
    expect(productIds(await search("french press"))).not.toContain(ARCHIVED);
    expect(productIds(await search("jasmine"))).toContain(productHandles.jasmine);
  });

  it("takes its bundles off sale: not listed, searched, shown on its products' pages or open at their address", async () => {
    expect(bundleIds(await search("sampler"))).toEqual([]);
    expect(bundleIds(await search("all_products", "collection-search"))).not.toContain(bundleHandles.teaSampler);
    const detail = await api<{ error: string }>("GET", `/api/bundles/${bundleHandles.teaSampler}?store_id=${storeId}`);
    expect(detail).toEqual({ status: 404, body: { error: "Bundle not found" } });
    const jasmine = (await byHandles([productHandles.jasmine])).body.formattedProductData[0];
    expect(jasmine.bundles.map((bundle) => bundle.bundle_handle)).not.toContain(bundleHandles.teaSampler);
    // A bundle whose products are all on sale is still offered.
    expect((await api<BundleResponse>("GET", `/api/bundles/${bundleHandles.giftBox}?store_id=${storeId}`)).status).toBe(200);
  });

  it("is not in the sitemap, nor are its bundles", async () => {
    const paths = (await sitemapEntries(t.deps.db, storeId)).map((entry) => entry.path);
    expect(paths).toContain(`/products/${productHandles.jasmine}`);
    expect(paths).not.toContain(`/products/${DRAFT}`);
    expect(paths).not.toContain(`/products/${ARCHIVED}`);
    expect(paths).not.toContain(`/bundles/${bundleHandles.teaSampler}`);
    expect(paths).toContain(`/bundles/${bundleHandles.giftBox}`);
  });

  it("is 'Product not found' from the API and on its page", async () => {
    expect(await byHandles([DRAFT])).toEqual({ status: 404, body: { error: "Product not found" } });
    expect((await byHandles([DRAFT, productHandles.jasmine])).body.formattedProductData.map((p) => p.id)).toEqual([
      productHandles.jasmine,
    ]);
    for (const handle of [DRAFT, ARCHIVED]) {
      const response = await get(`/products/${handle}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Product not found");
    }
  });

  it("cannot be added to a cart, alone or in its bundle", async () => {
    const line = { kind: "product", sku: DRAFT_SKU, quantity: 1, title: "Uji Sencha", product_price: 0.01 };
    expect(await api("POST", "/api/cart-items", { cartItems: [line] })).toEqual({
      status: 400,
      body: { error: NO_LONGER_AVAILABLE, field: "cartItems.0.sku" },
    });
    const [sampler] = await t.deps.db.select().from(bundles).where(and(eq(bundles.storeId, storeId), eq(bundles.handle, bundleHandles.teaSampler)));
    const chosen = Object.fromEntries(
      Object.keys(sampler.skuToQuantity).map((sku) => [DEMO_HANDLE_OF_SKU[sku.split("-")[0]], sku]),
    );
    const refused = await api<{ error: string }>("POST", "/api/cart-items", {
      cartItems: [{ kind: "bundle", bundle_id: sampler.id, quantity: 1, selected_variants: chosen, price: "0.01" }],
    });
    expect(refused).toEqual({ status: 400, body: { error: BUNDLE_NO_LONGER_AVAILABLE, field: "cartItems.0.bundle_id" } });
  });
});

describe("a product taken off sale while in a cart", () => {
  it("leaves the cart when it is next read, and the shopper is told", async () => {
    const line = { kind: "product", sku: "COL-12OZ-WB", quantity: 1, title: "Colombia", product_price: 0.01 };
    const saved = await t.call("POST", "/api/cart-items", { cartItems: [line] });
    expect(saved.status).toBe(200);
    const cookie = saved.headers.get("set-cookie")!.split(";")[0];
    await setStatus(productHandles.colombia, "archived");
    try {
      const loaded = (await (await t.call("GET", "/api/cart-items", undefined, { cookie })).json()) as CartResponse;
      expect(loaded.cartItems).toEqual([]);
      expect(loaded.notices).toEqual(["Colombia Huila La Plata is no longer available as chosen and was removed from your cart."]);
    } finally {
      await setStatus(productHandles.colombia, "active");
    }
  });
});

/** The tea sampler's products by their sku prefix. */
const DEMO_HANDLE_OF_SKU: Record<string, string> = {
  BFAST: productHandles.breakfastTea,
  SENCHA: productHandles.sencha,
  JASM: productHandles.jasmine,
  CHAM: productHandles.chamomile,
};

describe("a staff preview", () => {
  it("shows a draft to a member who reaches the catalogue, with its banner, private and not indexed", async () => {
    const response = await get(`/products/${DRAFT}`, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const html = await response.text();
    expect(html).toContain("Draft — only staff can see this product");
    expect(html).toContain("Uji Sencha");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    // The client's navigation data is as private as the page.
    const data = await get(`/products/${DRAFT}.data`, owner);
    expect(data.headers.get("cache-control")).toBe("private, no-store");
  });

  it("says Archived for an archived product", async () => {
    const html = await (await get(`/products/${ARCHIVED}`, owner)).text();
    expect(html).toContain("Archived — only staff can see this product");
  });

  it("is never served to shoppers afterwards, nor shown to a member without the catalogue", async () => {
    await get(`/products/${DRAFT}`, owner);
    const shopper = await get(`/products/${DRAFT}`);
    expect(shopper.status).toBe(404);
    expect(await shopper.text()).not.toContain("only staff can see");
    expect((await get(`/products/${DRAFT}`, packer)).status).toBe(404);
  });

  it("leaves a product on sale as shoppers see it, without a banner", async () => {
    const html = await (await get(`/products/${productHandles.jasmine}`, owner)).text();
    expect(html).not.toContain("only staff can see");
  });
});

describe("an earlier handle", () => {
  it("moves the page on to the current handle for good (301)", async () => {
    const response = await get("/products/insulated-tumbler");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/products/${productHandles.tumbler}`);
  });

  it("finds the product by its current handle in the API", async () => {
    const found = await byHandles(["insulated-tumbler"]);
    expect(found.status).toBe(200);
    expect(found.body.formattedProductData.map((product) => product.id)).toEqual([productHandles.tumbler]);
    // Asked by both handles, the product answers once.
    expect((await byHandles(["insulated-tumbler", productHandles.tumbler])).body.formattedProductData).toHaveLength(1);
  });

  it("of a draft leads shoppers nowhere, staff to the preview", async () => {
    const [draft] = await t.deps.db.select({ id: products.id }).from(products).where(and(eq(products.storeId, storeId), eq(products.handle, DRAFT)));
    await t.deps.db.insert(productHandleRedirects).values({ storeId, handle: "sencha-of-old", productId: draft.id });
    expect((await get("/products/sencha-of-old")).status).toBe(404);
    expect(await byHandles(["sencha-of-old"])).toMatchObject({ status: 404 });
    const staff = await get("/products/sencha-of-old", owner);
    expect(staff.status).toBe(301);
    expect(staff.headers.get("location")).toBe(`/products/${DRAFT}`);
  });
});

describe("what a product on sale shows", () => {
  const tumbler = async () => (await byHandles([productHandles.tumbler])).body.formattedProductData[0] as Product;

  it("gives the compare-at price of each variant, only when higher than its price, and the first variant's on the product", async () => {
    const product = await tumbler();
    expect(product.compare_at_price).toBe(34);
    const bySku = Object.fromEntries(product.variants.map((variant) => [variant.sku, variant.compare_at_price]));
    expect(bySku).toEqual({ "TUMB-12OZ-SLATE": 34, "TUMB-12OZ-FOREST": 34, "TUMB-16OZ-SLATE": null, "TUMB-16OZ-FOREST": null });
    // Not higher than the price: no sale to show.
    await t.deps.db.update(variants).set({ compareAtCents: 3200 }).where(and(eq(variants.storeId, storeId), eq(variants.sku, "TUMB-16OZ-SLATE")));
    expect((await tumbler()).variants.find((variant) => variant.sku === "TUMB-16OZ-SLATE")!.compare_at_price).toBeNull();
  });

  it("strikes the compare-at price through beside the price on its card and its page", async () => {
    const wasPrice = /<span>\$28\.00<\/span> <s[^>]*><span class="sr-only">Was <\/span>\$34\.00<\/s>/;
    expect(await (await get("/")).text()).toMatch(wasPrice);
    expect(await (await get(`/products/${productHandles.tumbler}`)).text()).toMatch(wasPrice);
    // A product without one shows its price alone.
    expect(await (await get(`/products/${productHandles.jasmine}`)).text()).toContain('<p class="text-2xl font-semibold" aria-live="polite">$16.00</p>');
  });

  it("names a variant's own picture, and each picture's alt text", async () => {
    const [second] = await t.deps.db
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.storeId, storeId), eq(products.handle, productHandles.tumbler), eq(productImages.position, 1)));
    await t.deps.db.update(variants).set({ imageId: second.id }).where(and(eq(variants.storeId, storeId), eq(variants.sku, "TUMB-16OZ-FOREST")));
    const product = await tumbler();
    expect(product.variants.find((variant) => variant.sku === "TUMB-16OZ-FOREST")!.image_url).toBe(second.url);
    expect(product.variants.find((variant) => variant.sku === "TUMB-12OZ-SLATE")!.image_url).toBeNull();
    // The demo's pictures say what they show: their product's title.
    expect(product.image_alts[product.product_image_main!]).toBe("Insulated Travel Tumbler");

    await t.deps.db.update(productImages).set({ altText: "A slate tumbler on a desk" }).where(eq(productImages.url, product.product_image_main!));
    const html = await (await get(`/products/${productHandles.tumbler}`)).text();
    expect(html).toContain('alt="A slate tumbler on a desk"');

    // The variant chosen first names its own picture: the gallery opens on it.
    await t.deps.db.update(variants).set({ imageId: second.id }).where(and(eq(variants.storeId, storeId), eq(variants.sku, "TUMB-12OZ-SLATE")));
    const opened = await (await get(`/products/${productHandles.tumbler}`)).text();
    const large = second.url.replace(/\.\w+$/, "_1024.webp");
    expect(opened).toMatch(new RegExp(`<img src="${large}"[^>]*loading="eager"`));
  });

  it("renders its HTML description, cleaned once more, and gives its words alone to the meta description", async () => {
    const description = (await tumbler()).product_description;
    expect(description).toMatch(/^<p>Double-walled stainless steel/);
    const html = await (await get(`/products/${productHandles.tumbler}`)).text();
    expect(html).toContain("<p>Double-walled stainless steel");
    expect(html).toMatch(/<meta name="description" content="Double-walled stainless steel[^"<]*"/);

    // A row written around the editor's clean never brings a script to the page.
    await t.deps.db
      .update(products)
      .set({ description: '<p>Good <strong>mug</strong> &amp; more</p><script>alert(1)</script><img src=x onerror="alert(2)">' })
      .where(and(eq(products.storeId, storeId), eq(products.handle, productHandles.mug)));
    const mug = await (await get(`/products/${productHandles.mug}`)).text();
    expect(mug).toContain("<p>Good <strong>mug</strong> &amp; more</p>");
    expect(mug).not.toContain("alert(");
    expect(mug).toMatch(/<meta name="description" content="Good mug &amp; more"/);
  });

  it("takes its SEO title and description for the page's when set", async () => {
    await t.deps.db
      .update(products)
      .set({ seoTitle: "Travel tumbler on sale", seoDescription: "Hot for six hours, now $28." })
      .where(and(eq(products.storeId, storeId), eq(products.handle, productHandles.tumbler)));
    const html = await (await get(`/products/${productHandles.tumbler}`)).text();
    expect(html).toContain("<title>Travel tumbler on sale</title>");
    expect(html).toMatch(/<meta name="description" content="Hot for six hours, now \$28\."/);
  });

  it("reads a description's words without markup", () => {
    expect(descriptionText("<p>Bright &amp; floral</p><ul><li>Lemon</li><li>Jasmine&#39;s scent</li></ul><p>Line<br>two</p>")).toBe(
      "Bright & floral Lemon Jasmine's scent Line two",
    );
  });
});
