/** The catalogue over HTTP (docs/api.md, Search and catalogue): keyword and collection search, products, bundles. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  bundleResponseSchema,
  byHandlesRequestSchema,
  collectionSearchQuerySchema,
  API_PAGE_MAX,
  keywordSearchRequestSchema,
  searchPageSchema,
  searchResponseSchema,
  storeQuerySchema,
  type BundleResponse,
  type SearchPage,
  type SearchResponse,
} from "../../core/schemas/catalog";
import { cachedBundleDetail, cachedSearch } from "../catalog/cached-reads";
import { getProductsByHandles } from "../catalog/products";
import type { AppEnv } from "../context";
import { HttpError } from "../http/errors";
import { UNCHANGED } from "../http/response-cache-api";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, operation, queryOf, register, UNKNOWN_STORE } from "./operation";

// Catalogue answers are the same for everyone until the catalogue changes: HTTP caches may keep the GET ones, and
// revalidate them with the ETag the catalogue read cache gives every answer (an empty 304 when unchanged).
const sharedAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.ok) c.header("Cache-Control", "public, no-cache");
};

const keywordSearch = operation({
  method: "post",
  path: "/search/keyword-search",
  tags: ["catalog"],
  summary: "Search products and bundles by keyword",
  request: { body: jsonBody(keywordSearchRequestSchema) },
  responses: {
    200: json(searchPageSchema, "A page of the products and bundles found, best first"),
    304: UNCHANGED,
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE }),
  },
});

const collectionSearch = operation({
  method: "get",
  path: "/search/collection",
  tags: ["catalog"],
  summary: "Products and bundles of a collection",
  middleware: sharedAnswer,
  request: { query: collectionSearchQuerySchema },
  responses: {
    200: json(searchPageSchema, "A page of the collection's products and bundles"),
    304: UNCHANGED,
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE }),
  },
});

const byHandles = operation({
  method: "post",
  path: "/search/by_handles",
  tags: ["catalog"],
  summary: "Products by their handles",
  request: { body: jsonBody(byHandlesRequestSchema) },
  responses: {
    200: json(searchResponseSchema, "The products found; formattedBundleData is empty"),
    304: UNCHANGED,
    ...errors({ 400: BAD_INPUT, 404: "Unknown store, or no product found" }),
  },
});

const bundle = operation({
  method: "get",
  path: "/bundles/{handle}",
  tags: ["catalog"],
  summary: "A bundle with the choices of each of its products",
  middleware: sharedAnswer,
  request: { params: z.object({ handle: z.string() }), query: storeQuerySchema },
  responses: {
    200: json(bundleResponseSchema, "The bundle"),
    304: UNCHANGED,
    ...errors({ 400: BAD_INPUT, 404: "Unknown store or bundle" }),
  },
});

/** The page a caller asked for: `limit` entries from the `cursor` the page before gave (both checked by the schema). */
const pageWindow = ({ limit, cursor }: { limit?: number; cursor?: string }) => ({ offset: Number(cursor ?? 0), limit: limit ?? API_PAGE_MAX });

export function catalogRoutes() {
  const api = new OpenAPIHono<AppEnv>();

  register(api, keywordSearch, async (c) => {
    const body = await bodyOf(c, keywordSearch);
    const result: SearchPage = await cachedSearch(c.var.deps, c.var.deps.storeId, body.query, body.type ?? "search", pageWindow(body));
    return c.json(result);
  });

  register(api, collectionSearch, async (c) => {
    const params = queryOf(c, collectionSearch);
    const result: SearchPage = await cachedSearch(c.var.deps, c.var.deps.storeId, params.collection_name, "collection-search", pageWindow(params));
    return c.json(result);
  });

  register(api, byHandles, async (c) => {
    const body = await bodyOf(c, byHandles);
    const found = await getProductsByHandles(c.var.deps.db, c.var.deps.storeId, body.handles);
    if (found.length === 0) throw new HttpError(404, "Product not found");
    const result: SearchResponse = { formattedProductData: found, formattedBundleData: [] };
    return c.json(result);
  });

  register(api, bundle, async (c) => {
    queryOf(c, bundle);
    const detail = await cachedBundleDetail(c.var.deps, c.var.deps.storeId, c.req.param("handle"));
    if (!detail) throw new HttpError(404, "Bundle not found");
    const result: BundleResponse = { data: { data: detail } };
    return c.json(result);
  });

  return api;
}
