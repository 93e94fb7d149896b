/**
 * Keyword-search latency on a generated catalogue of 10,000 products (plus the demo shop), measured in-process
 * on the service function the API calls, so the figure is the database's and the ranking's, not HTTP's.
 */
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { seedDemoStore } from "../../server/db/seed";
import { keywordSearch } from "../../server/catalog/search";
import { addGeneratedProducts, chooseWith, GENERATED_WORDS, seededRandom } from "../../tests/support/generated-catalogue";

const PRODUCT_COUNT = 10_000;
const QUERY_COUNT = 1_000;

export type SearchFigures = { products: number; queries: number; p50: number; p99: number; mean: number };

export async function benchSearch(databaseUrl?: string): Promise<SearchFigures> {
  const database = await openDatabase(databaseUrl ?? "memory://");
  try {
    await database.migrate();
    const storeId = "demo";
    await seedDemoStore(database.db, { storeId, imagesDir: path.join(os.tmpdir(), "storefront-bench-images") });
    const random = seededRandom(42);
    await addGeneratedProducts(database.db, storeId, PRODUCT_COUNT, random);
    // Statistics for the freshly loaded catalogue: PostgreSQL's autovacuum gathers them within a minute of such a
    // load (pgbench analyses after loading too). PGlite has no autovacuum, so its figure is for a catalogue someone
    // analysed; the search plan test checks that the index serves search without statistics as well.
    await database.db.execute(sql`analyze`);
    const choose = chooseWith(random);
    const { nouns, adjectives, origins, colours } = GENERATED_WORDS;
    const words = [...nouns, ...adjectives, ...origins.map((o) => o.toLowerCase()), ...colours.map((c) => c.toLowerCase())];
    const typo = (word: string) => (word.length >= 5 ? word.slice(0, 2) + word[3] + word[2] + word.slice(4) : word);
    const queries = Array.from({ length: QUERY_COUNT }, (_, i) => {
      const word = choose(words);
      if (i % 4 === 1) return typo(word);
      if (i % 4 === 2) return word.slice(0, 3);
      if (i % 4 === 3) return `${word} ${choose(nouns)}`;
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
