/**
 * The shop's pictures under /images. Their names are not content-hashed (a re-seeded or replaced picture keeps its
 * name), so they cannot be cached for good: a browser keeps one for a day, may show it for a week more while it
 * checks in the background, and that check costs a 304 rather than the picture again. The validator is a weak ETag
 * from size and modification time, as nginx makes it: no file is read to answer a revalidation.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

export const IMAGE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

const weakEtag = (size: number, modifiedMs: number) => `W/"${size.toString(16)}-${Math.floor(modifiedMs).toString(16)}"`;

/** RFC 9110: If-None-Match wins over If-Modified-Since; both compare weakly for GET and HEAD. */
function isFresh(request: Request, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.slice(2));
  }
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

function insideFolder(root: string, requestPath: string): string | null {
  try {
    const file = path.join(root, decodeURIComponent(requestPath));
    return file.startsWith(root + path.sep) ? file : null;
  } catch {
    return null;
  }
}

export function imageFiles(imagesDir: string): MiddlewareHandler {
  const root = path.resolve(imagesDir);
  const files = serveStatic({ root, rewriteRequestPath: (requestPath) => requestPath.replace(/^\/images/, "") });
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // Anything this does not recognise as a picture inside the folder, serveStatic answers (or refuses) itself.
    const file = insideFolder(root, c.req.path.replace(/^\/images/, ""));
    const stats = file ? await stat(file).catch(() => null) : null;
    if (!stats?.isFile()) return files(c, next);
    const etag = weakEtag(stats.size, stats.mtimeMs);
    c.header("Cache-Control", IMAGE_CACHE_CONTROL);
    c.header("ETag", etag);
    if (isFresh(c.req.raw, etag, stats.mtime)) {
      c.header("Last-Modified", stats.mtime.toUTCString());
      return c.body(null, 304);
    }
    return files(c, next);
  };
}
