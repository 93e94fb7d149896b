/**
 * Pages never grow with the catalogue (issue 38): a shop of 200 products more than the demo's lists them a page at a
 * time on /shop, a search and a collection, through the catalogue API by limit and cursor, on the home page as a
 * first page with a way to the rest, and beside a product as a bounded set its collection's products head.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PAGE_MAX, SHOP_PAGE_SIZE, type SearchPage } from "../../core/schemas/catalog";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { addGeneratedProducts, seededRandom } from "../../tests/support/generated-catalogue";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import { collectionProducts, collections } from "../db/schema";

const GENERATED = 200;

let t: TestApp;
let renderer: PageRenderer;
let pages: ReturnType<PageRenderer["appOf"]>;
let onSale: number;
beforeAll(async () => {
  t = await createTestApp();
  await addGeneratedProducts(t.deps.db, t.deps.storeId, GENERATED, seededRandom(38));
  // The generated products all join a collection of their own, in reverse order of their numbers.
  const [mugs] = await t.deps.db
    .insert(collections)
    .values({ storeId: t.deps.storeId, handle: "generated", title: "Generated things" })
    .returning({ id: collections.id });
  await t.deps.db.execute(sql`
    insert into ${collectionProducts} (collection_id, product_id, store_id, position)
    select ${mugs.id}, id, store_id, ${GENERATED} - cast(substring(handle from 11) as int)
    from products where store_id = ${t.deps.storeId} and handle like 'generated-%'`);
  const [row] = await t.deps.db.execute(sql`select count(*)::int as n from products where store_id = ${t.deps.storeId} and status = 'active'`).then(
    (r) => (r as unknown as { rows: { n: number }[] }).rows,
  );
  onSale = row.n;
  renderer = await startPageRenderer();

  pages = renderer.appOf(t);
}, 120_000);
afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

const html = async (path: string) => {
  const response = await pages.request(path);
  return { status: response.status, body: await response.text() };
};
const cardLinks = (body: string) => [...body.matchAll(/<a[^>]+href="\/products\/([^"?]+)"/g)].map((m) => m[1]);
const distinct = <T>(list: T[]) => [...new Set(list)];

describe("the catalogue API's pages", () => {
  const keyword = async (body: Record<string, unknown>) => t.call("POST", "/api/search/keyword-search", { store_id: t.deps.storeId, ...body });
  const collection = async (query: string) => t.call("GET", `/api/search/collection?store_id=${t.deps.storeId}&collection_name=generated${query}`);

  it("walks a search by limit and cursor, each product once, and says how many there are", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    for (let page = 0; page < 20; page++) {
      const response = await keyword({ query: "brewing", limit: 10, ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as SearchPage;
      expect(answer.formattedProductData.length).toBeLessThanOrEqual(10);
      seen.push(...answer.formattedProductData.map((product) => product.id));
      total = answer.total_count;
      cursor = answer.next_cursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    // A search lists its best 48 products (SEARCH_RESULT_LIMIT): more pages than one all the same.
    expect(total).toBe(48);
    expect(seen).toHaveLength(total);
    expect(distinct(seen)).toHaveLength(total);
  });

  it("answers at most its own page size when asked for no limit", async () => {
    const answer = (await (await collection("")).json()) as SearchPage;
    expect(answer.formattedProductData).toHaveLength(API_PAGE_MAX);
    expect(answer.next_cursor).toBe(String(API_PAGE_MAX));
  });

  it("pages a collection in the shop's order", async () => {
    const first = (await (await collection("&limit=3")).json()) as SearchPage;
    expect(first.formattedProductData.map((product) => product.id)).toEqual(["generated-199", "generated-198", "generated-197"]);
    expect(first).toMatchObject({ total_count: GENERATED, next_cursor: "3" });
    const last = (await (await collection(`&limit=3&cursor=${GENERATED - 1}`)).json()) as SearchPage;
    expect(last.formattedProductData.map((product) => product.id)).toEqual(["generated-0"]);
    expect(last.next_cursor).toBeNull();
  });

  it("refuses a limit or cursor it cannot serve, naming the field", async () => {
    for (const [query, field] of [
      ["&limit=0", "limit"],
      [`&limit=${API_PAGE_MAX + 1}`, "limit"],
      ["&limit=ten", "limit"],
      ["&cursor=-3", "cursor"],
      ["&cursor=abc", "cursor"],
    ]) {
      const response = await collection(query);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(await response.json()), query).toContain(field);
    }
    const response = await keyword({ query: "brewing", limit: 2.5 });
    expect(response.status).toBe(400);
  });
});

describe("the shop's pages", () => {
  it("lists a collection a page at a time, with links to the pages before and after", async () => {
    const first = await html("/search?query=generated&type=collection-search");
    expect(first.status).toBe(200);
    expect(distinct(cardLinks(first.body))).toHaveLength(SHOP_PAGE_SIZE);
    expect(first.body).toContain("Generated things");
    expect(first.body).toContain(`Page 1 of ${Math.ceil(GENERATED / SHOP_PAGE_SIZE)}`);
    expect(first.body).toContain('href="/search?query=generated&amp;type=collection-search&amp;page=2"');
    expect(first.body).not.toContain("Previous page");

    const second = await html("/search?query=generated&type=collection-search&page=2");
    expect(second.status).toBe(200);
    expect(second.body).toContain('href="/search?query=generated&amp;type=collection-search"');
    expect(second.body).toContain('<link rel="canonical" href="http://localhost:3000/search?query=generated&amp;type=collection-search&amp;page=2"');
    const both = [...cardLinks(first.body), ...cardLinks(second.body)];
    expect(distinct(both)).toHaveLength(distinct(cardLinks(first.body)).length + distinct(cardLinks(second.body)).length);
  });

  it("keeps every page of a big listing small", async () => {
    const { body } = await html("/search?query=generated&type=collection-search");
    expect(Buffer.byteLength(body)).toBeLessThan(300 * 1024);
  });

  it("answers 404 past the last page and for a page that is not a number", async () => {
    for (const page of ["99", "0", "abc", "1.5"]) {
      expect((await html(`/search?query=generated&type=collection-search&page=${page}`)).status, page).toBe(404);
    }
  });

  it("shows the home page's first products and a link to all of them", async () => {
    const { body } = await html("/");
    const end = body.indexOf("</section>", body.indexOf('aria-label="All products"'));
    expect(body.slice(end - 300, end)).toContain(`See all ${onSale} products`);
    const grid = body.slice(body.indexOf('aria-label="All products"'));
    expect(distinct(cardLinks(grid.slice(0, grid.indexOf("</ul>"))))).toHaveLength(SHOP_PAGE_SIZE);
  });

  it("offers beside a product at most two rows of others, its collection's first", async () => {
    const { body } = await html("/products/generated-10");
    const others = body.slice(body.indexOf('aria-label="Other products"'));
    const links = distinct(cardLinks(others.slice(0, others.indexOf("</ul>"))));
    expect(links).toEqual(["generated-199", "generated-198", "generated-197", "generated-196", "generated-195", "generated-194", "generated-193", "generated-192"]);
  });
});
