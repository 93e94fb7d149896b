/**
 * The client build's hashed scripts and stylesheets, served from memory. They are read once at start, with the
 * brotli and gzip copies the build wrote beside them (scripts/precompress-assets.ts), so a request costs a lookup:
 * reading the file for every request allocated a 64 KB buffer each time, and those allocations alone brought the
 * heap's full collections so often that the static ceiling of `npm run bench` fell by half.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding, type Encoding } from "./compression";

/** The kinds of file the build compresses and this serves from memory, by extension. */
export const ASSET_CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};
/** The build's compressed copy of `file` in each encoding sits at `file` + suffix. */
export const ENCODED_COPY_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

type Bytes = Uint8Array<ArrayBuffer>;
type Asset = { contentType: string; plain: Bytes; encoded: Partial<Record<Encoding, Bytes>> };

const readBytes = (file: string): Bytes => new Uint8Array(readFileSync(file));

function readAssets(assetsDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(assetsDir)) return assets;
  for (const name of readdirSync(assetsDir)) {
    const contentType = ASSET_CONTENT_TYPES[path.extname(name)];
    if (!contentType) continue;
    const file = path.join(assetsDir, name);
    const encoded: Asset["encoded"] = {};
    for (const [encoding, suffix] of Object.entries(ENCODED_COPY_SUFFIX) as [Encoding, string][]) {
      if (existsSync(file + suffix)) encoded[encoding] = readBytes(file + suffix);
    }
    assets.set(`/assets/${name}`, { contentType, plain: readBytes(file), encoded });
  }
  return assets;
}

/** Answers `/assets/<name>` for the build's scripts and stylesheets; anything else goes on to the next handler. */
export function clientAssets(assetsDir: string): MiddlewareHandler {
  const assets = readAssets(assetsDir);
  return async (c, next) => {
    const asset = assets.get(c.req.path);
    if (!asset) return next();
    const encoding = chooseEncoding(c.req.header("accept-encoding") ?? "");
    const copy = encoding ? asset.encoded[encoding] : undefined;
    const body = copy ?? asset.plain;
    c.header("Content-Type", asset.contentType);
    c.header("Content-Length", String(body.byteLength));
    // File names carry a content hash, so a browser may keep them for good.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Vary", "Accept-Encoding");
    if (copy) c.header("Content-Encoding", encoding!);
    return c.req.method === "HEAD" ? c.body(null) : c.body(body);
  };
}
