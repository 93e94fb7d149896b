/**
 * Shop pages that are the same for every visitor without a cart or a session (catalogue, search, content) are
 * rendered once per content version and kept compressed in memory, so a first visit costs a lookup, not a render.
 *
 * Correctness rests on two rules. A page is only shared when nothing in it depends on the visitor: requests carrying
 * the cart or session cookie are always rendered, and a response that sets a cookie or forbids storing is never
 * kept. And an entry is only served for the content version it was rendered under: the database moves that version
 * in the same transaction as any change a page shows (migration 0009), whichever process made the change.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { CART_COOKIE } from "../cart/store";
import { SESSION_COOKIE } from "../accounts/session";
import type { AppEnv } from "../context";
import { chooseEncoding, type Encoding } from "./compression";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Pages (and their client-navigation `.data` twins) whose content is the same for every anonymous visitor. */
const SHARED_PAGE =
  /^\/(?:|_root|products\/[^/]+|bundles\/[^/]+|search(?:\/[^/]+)?|shop|blog(?:\/[^/]+)?|pages\/[^/]+|contact|sitemap\.xml|robots\.txt)(?:\.data)?$/;

const VISITOR_COOKIES = new RegExp(`(?:^|;\\s*)(?:${CART_COOKIE}|${SESSION_COOKIE})=`);

type Entry = {
  version: number;
  storedAt: number;
  etag: string;
  headers: [string, string][];
  bodies: Record<Encoding, Buffer>;
  bytes: number;
};

export type PageCacheOptions = {
  /** The current content version (server/db/content-version.ts). */
  readVersion: () => Promise<number>;
  /** Memory the compressed pages may take; the least recently used go first. */
  maxBytes?: number;
  /** Bounds anything a page shows that no table change moves (the footer's year, say). */
  maxAgeMs?: number;
};

function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("content-encoding") &&
    !/no-store|private/.test(cacheControl)
  );
}

export function pageCache({
  readVersion,
  maxBytes = 16 * 1024 * 1024,
  maxAgeMs = 10 * 60 * 1000,
}: PageCacheOptions): MiddlewareHandler<AppEnv> {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  function remember(key: string, entry: Entry) {
    const previous = entries.get(key);
    if (previous) totalBytes -= previous.bytes;
    entries.delete(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldestKey, oldest] of entries) {
      if (totalBytes <= maxBytes) break;
      entries.delete(oldestKey);
      totalBytes -= oldest.bytes;
    }
  }

  function respond(entry: Entry, encoding: Encoding, ifNoneMatch: string | undefined, outcome: "HIT" | "MISS") {
    const headers = new Headers(entry.headers);
    headers.set("etag", entry.etag);
    headers.set("x-cache", outcome);
    if (ifNoneMatch === entry.etag) return new Response(null, { status: 304, headers });
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(entry.bodies[encoding].byteLength));
    return new Response(entry.bodies[encoding] as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }

  return async (c, next) => {
    const url = new URL(c.req.url);
    const encoding = chooseEncoding(c.req.header("accept-encoding") ?? "");
    if (
      c.req.method !== "GET" ||
      !encoding ||
      !SHARED_PAGE.test(url.pathname) ||
      VISITOR_COOKIES.test(c.req.header("cookie") ?? "")
    ) {
      return next();
    }

    const key = url.pathname + url.search;
    // Read before rendering: a change committed meanwhile moves the version, so this entry is never served for it.
    const version = await readVersion();
    const cached = entries.get(key);
    if (cached && cached.version === version && Date.now() - cached.storedAt < maxAgeMs) {
      remember(key, cached);
      return respond(cached, encoding, c.req.header("if-none-match"), "HIT");
    }

    await next();
    const response = c.res;
    if (!isShareable(response)) return;
    const body = Buffer.from(await response.arrayBuffer());
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
      gzip(body, { level: 9 }),
    ]);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    // Browsers keep the page but ask again each time; the ETag turns an unchanged page into an empty 304.
    if (!headers.has("cache-control")) headers.set("cache-control", "no-cache");
    headers.set("vary", "Accept-Encoding, Cookie");
    const entry: Entry = {
      version,
      storedAt: Date.now(),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      headers: [...headers],
      bodies: { br, gzip: gz },
      bytes: br.byteLength + gz.byteLength,
    };
    remember(key, entry);
    // Clearing first stops Hono from copying the rendered response's headers onto this one.
    c.res = undefined as unknown as Response;
    c.res = respond(entry, encoding, c.req.header("if-none-match"), "MISS");
  };
}
