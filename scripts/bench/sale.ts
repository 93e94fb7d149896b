/**
 * A sale under load: anonymous visitors read pages (home, product pages, search, categories) and the catalogue API
 * while about one request in fifty is a completed checkout (simulated provider, card 4242), against the production
 * server. Reports the page cache's hit ratio (the `x-cache` header of each page) and the server's resident memory
 * after the workload. `npx tsx scripts/bench/sale.ts` runs it on its own (PGlite; PostgreSQL when
 * BENCH_DATABASE_URL is set); `benchSale(url?)` runs it for scripts/bench.ts.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { toCents } from "../../core/money";
import type { SearchResponse } from "../../core/schemas/catalog";
import { COLLECTIONS, PRODUCTS } from "../../server/db/seed-content";
import { chooseWith, seededRandom } from "../../tests/support/generated-catalogue";
import { httpShopper, type Buyable } from "../../tests/support/http-shopper";
import { rssMegabytes, startServer } from "./server";

// At least 20,000 requests and 300 orders: long enough that what a sale leaves behind would show as growth.
const READS = Number(process.env.BENCH_SALE_READS ?? 20_000);
const READS_PER_ORDER = 50;
const VISITORS = 10;
/** Resident memory is sampled this many times, evenly through the workload. */
const RSS_SAMPLES = 10;

export type SaleFigures = {
  reads: number;
  orders: number;
  /** Checkouts the shop refused (a variant sold out meanwhile): they still wrote nothing that moves a page. */
  refusedOrders: number;
  pageHits: number;
  pageMisses: number;
  hitRatio: number;
  seconds: number;
  rssAfterMb: number;
  /** Resident memory at the workload's half and at its end: a plateau keeps this within 5 % (issue 20). */
  secondHalfGrowthPercent: number;
  rssSamplesMb: number[];
};

type Read = { path: string; method?: "POST"; body?: unknown; page: boolean };

function readsOfTheShop(): Read[] {
  const words = ["coffee", "tea", "mug", "espresso", "blend"];
  return [
    { path: "/", page: true },
    ...PRODUCTS.map((product) => ({ path: `/products/${product.handle}`, page: true })),
    ...words.map((word) => ({ path: `/search?query=${word}&type=search`, page: true })),
    ...COLLECTIONS.map((collection) => ({ path: `/search?query=${collection.handle}&type=collection-search`, page: true })),
    ...words.map((word) => ({ path: "/api/search/keyword-search", method: "POST" as const, body: { store_id: "demo", query: word }, page: false })),
    ...COLLECTIONS.map((collection) => ({ path: `/api/search/collection?collection_name=${collection.handle}&store_id=demo`, page: false })),
    ...PRODUCTS.map((product) => ({
      path: "/api/search/by_handles",
      method: "POST" as const,
      body: { store_id: "demo", handles: [product.handle] },
      page: false,
    })),
  ];
}

/** Every variant in stock, with its price, as the catalogue API gives them. */
async function buyableVariants(baseUrl: string): Promise<Buyable[]> {
  const response = await fetch(`${baseUrl}/api/search/collection?collection_name=all_products&store_id=demo`);
  const { formattedProductData } = (await response.json()) as SearchResponse;
  return formattedProductData.flatMap((product) =>
    product.variants.filter((variant) => variant.total_stock > 0).map((variant) => ({ sku: variant.sku, priceCents: toCents(variant.product_price) })),
  );
}

async function saleWorkload(baseUrl: string, sampleRss: () => number) {
  const reads = readsOfTheShop();
  const buyable = await buyableVariants(baseUrl);
  const random = seededRandom(7);
  const choose = chooseWith(random);
  const buy = httpShopper(baseUrl);
  const figures = { reads: 0, orders: 0, refusedOrders: 0, pageHits: 0, pageMisses: 0 };
  const rssSamplesMb: number[] = [];
  const steps = READS + Math.floor(READS / READS_PER_ORDER);
  const sampleEvery = Math.ceil(steps / RSS_SAMPLES);
  let next = 0;
  const visitor = async () => {
    for (let step = next++; step < steps; step = next++) {
      if (step > 0 && step % sampleEvery === 0) rssSamplesMb.push(sampleRss());
      if (step % (READS_PER_ORDER + 1) === READS_PER_ORDER) {
        if (await buy(choose(buyable))) figures.orders += 1;
        else figures.refusedOrders += 1;
        continue;
      }
      const read = choose(reads);
      const response = await fetch(baseUrl + read.path, {
        method: read.method ?? "GET",
        headers: { "accept-encoding": "br, gzip", "content-type": "application/json", origin: baseUrl },
        body: read.body ? JSON.stringify(read.body) : undefined,
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${read.path}: ${response.status}`);
      figures.reads += 1;
      if (!read.page) continue;
      if (response.headers.get("x-cache") === "HIT") figures.pageHits += 1;
      else figures.pageMisses += 1;
    }
  };
  await Promise.all(Array.from({ length: VISITORS }, visitor));
  rssSamplesMb.push(sampleRss());
  return { ...figures, rssSamplesMb };
}

export async function benchSale(databaseUrl?: string): Promise<SaleFigures> {
  const label = databaseUrl ? "postgres" : "pglite";
  const server = await startServer({
    port: databaseUrl ? 4403 : 4402,
    dataDir: path.resolve(`bench-results/data-sale-${label}`),
    databaseUrl,
  });
  try {
    const started = performance.now();
    const figures = await saleWorkload(server.url, () => rssMegabytes(server.process.pid!));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const hitRatio = Math.round((figures.pageHits / (figures.pageHits + figures.pageMisses)) * 1000) / 1000;
    const samples = figures.rssSamplesMb;
    const atHalf = samples[Math.floor(samples.length / 2) - 1];
    const rssAfterMb = samples[samples.length - 1];
    const secondHalfGrowthPercent = Math.round(((rssAfterMb - atHalf) / atHalf) * 1000) / 10;
    return { ...figures, hitRatio, seconds, rssAfterMb, secondHalfGrowthPercent };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  console.log("## sale on PGlite");
  console.table([await benchSale()]);
  if (postgresUrl) {
    const { withScratchDatabase } = await import("./scratch-database");
    console.log("## sale on PostgreSQL");
    console.table([await withScratchDatabase(postgresUrl, (url) => benchSale(url))]);
  }
  process.exit(0);
}
