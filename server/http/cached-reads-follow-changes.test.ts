/**
 * Every cached read follows a change at once, on every instance (issue 20; decisions 0022 and 0023). Two instances
 * over one database, each with its own page cache, catalogue read cache and content cache, hold the product page and
 * the catalogue API's reads; a price, a title, a stock band or a new review, changed through the database or through
 * the first instance, shows on the very next request to either. A sale that crosses no stock band keeps the product
 * page cached on both while the catalogue API answers the exact stock.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "../../core/stock-band";
import type { BundleResponse, Product, SearchResponse } from "../../core/schemas/catalog";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { paidOrder } from "../../tests/support/checkout";
import { saysOfStock, startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { createApp } from "../app";
import { DEMO } from "../db/seed";
import { products, variants } from "../db/schema";
import { issueReviewRequest } from "../reviews/review-tokens";

const { handle: HANDLE, sku: SKU } = DEMO.subscriptions.houseBlend;
const PAGE = `/products/${HANDLE}`;

type App = ReturnType<typeof createApp>;

/** What a catalogue read shows of the House Blend and its 12 oz whole-bean bag. */
type Shown = { title: string; price: number; stock: number; reviews?: string[] };

function inProducts(found: Product[]): Shown {
  const product = found.find((candidate) => candidate.id === HANDLE)!;
  const variant = product.variants.find((candidate) => candidate.sku === SKU)!;
  return {
    title: product.product_title,
    price: variant.product_price,
    stock: variant.total_stock,
    reviews: product.reviews.map((review) => review.review_title),
  };
}

/** A bundle shows its products' titles, prices and stock, not their reviews. */
function inBundle(answer: BundleResponse): Shown {
  const option = answer.data.data.handle_options.find((candidate) => candidate.id === HANDLE)!;
  const variant = option.variants.find((candidate) => candidate.sku === SKU)!;
  return { title: option.product_title, price: variant.product_price, stock: variant.total_stock };
}

/** A catalogue read as a browser asks it (a post when it has a body), and what its answer shows. */
type CatalogueRead = { path: string; body?: unknown; shown: (answer: unknown) => Shown };

/** Each cached catalogue read that shows the House Blend. */
const CATALOGUE_READS = {
  by_handles: {
    path: "/api/search/by_handles",
    body: { store_id: "demo", handles: [HANDLE] },
    shown: (answer) => inProducts((answer as SearchResponse).formattedProductData),
  },
  "keyword-search": {
    path: "/api/search/keyword-search",
    body: { store_id: "demo", query: "house blend" },
    shown: (answer) => inProducts((answer as SearchResponse).formattedProductData),
  },
  collection: {
    path: `/api/search/collection?collection_name=${DEMO.collectionHandles.all}&store_id=demo`,
    shown: (answer) => inProducts((answer as SearchResponse).formattedProductData),
  },
  bundle: {
    path: `/api/bundles/${DEMO.bundleHandles.pourOverKit}?store_id=demo`,
    shown: (answer) => inBundle(answer as BundleResponse),
  },
} satisfies Record<string, CatalogueRead>;
type ReadName = keyof typeof CATALOGUE_READS;
const READ_NAMES = Object.keys(CATALOGUE_READS) as ReadName[];

const houseBlend = and(eq(products.storeId, DEMO.storeId), eq(products.handle, HANDLE));
const twelveOunceBag = and(eq(variants.storeId, DEMO.storeId), eq(variants.sku, SKU));

let renderer: PageRenderer;
let t: TestApp;
/** Two instances over one database, as two processes would be; the first one's dependencies make the changes. */
let instances: [name: string, app: App][];
let seeded: { title: string; priceCents: number };

beforeAll(async () => {
  renderer = await startPageRenderer();
  t = await createTestApp();
  instances = [
    ["instance A", renderer.appOf(t)],
    ["instance B", renderer.appOf(secondInstance(t))],
  ];
  const [product] = await t.deps.db.select({ title: products.title }).from(products).where(houseBlend);
  const [bag] = await t.deps.db.select({ priceCents: variants.priceCents }).from(variants).where(twelveOunceBag);
  seeded = { title: product.title, priceCents: bag.priceCents };
});
afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

// As seeded, with plenty in stock: the checkout helper pays the seeded price, and a band is crossed only on purpose.
beforeEach(async () => {
  await t.deps.db.update(products).set({ title: seeded.title }).where(houseBlend);
  await t.deps.db.update(variants).set({ priceCents: seeded.priceCents, stock: LOW_STOCK_THRESHOLD + 10 }).where(twelveOunceBag);
});

const setBagStock = (stock: number) => t.deps.db.update(variants).set({ stock }).where(twelveOunceBag);

