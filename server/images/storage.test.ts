import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { localImageStorage } from "./storage";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "storage-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("writes a key under the images folder, names its /images address, and removes it", async () => {
  const storage = localImageStorage(dir);
  await storage.put("products/a/b.jpg", Buffer.from("bytes"), "image/jpeg");
  expect(await readFile(path.join(dir, "products/a/b.jpg"), "utf8")).toBe("bytes");
  expect(storage.url("products/a/b.jpg")).toBe("/images/products/a/b.jpg");
  await storage.remove("products/a/b.jpg");
  await storage.remove("products/a/b.jpg");
  expect(await readdir(path.join(dir, "products/a"))).toEqual([]);
});

it("refuses a key that could leave the folder", async () => {
  const storage = localImageStorage(dir);
  for (const key of ["../escape.jpg", "/etc/passwd", "products/../../x", "a//b", "", "products/.hidden"]) {
    await expect(storage.put(key, Buffer.from("x"), "image/jpeg"), key).rejects.toThrow("Not a storage key");
  }
});
