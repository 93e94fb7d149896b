/**
 * The catalogue API's reads (by handles, keyword and collection search, bundles, the welcome popup's discount)
 * answered from memory per content version (response-cache.ts), as shared pages are: their answers depend on the
 * request and its store alone, never on the visitor (decision 0023).
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { createResponseCache, type MountedCacheOptions, type ResponseCache } from "./response-cache";

/** The 304 every catalogue read may answer, for its operation's document. */
export const UNCHANGED = { description: "Unchanged since the ETag the client sent (If-None-Match)" };

const CATALOGUE_READS: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/api\/search\/(?:by_handles|keyword-search)$/ },
  { method: "GET", path: /^\/api\/search\/collection$/ },
  { method: "GET", path: /^\/api\/bundles\/[^/]+$/ },
  { method: "GET", path: /^\/api\/discount\/popupDiscount$/ },
];

/** JSON with every object's keys in order, so bodies that differ only in key order or spacing share an entry. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const fields = value as Record<string, unknown>;
    return `{${Object.keys(fields)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(fields[name])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Method, path, query (names in order; a repeated name keeps its values' order, the first is the one read), the
 * resolved store and the JSON body: everything the answer depends on. Hashed, so a long body is not kept twice.
 * Null for any other request and for a body that is not JSON, which its handler refuses.
 */
async function catalogueReadKey(c: Context<AppEnv>): Promise<string | null> {
  const url = new URL(c.req.url);
  if (!CATALOGUE_READS.some((read) => read.method === c.req.method && read.path.test(url.pathname))) return null;
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let body = "";
  if (c.req.method === "POST") {
    try {
      // Read as text: Hono keeps it, so the handler's own c.req.json() parses the same body.
      body = canonicalJson(JSON.parse(await c.req.text()));
    } catch {
      return null;
    }
  }
  const request = JSON.stringify([c.req.method, url.pathname, query, c.var.deps.storeId, body]);
  return createHash("sha256").update(request).digest("base64url");
}

/** Mounted after the store is resolved (server/edge/store.ts): the key names the store a request is for. */
export function catalogueReadCache({
  readVersion,
  maxBytes = 8 * 1024 * 1024,
  maxEntries = 2000,
}: Omit<MountedCacheOptions, "maxAgeMs">): ResponseCache {
  return createResponseCache({ key: catalogueReadKey, readVersion, maxBytes, maxEntries, vary: "Accept-Encoding" });
}
