import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PopupDiscountResponse } from "../../core/schemas/content";
import type { BundleResponse, SearchResponse } from "../../core/schemas/catalog";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { usingPostgres } from "../../tests/support/database";
import type { AppEnv } from "../context";
import { DEMO } from "../db/seed";
import { bundles, discounts, products, reviews, variants } from "../db/schema";
import { catalogueReadCache } from "./response-cache-api";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.database.dispose());

const houseBlend = DEMO.subscriptions.houseBlend;
const byHandles = (handles: string[]) => ({ store_id: "demo", handles });

/** Each catalogue read, as a browser would ask it. */
const READS = {
  byHandles: ["POST", "/api/search/by_handles", byHandles([houseBlend.handle])],
  keywordSearch: ["POST", "/api/search/keyword-search", { store_id: "demo", query: "coffee" }],
  collection: ["GET", `/api/search/collection?collection_name=${DEMO.collectionHandles.all}&store_id=demo`, undefined],
  bundle: ["GET", `/api/bundles/${DEMO.bundleHandles.pourOverKit}?store_id=demo`, undefined],
  popupDiscount: ["GET", "/api/discount/popupDiscount?store_id=demo", undefined],
} as const;

type Read = readonly [string, string, unknown];
const ask = (t: TestApp, [method, path, body]: Read, headers: Record<string, string> = {}) => t.call(method, path, body, headers);

/** A read's answer, uncompressed (the cache unpacks for a client that takes no encoding). */
async function answer<T>(t: TestApp, read: Read): Promise<{ response: Response; body: T }> {
  const response = await ask(t, read);
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as T };
}

const productTitles = (body: SearchResponse) => body.formattedProductData.map((product) => product.product_title);
const houseBlendPrice = (body: SearchResponse) =>
  body.formattedProductData.find((product) => product.id === houseBlend.handle)?.variants.find((variant) => variant.sku === houseBlend.sku)
    ?.product_price;

