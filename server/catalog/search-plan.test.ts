/**
 * Keyword search on a catalogue of thousands of products and bundles: its statement is served by the search indexes,
 * never by reading every product or bundle, two words ranked from the products matching both when they fill a page,
 * and its number of statements does not grow with the number of results.
 *
 * The plans are the planner's own choice (no enable_seqscan=off), first before the catalogue has statistics (PGlite
 * never gathers them; a fresh PostgreSQL has none until autovacuum runs), then after ANALYZE. The catalogue is
 * large enough for a full read to cost more than an index lookup, so a Seq Scan here means the index could not
 * serve the statement (a filter the index cannot answer, or a pending list the planner must read in full).
 */
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { addGeneratedBundles, addGeneratedProducts, seededRandom } from "../../tests/support/generated-catalogue";
import { API_PAGE_MAX } from "../../core/schemas/catalog";
import { loadListingPage } from "./listing";
import { keywordEntries, searchWords, typedSearchStatement } from "./search";

const GENERATED_PRODUCTS = 10_000;
const GENERATED_BUNDLES = 2_000;
/** One word, a prefix while typing, two words, a stop word, a typo, a product number. */
const QUERIES = ["kettle", "ket", "smoky kenya", "the kettle", "kettel", "1234"];

describe("keyword search on a generated catalogue", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    const random = seededRandom(7);
    await addGeneratedProducts(database.db, database.storeId, GENERATED_PRODUCTS, random);
    await addGeneratedBundles(database.db, database.storeId, GENERATED_BUNDLES, random);
  });
  afterAll(async () => {
    await database.dispose();
  });

  const plan = async (query: string) => {
    const result = await database.db.execute(sql`explain ${typedSearchStatement(database.storeId, searchWords(query))}`);
    return (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]).join("\n");
  };

  const expectIndexPlans = async ({ bundles }: { bundles: boolean }) => {
    for (const query of QUERIES) {
      const text = await plan(query);
      expect(text, query).toContain("products_search_vector_idx");
      expect(text, query).not.toMatch(/Seq Scan on products/);
      if (bundles) expect(text, query).toContain("bundles_title_search_idx");
      expect(text, query).not.toMatch(/Seq Scan on bundles/);
    }
  };

  // Without statistics the planner takes a store's bundles to be a handful and reads them through the store index
  // (still no full read); with them it searches bundles through their own index.
  it("finds through the search index before the catalogue has statistics", async () => {
    await expectIndexPlans({ bundles: false });
  });

  it("finds through the search indexes once the catalogue has statistics", async () => {
    await database.db.execute(sql`analyze products, bundles`);
    await expectIndexPlans({ bundles: true });
  });

  // Two common words: a product matching both ranks above one matching either, so when a page's worth match both,
  // the rows matching either (a few times more) are not read at all.
  it("ranks two words from the products matching both when they fill a page", async () => {
    const result = await database.db.execute(
      sql`explain (analyze, format json) ${typedSearchStatement(database.storeId, searchWords("smoky kenya"))}`,
    );
    const [explained] = (result as unknown as { rows: { "QUERY PLAN": unknown }[] }).rows;
    const json = explained["QUERY PLAN"];
    const [{ Plan: root }] = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    const read = planNodes(root)
      .filter((node) => node["Relation Name"] === "products")
      .reduce((sum, node) => sum + rowsRead(node), 0);
    const eitherWord = await database.db.execute(
      sql`select count(*)::int as count from products where store_id = ${database.storeId}
        and search_vector @@ to_tsquery('english', 'smoky:* | kenya:*')`,
    );
    const either = Number((eitherWord as unknown as { rows: { count: number }[] }).rows[0].count);
    expect(read).toBeGreaterThanOrEqual(48);
    expect(read).toBeLessThan(either / 2);
  });

  it("costs the same statements for one result as for a full page", async () => {
    const { db, statements } = loggedDatabase(database);
    const count = async (query: string) => {
      statements.length = 0;
      const entries = await keywordEntries(db, database.storeId, query);
      const result = await loadListingPage(db, database.storeId, entries, { offset: 0, limit: API_PAGE_MAX });
      return { products: result.formattedProductData.length, statements: statements.length };
    };
    const one = await count("1234");
    const page = await count("kettle");
    expect(one.products).toBe(1);
    expect(page.products).toBeGreaterThan(40);
    expect(page.statements).toBe(one.statements);
  });
});

type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** Rows a scan read, kept or not: EXPLAIN gives each count per loop. */
const rowsRead = (node: PlanNode) =>
  (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) *
  node["Actual Loops"];

/** The same database, with every statement it is sent recorded. */
function loggedDatabase(database: TestDatabase): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === "postgres"
      ? drizzleNodePostgres(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger });
  return { db: db as unknown as Database, statements };
}
