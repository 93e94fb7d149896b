/**
 * Where the shop's pictures are kept, behind the one small interface the scale-out issue puts object storage behind:
 * write a file under a key, remove it, and name its public address. The default keeps them in the images folder,
 * which the server answers under /images (http/image-files.ts).
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type ImageStorage = {
  /** Writes `bytes` under `key` (`products/<uuid>.jpg`); a reader never sees half a file. */
  put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Removes the file under `key`; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
};

/** Letters, digits, dashes, underscores and dots in slash-separated parts: never `..`, never absolute. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part.includes(".."))) throw new Error(`Not a storage key: ${key}`);
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
    url(key) {
      assertStorageKey(key);
      return `/images/${key}`;
    },
  };
}
