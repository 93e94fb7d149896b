/**
 * Keyword-search latency on a generated catalogue of 10,000 products (plus the demo shop), measured in-process
 * on the service function the API calls, so the figure is the database's and the ranking's, not HTTP's.
 */
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { products, variants } from "../../server/db/schema";
import { seedDemoStore } from "../../server/db/seed";
import { keywordSearch } from "../../server/catalog/search";

const PRODUCT_COUNT = 10_000;
const QUERY_COUNT = 1_000;

const NOUNS = ["coffee", "tea", "mug", "grinder", "kettle", "dripper", "filter", "tumbler", "scale", "press", "blend", "roast", "cup", "jar", "spoon"];
const ADJECTIVES = ["dark", "light", "organic", "smoky", "floral", "ceramic", "glass", "copper", "wooden", "single-origin", "decaf", "spiced", "classic", "travel", "bold"];
const ORIGINS = ["Ethiopia", "Colombia", "Kenya", "Sumatra", "Guatemala", "Assam", "Darjeeling", "Yunnan", "Brazil", "Peru"];
const COLOURS = ["Green", "Black", "White", "Red", "Blue", "Sage", "Sand"];
const SIZES = ["S", "M", "L", "XL", "250g", "500g", "1kg"];

/** A small deterministic generator, so every run measures the same catalogue and queries. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export type SearchFigures = { products: number; queries: number; p50: number; p99: number; mean: number };

export async function benchSearch(databaseUrl?: string): Promise<SearchFigures> {
  const database = await openDatabase(databaseUrl ?? "memory://");
  try {
    await database.migrate();
    const storeId = "demo";
    await seedDemoStore(database.db, { storeId, imagesDir: path.join(os.tmpdir(), "storefront-bench-images") });
    const pick = random(42);
    const choose = <T>(list: T[]) => list[Math.floor(pick() * list.length)];
    const BATCH = 500;
    for (let start = 0; start < PRODUCT_COUNT; start += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, i) => {
        const n = start + i;
        const colour = choose(COLOURS);
        const size = choose(SIZES);
        return {
          storeId,
          handle: `generated-${n}`,
          title: `${choose(ADJECTIVES)} ${choose(ORIGINS)} ${choose(NOUNS)} ${n}`,
          description: `A ${choose(ADJECTIVES)} ${choose(NOUNS)} from ${choose(ORIGINS)}, made for everyday brewing with a ${choose(ADJECTIVES)} finish.`,
          attributeText: `${colour} ${size}`,
          sku: { colour, size },
        };
      });
      const inserted = await database.db
        .insert(products)
        .values(rows.map(({ sku: _sku, ...row }) => row))
        .returning({ id: products.id });
      await database.db.insert(variants).values(
        inserted.map((row, i) => ({
          storeId,
          productId: row.id,
          sku: `GEN-${start + i}`,
          attributes: { Colour: rows[i].sku.colour, Size: rows[i].sku.size },
          priceCents: 500 + Math.floor(pick() * 5000),
          stock: Math.floor(pick() * 50),
        })),
      );
    }
    const words = [...NOUNS, ...ADJECTIVES, ...ORIGINS.map((o) => o.toLowerCase()), ...COLOURS.map((c) => c.toLowerCase())];
    const typo = (word: string) => (word.length >= 5 ? word.slice(0, 2) + word[3] + word[2] + word.slice(4) : word);
    const queries = Array.from({ length: QUERY_COUNT }, (_, i) => {
      const word = choose(words);
      if (i % 4 === 1) return typo(word);
      if (i % 4 === 2) return word.slice(0, 3);
      if (i % 4 === 3) return `${word} ${choose(NOUNS)}`;
      return word;
    });
    for (const query of queries.slice(0, 50)) await keywordSearch(database.db, storeId, query);
    const timings: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      await keywordSearch(database.db, storeId, query);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) => Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] * 100) / 100;
    return {
      products: PRODUCT_COUNT,
      queries: QUERY_COUNT,
      p50: at(0.5),
      p99: at(0.99),
      mean: Math.round((timings.reduce((a, b) => a + b, 0) / timings.length) * 100) / 100,
    };
  } finally {
    await database.close();
  }
}
