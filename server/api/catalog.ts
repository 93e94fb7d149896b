/** The catalogue over HTTP (docs/api.md, Search and catalogue): keyword and collection search, products, bundles. */
import { Hono, type MiddlewareHandler } from "hono";
import { etag } from "hono/etag";
import {
  byHandlesRequestSchema,
  collectionSearchQuerySchema,
  keywordSearchRequestSchema,
  storeQuerySchema,
  type BundleResponse,
  type SearchResponse,
} from "../../core/schemas/catalog";
import { cachedBundleDetail, cachedSearch } from "../catalog/cached-reads";
import { getProductsByHandles } from "../catalog/products";
import type { AppEnv } from "../context";
import { HttpError, parseWith, readJson } from "../http/errors";

export function catalogRoutes() {
  const api = new Hono<AppEnv>();

  // Catalogue answers are the same for everyone until the catalogue changes: a client revalidating an unchanged one
  // (ETag of its body) gets an empty 304.
  const revalidated = etag();
  const sharedAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, no-cache");
  };

  api.post("/search/keyword-search", async (c) => {
    const body = await readJson(c, keywordSearchRequestSchema);
    const result: SearchResponse = await cachedSearch(c.var.deps, c.var.storeId, body.query, body.type ?? "search");
    return c.json(result);
  });

  api.get("/search/collection", revalidated, sharedAnswer, async (c) => {
    const params = parseWith(collectionSearchQuerySchema, c.req.query());
    const result: SearchResponse = await cachedSearch(c.var.deps, c.var.storeId, params.collection_name, "collection-search");
    return c.json(result);
  });

  api.post("/search/by_handles", async (c) => {
    const body = await readJson(c, byHandlesRequestSchema);
    const found = await getProductsByHandles(c.var.deps.db, c.var.storeId, body.handles);
    if (found.length === 0) throw new HttpError(404, "Product not found");
    const result: SearchResponse = { formattedProductData: found, formattedBundleData: [] };
    return c.json(result);
  });

  api.get("/bundles/:handle", revalidated, sharedAnswer, async (c) => {
    parseWith(storeQuerySchema, c.req.query());
    const detail = await cachedBundleDetail(c.var.deps, c.var.storeId, c.req.param("handle"));
    if (!detail) throw new HttpError(404, "Bundle not found");
    const result: BundleResponse = { data: { data: detail } };
    return c.json(result);
  });

  return api;
}