describe("the catalogue read cache", () => {
  it("answers every catalogue read from memory after the first, compressed once, with the headers it had", async () => {
    for (const [name, read] of Object.entries(READS)) {
      const first = await ask(shop, read, { "accept-encoding": "br, gzip" });
      const second = await ask(shop, read, { "accept-encoding": "br, gzip" });
      expect([first.status, second.status], name).toEqual([200, 200]);
      expect(first.headers.get("x-cache"), name).toBe("MISS");
      expect(second.headers.get("x-cache"), name).toBe("HIT");
      expect(second.headers.get("content-encoding"), name).toBe("br");
      expect(second.headers.get("content-type"), name).toMatch(/^application\/json/);
      expect(second.headers.get("vary"), name).toBe("Accept-Encoding");
      expect(second.headers.get("etag"), name).toBe(first.headers.get("etag"));
      const gzipped = await ask(shop, read, { "accept-encoding": "gzip" });
      const unpacked = zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString();
      expect(zlib.brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString(), name).toBe(unpacked);
      const plain = await ask(shop, read);
      expect(plain.headers.get("x-cache"), name).toBe("HIT");
      expect(await plain.text(), name).toBe(unpacked);
    }
    // The GET reads stay revalidated by HTTP caches, as before; the POST ones set no Cache-Control, as before.
    expect((await ask(shop, READS.collection)).headers.get("cache-control")).toBe("public, no-cache");
    expect((await ask(shop, READS.bundle)).headers.get("cache-control")).toBe("public, no-cache");
    expect((await ask(shop, READS.byHandles)).headers.get("cache-control")).toBeNull();
  });

  it("answers 304 to a client that sends the ETag back, for a post too", async () => {
    for (const [name, read] of Object.entries(READS)) {
      const etag = (await ask(shop, read)).headers.get("etag")!;
      const revalidated = await ask(shop, read, { "if-none-match": `W/"other", ${etag}` });
      expect(revalidated.status, name).toBe(304);
      expect(await revalidated.text(), name).toBe("");
      expect((await ask(shop, read, { "if-none-match": '"other"' })).status, name).toBe(200);
    }
  });

  it("keeps one entry per request: another body is another entry, the same body in another key order or spacing is not", async () => {
    const tea = await answer<SearchResponse>(shop, ["POST", "/api/search/by_handles", byHandles([DEMO.subscriptions.breakfastTea.handle])]);
    const coffee = await answer<SearchResponse>(shop, READS.byHandles);
    expect(productTitles(tea.body)).not.toEqual(productTitles(coffee.body));
    const reordered = await shop.call("POST", "/api/search/by_handles", `{ "handles": ["${houseBlend.handle}"],  "store_id": "demo" }`);
    expect(reordered.headers.get("x-cache")).toBe("HIT");
    expect(productTitles((await reordered.json()) as SearchResponse)).toEqual(productTitles(coffee.body));
    // The order of handles is the order of the answer: another entry.
    const both = byHandles([houseBlend.handle, DEMO.subscriptions.breakfastTea.handle]);
    const reversed = byHandles([DEMO.subscriptions.breakfastTea.handle, houseBlend.handle]);
    await shop.call("POST", "/api/search/by_handles", both);
    const other = await shop.call("POST", "/api/search/by_handles", reversed);
    expect(other.headers.get("x-cache")).toBe("MISS");
    expect(((await other.json()) as SearchResponse).formattedProductData[0].id).toBe(DEMO.subscriptions.breakfastTea.handle);
  });

  it("never keeps bad input or a not-found: each gets its own answer every time", async () => {
    const refused: Read[] = [
      ["POST", "/api/search/by_handles", "{not json"],
      ["POST", "/api/search/by_handles", { store_id: "demo", handles: "house-blend" }],
      ["POST", "/api/search/by_handles", byHandles(["no-such-product"])],
      ["POST", "/api/search/keyword-search", { store_id: "demo", query: "" }],
      ["POST", "/api/search/keyword-search", { store_id: "no-such-store", query: "coffee" }],
      ["GET", "/api/search/collection?collection_name=&store_id=demo", undefined],
      ["GET", "/api/bundles/no-such-bundle?store_id=demo", undefined],
      ["GET", "/api/discount/popupDiscount", undefined],
    ];
    for (const read of refused) {
      const first = await ask(shop, read);
      const again = await ask(shop, read);
      expect(first.status, read[1]).toBeGreaterThanOrEqual(400);
      expect(again.status, read[1]).toBe(first.status);
      expect(await again.json(), read[1]).toEqual(await first.json());
      expect(again.headers.get("x-cache"), read[1]).toBeNull();
    }
  });

  it("shows a change of a price, a title, a review or the popup's discount at once on every cached read", async () => {
    for (const read of Object.values(READS)) await ask(shop, read);
    const db = shop.deps.db;
    const storeId = shop.database.storeId;

    await db.update(variants).set({ priceCents: 4321 }).where(and(eq(variants.storeId, storeId), eq(variants.sku, houseBlend.sku)));
    const priced = await answer<SearchResponse>(shop, READS.byHandles);
    expect(priced.response.headers.get("x-cache")).toBe("MISS");
    expect(houseBlendPrice(priced.body)).toBe(43.21);
    expect(houseBlendPrice((await answer<SearchResponse>(shop, READS.collection)).body)).toBe(43.21);
    expect(houseBlendPrice((await answer<SearchResponse>(shop, READS.keywordSearch)).body)).toBe(43.21);

    await db.update(products).set({ title: "House Blend Renamed" }).where(and(eq(products.storeId, storeId), eq(products.handle, houseBlend.handle)));
    expect(productTitles((await answer<SearchResponse>(shop, READS.byHandles)).body)).toEqual(["House Blend Renamed"]);
    expect(productTitles((await answer<SearchResponse>(shop, READS.keywordSearch)).body)).toContain("House Blend Renamed");
    expect(productTitles((await answer<SearchResponse>(shop, READS.collection)).body)).toContain("House Blend Renamed");

    const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.storeId, storeId), eq(products.handle, houseBlend.handle)));
    await db.update(reviews).set({ title: "Changed my mind" }).where(eq(reviews.productId, product.id));
    const reviewed = await answer<SearchResponse>(shop, READS.byHandles);
    expect(reviewed.body.formattedProductData[0].reviews.map((review) => review.review_title)).toContain("Changed my mind");

    await db.update(bundles).set({ title: "Pour-Over Kit Renamed" }).where(and(eq(bundles.storeId, storeId), eq(bundles.handle, DEMO.bundleHandles.pourOverKit)));
    expect((await answer<BundleResponse>(shop, READS.bundle)).body.data.data.bundle.title).toBe("Pour-Over Kit Renamed");

    await db.update(discounts).set({ percentage: 25 }).where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)));
    const popup = await answer<PopupDiscountResponse>(shop, READS.popupDiscount);
    expect(popup.body).toEqual({ success: true, data: [{ discount_popup_percentage: 25 }] });
    expect((await ask(shop, READS.popupDiscount)).headers.get("x-cache")).toBe("HIT");
  });
});

