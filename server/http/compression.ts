/**
 * Brotli or gzip for text responses. Hono's own middleware offers gzip and deflate only, and brotli saves a
 * further 15-20 % on the HTML and JavaScript a shopper downloads first.
 */
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/i;
const MINIMUM_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** Brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string): Encoding | null {
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return null;
}

/**
 * A page at brotli 5 or gzip 6. A download (a CSV of the shop's history, megabytes sent as it is read) at brotli 2 or
 * gzip 2: the compressor shares the machine's cores with the rows being written and the database reading the next
 * ones. A month's 2.2 MB orders CSV takes 107 ms at brotli 5, 27 ms at 4 and 12 ms at 2, for 447 KB at 4 and 490 KB
 * at 2 (gzip 2: 13 ms, 525 KB).
 */
function createCompressor(encoding: Encoding, download: boolean) {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: download ? 2 : 5 } })
    : zlib.createGzip({ level: download ? 2 : 6 });
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const encoding = chooseEncoding(c.req.header("accept-encoding") ?? "");
    const contentLength = Number(response.headers.get("content-length") ?? Number.POSITIVE_INFINITY);
    if (
      !encoding ||
      !response.body ||
      c.req.method === "HEAD" ||
      response.headers.has("content-encoding") ||
      response.headers.get("cache-control")?.includes("no-transform") ||
      !COMPRESSIBLE.test(response.headers.get("content-type") ?? "") ||
      contentLength < MINIMUM_BYTES
    ) {
      return;
    }
    const compressed = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(
      createCompressor(encoding, /^\s*attachment/i.test(response.headers.get("content-disposition") ?? "")),
    );
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    headers.append("vary", "Accept-Encoding");
    // Clearing first stops Hono from copying the old headers (content-length among them) onto the new response.
    c.res = undefined as unknown as Response;
    c.res = new Response(Readable.toWeb(compressed) as ReadableStream, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
