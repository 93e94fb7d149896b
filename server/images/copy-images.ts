/**
 * Copies the pictures of an images folder into the shop's storage, skipping those already there: how a shop moves its
 * pictures into a bucket (`npm run shop -- images migrate`), and how a demo shop seeded on one instance puts its
 * pictures where every instance finds them. Keys are the files' paths in the folder, so their /images addresses hold.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ImageStorage } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

export type CopyReport = { copied: number; skipped: number };

export async function copyImagesIntoStorage(imagesDir: string, storage: ImageStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  const entries = await readdir(imagesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
    // Half-written files (`.tmp`) and anything that is not a picture stay behind.
    if (!entry.isFile() || contentType === undefined) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(imagesDir, file).split(path.sep).join("/");
    if (await storage.has(key)) {
      report.skipped += 1;
      continue;
    }
    await storage.put(key, await readFile(file), contentType);
    report.copied += 1;
  }
  return report;
}