describe("the catalogue read cache under many requests", () => {
  /** The real key and cache in front of a search that echoes its query, so each query is an entry of its own. */
  function searchApp(bounds: { maxEntries?: number; maxBytes?: number }) {
    const cache = catalogueReadCache({ readVersion: async () => 1, ...bounds });
    const made = { count: 0 };
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set("deps", { storeId: "demo" } as AppEnv["Variables"]["deps"]);
      await next();
    });
    app.use(cache);
    app.post("/api/search/keyword-search", async (c) => {
      const { query } = await c.req.json<{ query: string }>();
      made.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return c.json({ query, padding: `${query} `.repeat(200) });
    });
    const search = (query: string) =>
      app.request("http://localhost/api/search/keyword-search", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": "br, gzip" },
        body: JSON.stringify({ store_id: "demo", query }),
      });
    return { cache, search, made };
  }

  it("makes an answer once for concurrent first requests", async () => {
    const { search, made } = searchApp({});
    const answers = await Promise.all(Array.from({ length: 10 }, () => search("at once")));
    expect(made.count).toBe(1);
    expect(answers.map((response) => response.headers.get("x-cache")).sort()).toEqual([...Array(9).fill("HIT"), "MISS"]);
    const bodies = await Promise.all(answers.map(async (response) => Buffer.from(await response.arrayBuffer()).toString("hex")));
    expect(new Set(bodies).size).toBe(1);
  });

  it("holds no more entries than its bound under a stream of unique queries, dropping the least recently used", async () => {
    const { cache, search } = searchApp({ maxEntries: 50 });
    await search("kept");
    for (let i = 0; i < 500; i++) {
      await search(`unique ${i}`);
      if (i % 10 === 0) expect((await search("kept")).headers.get("x-cache")).toBe("HIT");
      expect(cache.usage().entries).toBeLessThanOrEqual(50);
    }
    expect(cache.usage().entries).toBe(50);
    expect((await search("unique 499")).headers.get("x-cache")).toBe("HIT");
    expect((await search("unique 0")).headers.get("x-cache")).toBe("MISS");
  });

  it("holds no more bytes than its bound, however many entries would fit", async () => {
    const maxBytes = 20_000;
    const { cache, search } = searchApp({ maxBytes, maxEntries: 10_000 });
    for (let i = 0; i < 500; i++) {
      await search(`a longer unique query ${i} ${"x".repeat(i)}`);
      expect(cache.usage().bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.usage().entries).toBeGreaterThan(0);
    expect(cache.usage().entries).toBeLessThan(500);
  });

  it("does not keep an answer that would take more than an eighth of its bytes", async () => {
    const { cache, search } = searchApp({ maxBytes: 8_000 });
    const incompressible = randomBytes(1500).toString("base64");
    expect((await search(incompressible)).headers.get("x-cache")).toBe("MISS");
    expect((await search(incompressible)).headers.get("x-cache")).toBe("MISS");
    expect(cache.usage()).toEqual({ entries: 0, bytes: 0 });
    expect((await search("small")).headers.get("x-cache")).toBe("MISS");
    expect((await search("small")).headers.get("x-cache")).toBe("HIT");
  });
});

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL database", () => {
  it("each sees a change made through the other at once, though both hold the read", async () => {
    const other = secondInstance(shop);
    for (const instance of [shop, other]) {
      await ask(instance, READS.byHandles);
      expect((await ask(instance, READS.byHandles)).headers.get("x-cache")).toBe("HIT");
    }
    const storeId = shop.database.storeId;

    await other.deps.db
      .update(products)
      .set({ title: "Renamed Through The Other" })
      .where(and(eq(products.storeId, storeId), eq(products.handle, houseBlend.handle)));
    for (const instance of [shop, other]) {
      const { response, body } = await answer<SearchResponse>(instance, READS.byHandles);
      expect(response.headers.get("x-cache")).toBe("MISS");
      expect(productTitles(body)).toEqual(["Renamed Through The Other"]);
    }

    await shop.deps.db.update(variants).set({ priceCents: 1234 }).where(and(eq(variants.storeId, storeId), eq(variants.sku, houseBlend.sku)));
    const { body } = await answer<SearchResponse>(other, READS.byHandles);
    expect(houseBlendPrice(body)).toBe(12.34);
  });
});
