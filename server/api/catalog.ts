/** The catalogue over HTTP (spec section 7, Search and catalogue): keyword and collection search, products, bundles. */
import { Hono, type Context } from "hono";
import {
  byHandlesRequestSchema,
  collectionSearchQuerySchema,
  keywordSearchRequestSchema,
  storeQuerySchema,
  type BundleResponse,
  type SearchResponse,
} from "../../core/schemas/catalog";
import { getBundleDetail } from "../catalog/bundles";
import { getProductsByHandles } from "../catalog/products";
import { searchStore } from "../catalog/search";
import type { AppEnv } from "../context";
import { HttpError, parseWith, readJson } from "../http/errors";
import { assertStoreExists } from "../store/settings";

/** Part of every ETag, so a restart with new code never confirms a representation the old code produced. */
const PROCESS_TAG = Date.now().toString(36);

/**
 * A catalogue answer changes only with the content version: it is read through the content cache, and a GET
 * carries the version as its ETag, so a client revalidating an unchanged answer gets an empty 304.
 */
async function catalogAnswer<T>(c: Context<AppEnv>, key: string, load: () => Promise<T>) {
  const { contentCache } = c.var.deps;
  const result = await contentCache.get(key, load);
  if (c.req.method !== "GET") return c.json(result);
  const etag = `"${await contentCache.version()}-${PROCESS_TAG}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", "public, no-cache");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.json(result);
}

export function catalogRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/search/keyword-search", async (c) => {
    const body = await readJson(c, keywordSearchRequestSchema);
    const { db } = c.var.deps;
    const type = body.type ?? "search";
    return catalogAnswer(c, `search:${body.store_id}:${type}:${body.query}`, async (): Promise<SearchResponse> => {
      await assertStoreExists(db, body.store_id);
      return searchStore(db, body.store_id, body.query, type);
    });
  });

  api.get("/search/collection", async (c) => {
    const params = parseWith(collectionSearchQuerySchema, c.req.query());
    const { db } = c.var.deps;
    const key = `search:${params.store_id}:collection-search:${params.collection_name}`;
    return catalogAnswer(c, key, async (): Promise<SearchResponse> => {
      await assertStoreExists(db, params.store_id);
      return searchStore(db, params.store_id, params.collection_name, "collection-search");
    });
  });

  api.post("/search/by_handles", async (c) => {
    const body = await readJson(c, byHandlesRequestSchema);
    const { db } = c.var.deps;
    await assertStoreExists(db, body.store_id);
    const found = await getProductsByHandles(db, body.store_id, body.handles);
    if (found.length === 0) throw new HttpError(404, "Product not found");
    const result: SearchResponse = { formattedProductData: found, formattedBundleData: [] };
    return c.json(result);
  });

  api.get("/bundles/:handle", async (c) => {
    const params = parseWith(storeQuerySchema, c.req.query());
    const { db } = c.var.deps;
    const handle = c.req.param("handle");
    return catalogAnswer(c, `bundle-response:${params.store_id}:${handle}`, async (): Promise<BundleResponse> => {
      await assertStoreExists(db, params.store_id);
      const detail = await getBundleDetail(db, params.store_id, handle);
      if (!detail) throw new HttpError(404, "Bundle not found");
      return { data: { data: detail } };
    });
  });

  return api;
}
