/**
 * Pictures in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2 …) through the official AWS SDK, so that every
 * instance of a scaled-out shop reads and writes the same ones (issue 24, decision 0034). Their addresses stay the
 * shop's own `/images/<key>`: the database never holds a bucket's address, and moving to a bucket, or from one bucket
 * to another, changes no row.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import type { MiddlewareHandler } from "hono";
import { IMAGE_CACHE_CONTROL } from "./image-files";
import { assertStorageKey, type ImageStorage } from "./storage";

export type BucketSettings = {
  bucket: string;
  /** Another S3-compatible service than AWS (MinIO, R2): its address; addressed by path, as they all accept. */
  endpoint?: string;
  region: string;
  /** Absent: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A CDN or the bucket's public address: /images/<key> then sends the browser there. */
  publicUrl?: string;
};

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export async function bucketImageStorage(settings: BucketSettings): Promise<ImageStorage> {
  // Loaded only for a shop that uses a bucket: the SDK is large, and most shops keep pictures in their data folder.
  const s3 = await import("@aws-sdk/client-s3");
  const client: S3Client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  const publicUrl = settings.publicUrl?.replace(/\/+$/, "");

  const serve: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/images\//, ""));
      assertStorageKey(key);
    } catch {
      return c.body(null, 404);
    }
    if (publicUrl) {
      c.header("Cache-Control", IMAGE_CACHE_CONTROL);
      return c.redirect(`${publicUrl}/${key}`, 301);
    }
    const conditions = { IfNoneMatch: c.req.header("if-none-match"), IfModifiedSince: dateOf(c.req.header("if-modified-since")) };
    try {
      const input = { Bucket, Key: key, ...conditions };
      const object = c.req.method === "HEAD" ? await client.send(new s3.HeadObjectCommand(input)) : await client.send(new s3.GetObjectCommand(input));
      c.header("Cache-Control", IMAGE_CACHE_CONTROL);
      if (object.ETag) c.header("ETag", object.ETag);
      if (object.LastModified) c.header("Last-Modified", object.LastModified.toUTCString());
      if (object.ContentType) c.header("Content-Type", object.ContentType);
      if (object.ContentLength !== undefined) c.header("Content-Length", String(object.ContentLength));
      if (!("Body" in object) || !object.Body) return c.body(null, 200);
      return c.body(object.Body.transformToWebStream(), 200);
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) {
        c.header("Cache-Control", IMAGE_CACHE_CONTROL);
        return c.body(null, 304);
      }
      // What the folder answers for a picture it does not hold, so the page's fallbacks work the same.
      if (status === 404 || status === 403) return c.body(null, 404);
      throw error;
    }
  };

  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      // One PUT: an object appears whole or not at all, as the folder's rename makes a file appear.
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async remove(key) {
      assertStorageKey(key);
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async has(key) {
      assertStorageKey(key);
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    url(key) {
      assertStorageKey(key);
      return `/images/${key}`;
    },
    serve,
  };
}

function dateOf(header: string | undefined): Date | undefined {
  const at = header ? Date.parse(header) : NaN;
  return Number.isNaN(at) ? undefined : new Date(at);
}
