/**
 * Answers that are the same for everyone until the content changes, kept compressed in memory per content version:
 * shared pages (page-cache.ts) and the catalogue API's reads (response-cache-api.ts). The first request for a key
 * pays for the answer once (concurrent ones wait for it); later ones cost a version read and a lookup.
 *
 * Correctness rests on two rules. The caller's key names everything the answer depends on, and a response that is
 * not a plain 200, sets a cookie or forbids storing is never kept. And an entry is only served for the content
 * version it was made under: the database moves that version in the same transaction as any change an answer
 * shows (migration 0009), whichever process made the change.
 *
 * Memory is bounded twice: by bytes (the compressed bodies, headers and key) and by entries, the least recently used
 * going first, so a stream of unique requests replaces entries instead of adding them.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { chooseEncoding, type Encoding } from "./compression";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Entry = {
  version: number;
  storedAt: number;
  etag: string;
  headers: [string, string][];
  bodies: Record<Encoding, Buffer>;
  bytes: number;
};

/** The middleware, and what it holds now (for tests and the bench's memory figures). */
export type ResponseCache = MiddlewareHandler<AppEnv> & { usage(): { entries: number; bytes: number } };

export type ResponseCacheOptions = {
  /** What the answer depends on, or null for a request that is answered afresh. */
  key: (c: Context<AppEnv>) => string | null | Promise<string | null>;
  /** The current content version (server/db/content-version.ts). */
  readVersion: () => Promise<number>;
  /** Memory the entries may take; the least recently used go first. */
  maxBytes: number;
  /** How many entries may be kept, however small. */
  maxEntries: number;
  /** Bounds anything an answer shows that no table change moves (a page footer's year, say). */
  maxAgeMs?: number;
  /** The Vary header of a kept answer. */
  vary: string;
  /** The Cache-Control of a kept answer that set none. */
  defaultCacheControl?: string;
  /** Whether the answer, once read to its end, is whole enough to keep and give others (a page cut at its deadline is not). */
  whole?: (c: Context<AppEnv>) => boolean;
};

/** What a mounted cache takes from its caller: the version it follows, and bounds where its own defaults will not do. */
export type MountedCacheOptions = Pick<ResponseCacheOptions, "readVersion"> & Partial<Pick<ResponseCacheOptions, "maxBytes" | "maxEntries" | "maxAgeMs">>;

function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("content-encoding") &&
    !/no-store|private/.test(cacheControl)
  );
}

/** If-None-Match names this ETag: one of its list, weak or not, or any. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

export function createResponseCache({
  key: keyOf,
  readVersion,
  maxBytes,
  maxEntries,
  maxAgeMs = Number.POSITIVE_INFINITY,
  vary,
  defaultCacheControl,
  whole = () => true,
}: ResponseCacheOptions): ResponseCache {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  // Answers being made, by version and key: concurrent requests for one wait for it instead of each making it.
  const making = new Map<string, Promise<Entry | null>>();

  function remember(key: string, entry: Entry) {
    const previous = entries.get(key);
    if (previous) totalBytes -= previous.bytes;
    entries.delete(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldestKey, oldest] of entries) {
      if (totalBytes <= maxBytes && entries.size <= maxEntries) break;
      entries.delete(oldestKey);
      totalBytes -= oldest.bytes;
    }
  }

  function respond(entry: Entry, encoding: Encoding | null, ifNoneMatch: string | undefined, outcome: "HIT" | "MISS") {
    const headers = new Headers(entry.headers);
    headers.set("etag", entry.etag);
    headers.set("x-cache", outcome);
    if (matches(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers });
    // A client that takes neither encoding is rare enough to pay for unpacking rather than keep a third copy.
    const body = encoding ? entry.bodies[encoding] : zlib.gunzipSync(entry.bodies.gzip);
    if (encoding) headers.set("content-encoding", encoding);
    headers.set("content-length", String(body.byteLength));
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }

  async function entryFor(key: string, version: number, response: Response): Promise<Entry | null> {
    if (!isShareable(response)) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
      gzip(body, { level: 9 }),
    ]);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    if (defaultCacheControl && !headers.has("cache-control")) headers.set("cache-control", defaultCacheControl);
    headers.set("vary", vary);
    const kept: [string, string][] = [...headers];
    return {
      version,
      storedAt: Date.now(),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      headers: kept,
      bodies: { br, gzip: gz },
      bytes: br.byteLength + gz.byteLength + Buffer.byteLength(key) + kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0),
    };
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = await keyOf(c);
    if (key === null) return next();
    const encoding = chooseEncoding(c.req.header("accept-encoding") ?? "");
    const ifNoneMatch = c.req.header("if-none-match");

    // Read before answering: a change committed meanwhile moves the version, so this entry is never served for it.
    const version = await readVersion();
    const cached = entries.get(key);
    if (cached && cached.version === version && Date.now() - cached.storedAt < maxAgeMs) {
      remember(key, cached);
      return respond(cached, encoding, ifNoneMatch, "HIT");
    }

    const inFlight = `${version}:${key}`;
    const made = making.get(inFlight);
    if (made) {
      const entry = await made;
      // Not shareable for the first asker: each asker gets its own answer.
      return entry ? respond(entry, encoding, ifNoneMatch, "HIT") : next();
    }

    const answer = (async () => {
      await next();
      return entryFor(key, version, c.res);
    })();
    // Those waiting for it make their own answer when this one is not whole: this asker alone is given it.
    making.set(
      inFlight,
      answer.then((entry) => (whole(c) ? entry : null)).catch(() => null),
    );
    let entry: Entry | null;
    try {
      entry = await answer;
    } finally {
      making.delete(inFlight);
    }
    if (!entry) return;
    // One answer may take an eighth of the memory at most, or a huge one would push out all the others.
    if (entry.bytes <= maxBytes / 8 && whole(c)) remember(key, entry);
    // Clearing first stops Hono from copying the handler's response headers onto this one.
    c.res = undefined as unknown as Response;
    c.res = respond(entry, encoding, ifNoneMatch, "MISS");
  };
  return Object.assign(middleware, { usage: () => ({ entries: entries.size, bytes: totalBytes }) });
}
