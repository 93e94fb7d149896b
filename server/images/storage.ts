/**
 * Where the shop's pictures are kept, behind one small interface: write a file under a key, remove it, say whether it
 * is there, name its address and answer requests for it under /images. The default keeps them in the images folder
 * (image-files.ts answers them); a bucket keeps them for every instance (bucket-storage.ts).
 */
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config";
import { imageFiles } from "./image-files";

export type ImageStorage = {
  /** Writes `bytes` under `key` (`products/<uuid>.jpg`); a reader never sees half a file. */
  put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Removes the file under `key`; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** The address a browser loads the file from. */
  url(key: string): string;
  /** Answers the shop's /images requests from where the files are. */
  serve: MiddlewareHandler;
};

/** Letters, digits, dashes, underscores and dots in slash-separated parts: never `..`, never absolute. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part.includes(".."))) throw new Error(`Not a storage key: ${key}`);
}

/** The bucket the configuration names, or else the images folder. */
export async function imageStorageFor(config: Config, imagesDir: string): Promise<ImageStorage> {
  if (!config.S3_BUCKET) return localImageStorage(imagesDir);
  const { bucketImageStorage } = await import("./bucket-storage");
  return bucketImageStorage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: config.S3_PUBLIC_URL,
  });
}

export function localImageStorage(imagesDir: string): ImageStorage {
  const root = path.resolve(imagesDir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, as the seed's pictures are (db/seed-images.ts).
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    has: (key) =>
      access(fileOf(key)).then(
        () => true,
        () => false,
      ),
    url(key) {
      assertStorageKey(key);
      return `/images/${key}`;
    },
    serve: imageFiles(root),
  };
}
