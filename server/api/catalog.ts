/** The catalogue over HTTP (spec section 7, Search and catalogue): keyword and collection search, products, bundles. */
import { Hono } from "hono";
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

export function catalogRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/search/keyword-search", async (c) => {
    const body = await readJson(c, keywordSearchRequestSchema);
    const { db } = c.var.deps;
    await assertStoreExists(db, body.store_id);
    const result: SearchResponse = await searchStore(db, body.store_id, body.query, body.type ?? "search");
    return c.json(result);
  });

  api.get("/search/collection", async (c) => {
    const params = parseWith(collectionSearchQuerySchema, c.req.query());
    const { db } = c.var.deps;
    await assertStoreExists(db, params.store_id);
    const result: SearchResponse = await searchStore(db, params.store_id, params.collection_name, "collection-search");
    return c.json(result);
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
    await assertStoreExists(db, params.store_id);
    const detail = await getBundleDetail(db, params.store_id, c.req.param("handle"));
    if (!detail) throw new HttpError(404, "Bundle not found");
    const result: BundleResponse = { data: { data: detail } };
    return c.json(result);
  });

  return api;
}
