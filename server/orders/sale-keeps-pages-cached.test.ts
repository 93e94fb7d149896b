/**
 * A sale keeps the cached pages when it changes no stock band, and a band, price, title or review change shows at
 * once on every instance's cached pages (docs/decisions/0022). Pages are rendered for real, through Vite.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "../../core/stock-band";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { paidOrder, SKU, stockOf } from "../../tests/support/checkout";
import { saysOfStock, startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { createApp } from "../app";
import { readContentVersions } from "../db/content-version";
import { DEMO } from "../db/seed";
import { products, reviews, variants } from "../db/schema";

const PAGE = "/products/house-blend";

let renderer: PageRenderer;
let t: TestApp;
let pages: ReturnType<typeof createApp>;

/** An anonymous visitor's view of the product page: whether the cache answered, and the HTML. */
async function visit(app = pages) {
  const response = await app.request(`http://localhost${PAGE}`);
  expect(response.status).toBe(200);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

/** A page rendered at the current version, so the next visit is answered from the cache. */
async function warm(app = pages) {
  await visit(app);
  expect((await visit(app)).cache).toBe("HIT");
}

const houseBlendStock = (stock: number) =>
  t.deps.db.update(variants).set({ stock }).where(and(eq(variants.storeId, DEMO.storeId), eq(variants.sku, SKU)));

beforeAll(async () => {
  renderer = await startPageRenderer();
  t = await createTestApp();
  pages = renderer.appOf(t);
});
afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

describe("a sale and the cached pages", () => {
  it("keeps the content version and the cached page when the stock stays above the named counts", async () => {
    await houseBlendStock(LOW_STOCK_THRESHOLD + 10);
    await warm();
    const before = (await readContentVersions(t.deps.db)).pages;
    await paidOrder(t, 2);
    expect(await stockOf(t)).toBe(LOW_STOCK_THRESHOLD + 8);
    expect((await readContentVersions(t.deps.db)).pages).toBe(before);
    const after = await visit();
    expect(after.cache).toBe("HIT");
    expect(after.html).toMatch(saysOfStock("In stock"));
  });

  it("answers the catalogue API's exact stock at once after a sale that keeps the pages", async () => {
    await houseBlendStock(LOW_STOCK_THRESHOLD + 10);
    await warm();
    const byHandles = async () => {
      const response = await pages.request("http://localhost/api/search/by_handles", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ store_id: DEMO.storeId, handles: ["house-blend"] }),
      });
      const body = (await response.json()) as { formattedProductData: { variants: { sku: string; total_stock: number }[] }[] };
      const stock = body.formattedProductData[0].variants.find((variant) => variant.sku === SKU)!.total_stock;
      return { cache: response.headers.get("x-cache"), stock };
    };
    await byHandles();
    expect(await byHandles()).toEqual({ cache: "HIT", stock: LOW_STOCK_THRESHOLD + 10 });
    await paidOrder(t, 2);
    expect(await byHandles()).toEqual({ cache: "MISS", stock: LOW_STOCK_THRESHOLD + 8 });
    expect((await visit()).cache).toBe("HIT");
  });

  it("moves the version when a sale takes the stock to the threshold, and the page says how many are left at once", async () => {
    await houseBlendStock(LOW_STOCK_THRESHOLD + 2);
    await warm();
    const before = (await readContentVersions(t.deps.db)).pages;
    await paidOrder(t, 2);
    expect((await readContentVersions(t.deps.db)).pages).toBe(before + 1);
    const after = await visit();
    expect(after.cache).toBe("MISS");
    expect(after.html).toMatch(saysOfStock(`Only ${LOW_STOCK_THRESHOLD} left in stock`));
  });

  it("moves the version when a sale takes the last units, and the page says out of stock at once", async () => {
    await houseBlendStock(2);
    await warm();
    await paidOrder(t, 2);
    expect((await visit()).html).toMatch(saysOfStock("Out of stock"));
  });

  it("still shows a price, a title or a review change at once", async () => {
    await houseBlendStock(LOW_STOCK_THRESHOLD + 10);
    const houseBlend = and(eq(products.storeId, DEMO.storeId), eq(products.handle, "house-blend"));
    const [product] = await t.deps.db.select({ id: products.id }).from(products).where(houseBlend);
    const changes: [string, () => Promise<unknown>][] = [
      ["$17.25", () => t.deps.db.update(variants).set({ priceCents: 1725 }).where(eq(variants.sku, SKU))],
      ["Tidewater House Blend, Fresh Roast", () => t.deps.db.update(products).set({ title: "Tidewater House Blend, Fresh Roast" }).where(houseBlend)],
      ["Rewritten after a second bag", () => t.deps.db.update(reviews).set({ description: "Rewritten after a second bag" }).where(eq(reviews.productId, product.id))],
    ];
    for (const [shown, change] of changes) {
      await warm();
      const before = (await readContentVersions(t.deps.db)).pages;
      await change();
      expect((await readContentVersions(t.deps.db)).pages).toBe(before + 1);
      expect((await visit()).html).toContain(shown);
    }
    await t.deps.db.update(variants).set({ priceCents: 1600 }).where(eq(variants.sku, SKU));
  });

  it("shows a band change made through one instance at once on another instance's cached page", async () => {
    const other = secondInstance(t);
    const otherPages = renderer.appOf(other);
    await houseBlendStock(LOW_STOCK_THRESHOLD + 4);
    await warm(otherPages);
    await paidOrder(t, 2);
    expect((await visit(otherPages)).cache).toBe("HIT");
    await paidOrder(t, 2);
    const after = await visit(otherPages);
    expect(after.cache).toBe("MISS");
    expect(after.html).toMatch(saysOfStock(`Only ${LOW_STOCK_THRESHOLD} left in stock`));
  });
});
