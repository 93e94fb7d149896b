/**
 * The one store policy: a request is for this deployment's store unless it names another that exists, as
 * `store_id` (or the review page's `current_store_id`) in its query, its JSON body or, for the analytics beacons, a
 * `store_id` header. An unknown store is 404 'Store not found' before any handler runs; handlers read `c.var.deps.storeId`.
 * A named value the database could not store, or one that is not a string, is left to the route's schema to refuse.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { assertStoreExists } from "../store/settings";
import { hasUnstorableText } from "../../core/storable-text";

const STORE_FIELDS = ["store_id", "current_store_id"] as const;

async function namedStore(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<unknown> {
  const fromQuery = c.req.query("store_id") ?? c.req.header("store_id");
  if (fromQuery !== undefined) return fromQuery;
  if (!/^application\/json/i.test(c.req.header("content-type") ?? "")) return undefined;
  let body: unknown;
  try {
    // Read as text: Hono keeps it, so the handler's own c.req.json() parses the same body (and refuses it if bad).
    body = JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
  if (!body || typeof body !== "object") return undefined;
  const fields = body as Record<string, unknown>;
  return STORE_FIELDS.map((name) => fields[name]).find((value) => value !== undefined);
}

export function resolveStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, contentCache, storeId: deploymentStore } = c.var.deps;
    const named = await namedStore(c);
    const requested = typeof named === "string" && !hasUnstorableText(named) ? named.trim() : "";
    if (requested && requested !== deploymentStore) {
      // A rejection is never kept, so a store added later is found.
      await contentCache.get(`store:${requested}`, () => assertStoreExists(db, requested));
    }
    c.set("deps", { ...c.var.deps, storeId: requested || deploymentStore });
    await next();
  };
}
