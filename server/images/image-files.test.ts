import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_CACHE_CONTROL, imageFiles } from "./image-files";

describe("the /images files", () => {
  let folder: string;
  const app = new Hono();
  const picture = Buffer.from("RIFF....WEBPVP8 not really a picture");

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "images-"));
    await mkdir(path.join(folder, "products"));
    await writeFile(path.join(folder, "products", "bag_728.webp"), picture);
    app.use("/images/*", imageFiles(folder));
    app.all("*", (c) => c.text("rendered by the app", 404));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const get = (headers: Record<string, string> = {}, url = "/images/products/bag_728.webp") =>
    app.request(url, { headers });

  it("serves a picture with a day's caching and a validator", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers.get("etag")).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get("last-modified")).toBeTruthy();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(picture);
  });

  it("answers a revalidation with the same ETag by 304 and no body", async () => {
    const etag = (await get()).headers.get("etag")!;
    const response = await get({ "if-none-match": etag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("cache-control")).toBe(IMAGE_CACHE_CONTROL);
    expect(await response.text()).toBe("");
  });

  it("answers If-Modified-Since from the file's time", async () => {
    const lastModified = (await get()).headers.get("last-modified")!;
    expect((await get({ "if-modified-since": lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get({ "if-modified-since": before })).status).toBe(200);
  });

  it("sends the new picture once the file changes under the same name", async () => {
    const etag = (await get()).headers.get("etag")!;
    const replaced = Buffer.from("a different picture, longer than the first one was");
    await writeFile(path.join(folder, "products", "bag_728.webp"), replaced);
    await utimes(path.join(folder, "products", "bag_728.webp"), new Date(), new Date(Date.now() + 5_000));
    const response = await get({ "if-none-match": etag });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).not.toBe(etag);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(replaced);
  });

  it("leaves missing pictures and paths outside the folder to the app", async () => {
    expect(await (await get({}, "/images/products/missing.webp")).text()).toBe("rendered by the app");
    expect(await (await get({}, "/images/%2e%2e/secret.txt")).text()).toBe("rendered by the app");
    expect(await (await get({}, "/images/%E0%A4%A.webp")).text()).toBe("rendered by the app");
  });
});
