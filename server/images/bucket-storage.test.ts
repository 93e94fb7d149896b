/**
 * Pictures in a bucket (issue 24), against a local S3-compatible server through the real AWS SDK: two instances with
 * data folders of their own share one bucket, so a picture uploaded through one is served by the other under its
 * usual /images address; the seeded pictures are copied there once; a CDN address redirects.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceOver, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestDatabase, TEST_IMAGES_DIR, type TestDatabase } from "../../tests/support/database";
import { startLocalS3, type LocalS3 } from "../../tests/support/s3";
import { runOwnerCommand } from "../commands/index";
import { ConfigError, loadConfig } from "../config";
import { productImages, products } from "../db/schema";
import { copyImagesIntoStorage } from "./copy-images";
import { RENDITION_SUFFIXES } from "./renditions";
import { imageStorageFor } from "./storage";

let s3: LocalS3;
let database: TestDatabase;
let emptyFolder: string;
let folder: string;
const instances: TestApp[] = [];

const configOf = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: "test", STORE_ID: database.storeId, ...s3.env, ...env });
/** An instance whose own images folder is empty: what it shows comes from the bucket. */
async function bucketInstance(env: Record<string, string> = {}) {
  const config = configOf(env);
  const instance = instanceOver(database, config, await imageStorageFor(config, emptyFolder));
  instances.push(instance);
  return instance;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createTestDatabase({ seed: true });
  emptyFolder = await mkdtemp(path.join(os.tmpdir(), "no-pictures-"));
  folder = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
});
afterAll(async () => {
  for (const instance of instances) instance.deps.mailer.close();
  await database?.dispose();
  await s3?.close();
  await rm(emptyFolder, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

describe("pictures in a bucket", () => {
  it("keeps a file under its key, says it is there, names its /images address and removes it", async () => {
    const storage = await imageStorageFor(configOf(), emptyFolder);
    await storage.put("products/a/b.jpg", Buffer.from("bytes"), "image/jpeg");
    expect(await storage.has("products/a/b.jpg")).toBe(true);
    expect(storage.url("products/a/b.jpg")).toBe("/images/products/a/b.jpg");
    await storage.remove("products/a/b.jpg");
    await storage.remove("products/a/b.jpg");
    expect(await storage.has("products/a/b.jpg")).toBe(false);
    await expect(storage.put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow("Not a storage key");
  });

  it("serves on one instance the picture uploaded through another, with the folder's caching and 404", async () => {
    const [first, second] = [await bucketInstance(), await bucketInstance()];
    const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.storeId, database.storeId)).limit(1);
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "blue.png");
    form.append("alt_text", "A blue square");
    const uploaded = await first.app.request(`http://localhost/api/admin/products/${product.id}/pictures`, {
      method: "POST",
      body: form,
      headers: await tokenHeaders(first, "manager"),
    });
    expect(uploaded.status).toBe(201);
    const { pictures } = (await uploaded.json()) as { pictures: { url: string }[] };
    const url = pictures.at(-1)!.url;
    expect(url).toMatch(/^\/images\/products\/[0-9a-f-]{36}\.jpg$/);

    const served = await second.app.request(`http://localhost${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    const etag = served.headers.get("etag")!;
    expect((await second.app.request(`http://localhost${url}`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await second.app.request(`http://localhost${url.replace(".jpg", "_728.webp")}`)).status).toBe(200);
    expect((await second.app.request("http://localhost/images/products/none.jpg")).status).toBe(404);
    expect((await second.app.request("http://localhost/images/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("copies a folder's pictures into the bucket once (the seed's, and the images migrate command), keeping their addresses", async () => {
    const [seeded] = await database.db.select({ url: productImages.url }).from(productImages).where(eq(productImages.storeId, database.storeId)).limit(1);
    expect(seeded.url).toMatch(/^\/images\/.+\.jpg$/);
    // A folder of its own (the shared test folder gains other files' uploads meanwhile): the seeded picture's files,
    // one half-written and one that is no picture.
    const base = seeded.url.replace(/^\/images\//, "").replace(/\.jpg$/, "");
    await mkdir(path.join(folder, "nested"), { recursive: true });
    await mkdir(path.dirname(path.join(folder, base)), { recursive: true });
    for (const suffix of RENDITION_SUFFIXES) await copyFile(path.join(TEST_IMAGES_DIR, `${base}${suffix}`), path.join(folder, `${base}${suffix}`));
    await copyFile(path.join(TEST_IMAGES_DIR, `${base}.jpg`), path.join(folder, "nested", "copy.jpg"));
    await writeFile(path.join(folder, "nested", "half.jpg.123.tmp"), "x");
    await writeFile(path.join(folder, "notes.txt"), "x");
    const storage = await imageStorageFor(configOf(), emptyFolder);
    const files = RENDITION_SUFFIXES.length + 1;
    expect(await copyImagesIntoStorage(folder, storage)).toEqual({ copied: files, skipped: 0 });
    expect(await copyImagesIntoStorage(folder, storage)).toEqual({ copied: 0, skipped: files });
    expect(await storage.has("nested/copy.jpg")).toBe(true);
    expect(await storage.has("notes.txt")).toBe(false);

    const shop = await bucketInstance();
    expect((await shop.app.request(`http://localhost${seeded.url}`)).status).toBe(200);

    await writeFile(path.join(folder, "nested", "new.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const command = { ...shop.deps, imagesDir: folder };
    expect(await runOwnerCommand(command, database.storeId, ["images", "migrate"])).toBe(
      `Copied 1 pictures into the bucket ${s3.env.S3_BUCKET}; ${files} were there already.`,
    );
    expect(await (await shop.app.request("http://localhost/images/nested/new.svg")).text()).toContain("<svg");
  });

  it("sends the browser to the CDN's address when S3_PUBLIC_URL is set", async () => {
    const shop = await bucketInstance({ S3_PUBLIC_URL: "https://cdn.example.com/pictures/" });
    const answer = await shop.app.request("http://localhost/images/products/x.jpg");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("https://cdn.example.com/pictures/products/x.jpg");
  });

  it("refuses a bucket's settings without the bucket, and a key without its secret", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      new ConfigError("Invalid environment variable S3_BUCKET: is required when S3_ENDPOINT is set"),
    );
    expect(() => loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(ConfigError);
  });
});