/** An anonymous visitor's product page: whether the page cache answered, and the HTML. */
async function visit(app: App) {
  const response = await app.request(`http://localhost${PAGE}`);
  expect(response.status).toBe(200);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

async function ask(app: App, name: ReadName) {
  const { path, body, shown }: CatalogueRead = CATALOGUE_READS[name];
  const init: RequestInit =
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await app.request(`http://localhost${path}`, init);
  expect(response.status, name).toBe(200);
  return { cache: response.headers.get("x-cache"), shown: shown(await response.json()) };
}

type Change = {
  make: () => Promise<unknown>;
  /** What the product page says once it is made. */
  page: RegExp;
  /** What the catalogue reads show once it is made. */
  catalogue: Partial<Shown>;
  /** The reads that do not show what changed. */
  notShownBy?: ReadName[];
};

const showsIt = (change: Change, name: ReadName) => !change.notShownBy?.includes(name);

/**
 * Every read on every instance answered once, then from its cache, so that a change can only show if the cache
 * follows it; and none shows the change to come yet, so that showing it afterwards means something.
 */
async function warmEverywhere(toCome?: Change) {
  for (const [instance, app] of instances) {
    await visit(app);
    const page = await visit(app);
    expect(page.cache, `${instance} page`).toBe("HIT");
    if (toCome) expect(page.html, `${instance} page`).not.toMatch(toCome.page);
    for (const name of READ_NAMES) {
      await ask(app, name);
      const answer = await ask(app, name);
      expect(answer.cache, `${instance} ${name}`).toBe("HIT");
      if (toCome && showsIt(toCome, name)) expect(answer.shown, `${instance} ${name}`).not.toMatchObject(toCome.catalogue);
    }
  }
}

async function showsAtOnceEverywhere(change: Change) {
  await warmEverywhere(change);
  await change.make();
  for (const [instance, app] of instances) {
    const visited = await visit(app);
    expect(visited.cache, `${instance} page`).toBe("MISS");
    expect(visited.html, `${instance} page`).toMatch(change.page);
    for (const name of READ_NAMES.filter((read) => showsIt(change, read))) {
      const answer = await ask(app, name);
      expect(answer.cache, `${instance} ${name}`).toBe("MISS");
      expect(answer.shown, `${instance} ${name}`).toMatchObject(change.catalogue);
    }
  }
}

describe("cached reads on two instances follow every change at once", () => {
  it("a variant's price", async () => {
    await showsAtOnceEverywhere({
      make: () => t.deps.db.update(variants).set({ priceCents: 1725 }).where(twelveOunceBag),
      page: /\$17\.25/,
      catalogue: { price: 17.25 },
    });
  });

  it("a product's title", async () => {
    const title = "Tidewater House Blend, Fresh Roast";
    await showsAtOnceEverywhere({
      make: () => t.deps.db.update(products).set({ title }).where(houseBlend),
      page: new RegExp(title),
      catalogue: { title },
    });
  });

  it("a sale that takes the stock below the threshold, into a named count", async () => {
    await setBagStock(LOW_STOCK_THRESHOLD + 1);
    await showsAtOnceEverywhere({
      make: () => paidOrder(t, 2),
      page: saysOfStock(`Only ${LOW_STOCK_THRESHOLD - 1} left in stock`),
      catalogue: { stock: LOW_STOCK_THRESHOLD - 1 },
    });
  });

  it("a sale that takes the last units", async () => {
    await setBagStock(2);
    await showsAtOnceEverywhere({ make: () => paidOrder(t, 2), page: saysOfStock("Out of stock"), catalogue: { stock: 0 } });
  });

  it("a new review, published through the first instance's review link", async () => {
    // The order is paid before the reads are warmed, so its stock change is not what the reads then follow.
    const order = await paidOrder(t, 2);
    const { token } = (await issueReviewRequest(t.deps, DEMO.storeId, order.order_id))!;
    const link = await t.call("POST", "/api/reviews/reviewer_order", { review_token: token, current_store_id: "demo" });
    const { orderDetails } = (await link.json()) as { orderDetails: { order_id: number } };
    const title = "Smooth enough to drink black";
    await showsAtOnceEverywhere({
      make: async () => {
        const submitted = await t.call("POST", "/api/reviews/submit", {
          store_id: "demo",
          order_id: orderDetails.order_id,
          product_handle: HANDLE,
          title,
          rating: 5,
          description: "Ordered it twice now.",
          token,
        });
        expect(submitted.status).toBe(201);
      },
      page: new RegExp(title),
      catalogue: { reviews: expect.arrayContaining([title]) as string[] },
      notShownBy: ["bundle"],
    });
  });
});

describe("a sale that changes no stock band", () => {
  it("leaves the product page cached on both instances while every catalogue read answers the exact stock", async () => {
    await warmEverywhere();
    await paidOrder(t, 2);
    for (const [instance, app] of instances) {
      const visited = await visit(app);
      expect(visited.cache, `${instance} page`).toBe("HIT");
      expect(visited.html, `${instance} page`).toMatch(saysOfStock("In stock"));
      for (const name of READ_NAMES) {
        expect((await ask(app, name)).shown.stock, `${instance} ${name}`).toBe(LOW_STOCK_THRESHOLD + 8);
      }
    }
  });
});
