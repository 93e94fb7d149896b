import zlib from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import type { AppEnv } from "../context";
import { contentVersionsReader, readContentVersions } from "../db/content-version";
import { DEMO } from "../db/seed";
import { products, variants } from "../db/schema";
import { pageCache } from "./page-cache";

let database: TestDatabase;
let renders = 0;
let app: Hono<AppEnv>;

/** Stands in for the page renderer: counts renders and shows what the database holds now. */
function pageApp() {
  const pages = new Hono<AppEnv>();
  const readVersions = contentVersionsReader(database);
  pages.use(pageCache({ readVersion: async () => (await readVersions()).pages }));
  pages.all("*", async (c) => {
    renders += 1;
    const [product] = await database.db
      .select({ title: products.title })
      .from(products)
      .where(and(eq(products.storeId, DEMO.storeId), eq(products.handle, "house-blend")));
    if (c.req.query("greet") === "cookie") c.header("Set-Cookie", "hello=1");
    return c.html(`<h1>${product.title}</h1>`.padEnd(2000, " "));
  });
  return pages;
}

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(`http://localhost${path}`, { headers: { "accept-encoding": "br, gzip", ...headers } });
}

async function text(response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  return (response.headers.get("content-encoding") === "br" ? zlib.brotliDecompressSync(body) : body).toString();
}

async function renameHouseBlend(title: string) {
  await database.db.update(products).set({ title }).where(and(eq(products.storeId, DEMO.storeId), eq(products.handle, "house-blend")));
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  app = pageApp();
});
afterAll(() => database.dispose());

describe("the shared page cache", () => {
  it("renders a shared page once and serves it compressed, with an ETag that turns a revalidation into a 304", async () => {
    const first = await get("/products/house-blend");
    const rendersAfterFirst = renders;
    const second = await get("/products/house-blend");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders).toBe(rendersAfterFirst);
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(await text(second)).toContain("<h1>");
    const etag = second.headers.get("etag")!;
    expect(etag).toBe(first.headers.get("etag"));
    const revalidated = await get("/products/house-blend", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("serves a client that takes no encoding from the same entry, unpacked", async () => {
    await get("/pages/about");
    const rendersAfterFirst = renders;
    const plain = await app.request("http://localhost/pages/about");
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("<h1>");
    expect(renders).toBe(rendersAfterFirst);
  });

  it("renders afresh after the content changes, whoever changed it", async () => {
    await get("/products/house-blend");
    await renameHouseBlend("House Blend Renamed");
    const after = await get("/products/house-blend");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await text(after)).toContain("House Blend Renamed");
    expect((await get("/products/house-blend")).headers.get("x-cache")).toBe("HIT");
  });

  it("always renders for a visitor with a cart or a session, for private pages and for writes", async () => {
    for (const request of [
      () => get("/products/house-blend", { cookie: "shop_analytics=a; cart=token" }),
      () => get("/products/house-blend", { cookie: "session=token" }),
      () => get("/checkout"),
      () => get("/profile"),
      () => app.request("http://localhost/products/house-blend", { method: "POST", headers: { "accept-encoding": "br" } }),
    ]) {
      const before = renders;
      const response = await request();
      expect(response.headers.get("x-cache")).toBeNull();
      expect(renders).toBe(before + 1);
    }
  });

  it("never keeps a response that sets a cookie", async () => {
    await get("/products/house-blend?greet=cookie");
    const before = renders;
    const again = await get("/products/house-blend?greet=cookie");
    expect(again.headers.get("x-cache")).toBeNull();
    expect(again.headers.get("set-cookie")).toBe("hello=1");
    expect(renders).toBe(before + 1);
  });
});

describe("the content version", () => {
  it("moves once per committed transaction that changes a page's content, however many rows it touched", async () => {
    const before = (await readContentVersions(database.db)).pages;
    await database.db.transaction(async (tx) => {
      await tx.update(variants).set({ stock: sql`${variants.stock} + 1` }).where(eq(variants.storeId, DEMO.storeId));
      await tx.update(products).set({ description: sql`${products.description}` }).where(eq(products.storeId, DEMO.storeId));
    });
    expect((await readContentVersions(database.db)).pages).toBe(before + 1);
  });

  it("stays put when the transaction rolls back", async () => {
    const before = (await readContentVersions(database.db)).pages;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(variants).set({ stock: sql`${variants.stock} + 1` }).where(eq(variants.storeId, DEMO.storeId));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await readContentVersions(database.db)).pages).toBe(before);
  });
});
