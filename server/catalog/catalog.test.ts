import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleResponse, Product, SearchResponse } from "../../core/schemas/catalog";
import { and, eq } from "drizzle-orm";
import { products } from "../db/schema";
import { DEMO } from "../db/seed";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { editDistance, isTypoOf, searchWords } from "./search";
import { robotsTxt, sitemapEntries, sitemapFile } from "./sitemap";
import { namedError } from "../../tests/support/errors";

const { productHandles, bundleHandles } = DEMO;
/** A search that found nothing: one empty page. */
const NOTHING = { formattedProductData: [], formattedBundleData: [], total_count: 0, next_cursor: null };

describe("catalogue API", () => {
  let shop: TestApp;
  let storeId: string;
  beforeAll(async () => {
    shop = await createTestApp();
    storeId = shop.database.storeId;
  });
  afterAll(async () => {
    await shop.database.dispose();
  });

  const search = async (query: string) => {
    const response = await shop.call("POST", "/api/search/keyword-search", { store_id: storeId, query });
    expect(response.status).toBe(200);
    return (await response.json()) as SearchResponse;
  };
  const productIds = (result: SearchResponse) => result.formattedProductData.map((product) => product.id);

  describe("POST /api/search/keyword-search", () => {
    it("answers products with the spec's fields and prices in dollars", async () => {
      const result = await search("house blend");
      const [first] = result.formattedProductData;
      expect(first.id).toBe(productHandles.houseBlend);
      expect(first).toMatchObject({
        product_title: "Tidewater House Blend",
        product_price: expect.any(Number),
        product_description: expect.any(String),
        product_image_main: expect.stringMatching(/^\/images\/products\/house-blend-1\.\w+$/),
        hoverImage: expect.stringMatching(/house-blend-2/),
        variant_list: { Weight: ["12 oz", "2 lb"], Grind: ["Whole Bean", "Drip Grind", "Espresso Grind"] },
      });
      const variant = first.variants.find((v) => v.sku === DEMO.subscriptions.houseBlend.sku)!;
      expect(variant.product_attributes).toEqual({ Weight: "12 oz", Grind: "Whole Bean" });
      expect(variant.product_price).toBe(first.product_price);
      expect(variant.subscription.map((s) => s.subscription_id)).toEqual([
        DEMO.subscriptions.houseBlend.everyTwoWeeks,
        DEMO.subscriptions.houseBlend.monthly,
      ]);
      expect(first.reviews.length).toBe(first.rating.count);
      expect(Number.isInteger(Math.round(first.product_price! * 100))).toBe(true);
    });

    it("ranks a title match above a description match", async () => {
      const ids = productIds(await search("espresso"));
      expect(ids[0]).toBe(productHandles.espresso);
    });

    it("finds a 5+ letter word with two letters swapped or one dropped", async () => {
      expect(productIds(await search("etihopia"))).toContain(productHandles.ethiopia);
      expect(productIds(await search("belnd"))).toContain(productHandles.houseBlend);
      expect(productIds(await search("kettel"))).toContain(productHandles.kettle);
      expect(productIds(await search("ketle"))).toContain(productHandles.kettle);
      expect(productIds(await search("jsamine"))).toContain(productHandles.jasmine);
      expect(productIds(await search("sumtra"))).toContain(productHandles.sumatra);
    });

    it("does not offer unrelated products for a typo", async () => {
      expect(productIds(await search("kettel"))).toEqual([productHandles.kettle]);
    });

    it("matches prefixes of 3+ letters while typing", async () => {
      expect(productIds(await search("eth"))).toContain(productHandles.ethiopia);
      expect(productIds(await search("goose"))).toContain(productHandles.kettle);
      expect(productIds(await search("chamo"))).toContain(productHandles.chamomile);
    });

    it("finds products by attribute values", async () => {
      expect(productIds(await search("sage"))).toEqual([productHandles.dripper]);
      expect(productIds(await search("forest"))).toEqual([productHandles.tumbler]);
      expect(productIds(await search("charcoal"))).toContain(productHandles.dripper);
    });

    it("finds products matching most of the words, those matching more words first", async () => {
      // The Enamel Camp Mug says coffee and mug; the Harbor Stoneware Mug only mug, yet it is what a shopper meant.
      const mugs = productIds(await search("coffee mug"));
      expect(mugs).toContain(productHandles.mug);
      expect(mugs[0]).toBe(productHandles.campMug);
      expect(mugs.indexOf(productHandles.campMug)).toBeLessThan(mugs.indexOf(productHandles.mug));
      // One of two words is enough; each of these products has one.
      expect(productIds(await search("sage forest")).sort()).toEqual([productHandles.dripper, productHandles.tumbler].sort());
      // One of three is not.
      expect(productIds(await search("sage forest kettle"))).toEqual([]);
    });

    it("treats stop words as optional and ranks the product with every word first", async () => {
      expect(productIds(await search("the house blend"))[0]).toBe(productHandles.houseBlend);
      expect(productIds(await search("house blend"))[0]).toBe(productHandles.houseBlend);
    });

    it("corrects a misspelled word beside words that match as typed", async () => {
      expect(productIds(await search("gooseneck kettel"))).toEqual([productHandles.kettle]);
    });

    it("finds nothing for nonsense, also beside a real word it outnumbers", async () => {
      expect(await search("zzzzqqqq xqxqxq")).toEqual(NOTHING);
      expect(await search("qwxzv jjkkq mug")).toEqual(NOTHING);
    });

    it("finds bundles by title", async () => {
      const result = await search("sampler");
      expect(result.formattedBundleData.map((b) => b.bundle_handle)).toEqual([bundleHandles.teaSampler]);
      expect(result.formattedBundleData[0]).toMatchObject({ price: expect.stringMatching(/^\d+\.\d{2}$/), is_standalone: false });
    });

    it("treats wildcards, quotes and SQL as plain text", async () => {
      for (const query of ["%", "_", "%%%", "'", '"', "'; drop table products; --", "\\"]) {
        const result = await search(query);
        expect(result).toEqual(NOTHING);
      }
      expect(productIds(await search("'sage'"))).toEqual([productHandles.dripper]);
      expect(productIds(await search("sa%ge"))).toEqual([]);
      // The catalogue is still there.
      expect(productIds(await search("sage"))).toEqual([productHandles.dripper]);
    });

    it("answers in a stable order", async () => {
      const first = productIds(await search("coffee"));
      expect(first.length).toBeGreaterThan(1);
      expect(productIds(await search("coffee"))).toEqual(first);
    });

    it("answers 'No Results' as empty lists", async () => {
      expect(await search("zzzzqqqq")).toEqual(NOTHING);
    });

    it("refuses an empty or blank query", async () => {
      for (const query of ["", "   "]) {
        const response = await shop.call("POST", "/api/search/keyword-search", { store_id: storeId, query });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: "Search query cannot be empty." });
      }
    });

    it("refuses a bad type", async () => {
      const response = await shop.call("POST", "/api/search/keyword-search", { store_id: storeId, query: "tea", type: "x" });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid query type. Must be "search" or "collection-search".' });
    });

    it("refuses missing fields and malformed JSON, naming the field", async () => {
      let response = await shop.call("POST", "/api/search/keyword-search", { query: "tea" });
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toMatch(/^store_id/);
      response = await shop.call("POST", "/api/search/keyword-search", { store_id: storeId, query: 5 });
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toMatch(/^query/);
      response = await shop.call("POST", "/api/search/keyword-search", "{not json");
      expect(response.status).toBe(400);
    });

    it("answers an unknown store with 404", async () => {
      const response = await shop.call("POST", "/api/search/keyword-search", { store_id: "no-such-store", query: "tea" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Store not found" });
    });
  });

  describe("GET /api/search/collection", () => {
    it("lists every product and bundle for all_products", async () => {
      const response = await shop.call("GET", `/api/search/collection?collection_name=all_products&store_id=${storeId}`);
      expect(response.status).toBe(200);
      const result = (await response.json()) as SearchResponse;
      expect(result.formattedProductData).toHaveLength(Object.keys(productHandles).length);
      expect(result.formattedBundleData.map((b) => b.bundle_handle).sort()).toEqual(Object.values(bundleHandles).sort());
    });

    it("lists a named collection", async () => {
      const response = await shop.call("GET", `/api/search/collection?collection_name=tea&store_id=${storeId}`);
      const ids = productIds((await response.json()) as SearchResponse);
      expect(ids).toContain(productHandles.sencha);
      expect(ids).not.toContain(productHandles.houseBlend);
    });

    it("refuses an empty name and answers an unknown store with 404", async () => {
      let response = await shop.call("GET", `/api/search/collection?collection_name=&store_id=${storeId}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Search query cannot be empty." });
      response = await shop.call("GET", `/api/search/collection?collection_name=tea&store_id=nope`);
      expect(response.status).toBe(404);
      response = await shop.call("GET", `/api/search/collection?collection_name=tea`);
      expect(response.status).toBe(400);
    });
  });

  describe("HTTP caching of catalogue answers", () => {
    it("answers an unchanged collection with 304 to its ETag, and with the new catalogue once it changes", async () => {
      const path = `/api/search/collection?collection_name=tea&store_id=${storeId}`;
      const first = await shop.call("GET", path);
      const etag = first.headers.get("etag")!;
      expect(first.headers.get("cache-control")).toBe("public, no-cache");
      const unchanged = await shop.call("GET", path, undefined, { "if-none-match": etag });
      expect(unchanged.status).toBe(304);

      await shop.deps.db.update(products).set({ title: "Sencha Renamed" }).where(and(eq(products.storeId, storeId), eq(products.handle, productHandles.sencha)));
      const changed = await shop.call("GET", path, undefined, { "if-none-match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      const titles = ((await changed.json()) as SearchResponse).formattedProductData.map((product) => product.product_title);
      expect(titles).toContain("Sencha Renamed");
    });
  });

  describe("POST /api/search/by_handles", () => {
    it("answers the product with its bundles and reviews", async () => {
      const response = await shop.call("POST", "/api/search/by_handles", { store_id: storeId, handles: [productHandles.houseBlend] });
      expect(response.status).toBe(200);
      const [product] = ((await response.json()) as SearchResponse).formattedProductData as Product[];
      expect(product.id).toBe(productHandles.houseBlend);
      // The shop's order of attributes, not the order jsonb keeps the variants' keys in (Grind before Weight).
      expect(Object.keys(product.variant_list)).toEqual(["Weight", "Grind"]);
      expect(product.bundles.map((b) => b.bundle_handle).sort()).toEqual([bundleHandles.giftBox, bundleHandles.pourOverKit].sort());
      // Each bundle names all its products, in the bundle's order, as the bundle's own answer does.
      for (const bundle of product.bundles) {
        const detail = await shop.call("GET", `/api/bundles/${bundle.bundle_handle}?store_id=${storeId}`);
        expect(bundle.handles).toEqual(((await detail.json()) as BundleResponse).data.data.bundle.handles);
        expect(bundle.handles).toContain(productHandles.houseBlend);
      }
      expect(product.reviews.length).toBeGreaterThan(0);
      expect(product.rating.average).toBeGreaterThanOrEqual(1);
    });

    it("answers an unknown handle with 404 'Product not found'", async () => {
      const response = await shop.call("POST", "/api/search/by_handles", { store_id: storeId, handles: ["no-such-product"] });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Product not found" });
    });

    it("refuses an empty list", async () => {
      const response = await shop.call("POST", "/api/search/by_handles", { store_id: storeId, handles: [] });
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toMatch(/^handles/);
    });
  });

  describe("GET /api/bundles/:handle", () => {
    it("answers the bundle and each product's choices", async () => {
      const response = await shop.call("GET", `/api/bundles/${bundleHandles.pourOverKit}?store_id=${storeId}`);
      expect(response.status).toBe(200);
      const { bundle, handle_options } = ((await response.json()) as BundleResponse).data.data;
      expect(bundle).toMatchObject({ bundle_handle: bundleHandles.pourOverKit, title: "Pour-Over Starter Kit" });
      expect(bundle.handles).toEqual([productHandles.dripper, productHandles.filters, productHandles.houseBlend]);
      expect(handle_options.map((option) => option.id)).toEqual(bundle.handles);
      const dripper = handle_options[0];
      expect(dripper).toMatchObject({
        product_title: "Ceramic Pour-Over Dripper",
        sku: "DRIP-WHITE",
        variant_list: { Colour: ["Matte White", "Charcoal", "Sage"] },
        bundle_variations: [
          { sku: "DRIP-WHITE", quantity: 1, product_attributes: { Colour: "Matte White" } },
          { sku: "DRIP-CHAR", quantity: 1, product_attributes: { Colour: "Charcoal" } },
          { sku: "DRIP-SAGE", quantity: 1, product_attributes: { Colour: "Sage" } },
        ],
      });
      expect(dripper.variants).toHaveLength(3);
      // The kit holds a 12 oz bag: every grind of it, never the 2 lb bag that costs more.
      const houseBlend = handle_options[2];
      expect(houseBlend.sku).toBe("HOUSE-12OZ-WB");
      expect(houseBlend.bundle_variations.map((item) => item.sku)).toEqual(["HOUSE-12OZ-WB", "HOUSE-12OZ-DRIP", "HOUSE-12OZ-ESP"]);
    });

    it("answers an unknown bundle with 404 'Bundle not found' and an unknown store with 404", async () => {
      let response = await shop.call("GET", `/api/bundles/no-such-bundle?store_id=${storeId}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Bundle not found" });
      response = await shop.call("GET", `/api/bundles/${bundleHandles.pourOverKit}?store_id=nope`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Store not found" });
    });
  });
});

describe("sitemap and robots", () => {
  it("lists products, bundles, pages and posts with absolute URLs", async () => {
    const shop = await createTestApp();
    try {
      const xml = sitemapFile("https://shop.example/", await sitemapEntries(shop.deps.db, shop.database.storeId), null)!;
      expect(xml).toContain("<loc>https://shop.example/</loc>");
      expect(xml).toContain(`<loc>https://shop.example/products/${productHandles.houseBlend}</loc>`);
      expect(xml).toContain(`<loc>https://shop.example/bundles/${bundleHandles.giftBox}</loc>`);
      expect(xml).toContain("<loc>https://shop.example/pages/about</loc>");
      expect(xml).toMatch(/<loc>https:\/\/shop\.example\/blog\/[a-z-]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      // The footer's "Shop by category" and the top bar's Coffee link, once, by their canonical address.
      for (const category of ["coffee", "tea", "brewing-gear", "drinkware"]) {
        expect(xml.split(`<loc>https://shop.example/search?query=${category}&amp;type=collection-search</loc>`)).toHaveLength(2);
      }
      expect(xml.split("<loc>https://shop.example/shop</loc>")).toHaveLength(2);
      const robots = robotsTxt("https://shop.example");
      expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
      expect(robots).toContain("Disallow: /checkout-confirmation\n");
      // Listings and checkout are open to search engines (decision 0016).
      expect(robots).not.toMatch(/^Disallow: \/(search|checkout)\b(?!-)/m);
    } finally {
      await shop.database.dispose();
    }
  });

  it("is an index of parts once the addresses outgrow one file, each part listing its share once", () => {
    const entries = Array.from({ length: 5 }, (_, n) => ({ path: `/products/p-${n}` }));
    expect(sitemapFile("https://shop.example", entries, null, 5)).toContain("<urlset");
    expect(sitemapFile("https://shop.example", entries, 1, 5)).toBeNull();
    const index = sitemapFile("https://shop.example", entries, null, 2)!;
    expect(index).toContain("<sitemapindex");
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([1, 2, 3].map((n) => `https://shop.example/sitemap.xml?part=${n}`));
    const listed = [1, 2, 3].flatMap((part) => [...sitemapFile("https://shop.example", entries, part, 2)!.matchAll(/<loc>https:\/\/shop\.example([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(listed).toEqual(entries.map((entry) => entry.path));
    expect(sitemapFile("https://shop.example", entries, 4, 2)).toBeNull();
  });
});

describe("search text handling", () => {
  it("cuts queries into plain words", () => {
    expect(searchWords("  Green XL  mug's 100% ")).toEqual(["green", "xl", "mug", "s", "100"]);
    expect(searchWords("%_'\";--")).toEqual([]);
  });

  it("measures swaps and drops as one edit", () => {
    expect(editDistance("blend", "belnd", 2)).toBe(1);
    expect(editDistance("kettle", "ketle", 2)).toBe(1);
    expect(isTypoOf("grene", "Green Tea")).toBe(true);
    expect(isTypoOf("green", "Hand Burr Grinder")).toBe(false);
  });
});
