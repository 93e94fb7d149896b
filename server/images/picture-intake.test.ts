import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { statusOf } from "../http/errors";
import { removeStoredPicture, sniffPictureFormat, storePicture } from "./picture-intake";
import { observePictureQueue, type PictureQueueState } from "./picture-queue";
import { localImageStorage, type ImageStorage } from "./storage";

let dir: string;
let storage: ImageStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
  storage = localImageStorage(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#336699" } });
const stored = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
const fileOf = (url: string) => path.join(dir, url.replace(/^\/images\//, ""));

async function refusal(bytes: Buffer): Promise<{ status: number; message: string }> {
  const error = await storePicture(storage, bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return { status: statusOf(error as DomainError), message: (error as DomainError).message };
}

describe("storePicture", () => {
  it("stores a JPEG as its four renditions under a new name, without EXIF or GPS, upright", async () => {
    // 2000 x 1000, turned a quarter by its EXIF orientation: upright it is 1000 wide.
    const withLocation = await solid(2000, 1000)
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withLocation).metadata();
    expect(sent.exif?.toString("latin1")).toContain("Someone");
    expect(sent.orientation).toBe(6);

    const { url } = await storePicture(storage, withLocation);

    expect(url).toMatch(/^\/images\/products\/[0-9a-f-]{36}\.jpg$/);
    const base = fileOf(url).slice(0, -".jpg".length);
    const original = await sharp(`${base}.jpg`).metadata();
    expect(original.format).toBe("jpeg");
    expect(original.exif).toBeUndefined();
    expect(original.orientation).toBeUndefined();
    expect([original.width, original.height]).toEqual([1000, 2000]);
    expect((await sharp(`${base}.webp`).metadata()).exif).toBeUndefined();
    expect((await sharp(`${base}_728.webp`).metadata()).width).toBe(728);
    // Narrower than 1024: kept at its own width, never blown up.
    expect((await sharp(`${base}_1024.webp`).metadata()).width).toBe(1000);
    expect(await stored()).toHaveLength(4);
  });

  it("takes PNG (transparency laid on white), WebP and AVIF, and a folder", async () => {
    const png = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .png()
      .toBuffer();
    const { url } = await storePicture(storage, png, { folder: "bundles" });
    expect(url).toMatch(/^\/images\/bundles\/.+\.jpg$/);
    const { dominant } = await sharp(fileOf(url)).stats();
    expect(dominant).toEqual({ r: 248, g: 248, b: 248 });
    expect((await sharp(fileOf(url).replace(".jpg", "_1024.webp")).metadata()).width).toBe(1024);

    for (const bytes of [await solid(64, 64).webp().toBuffer(), await solid(64, 64).avif().toBuffer()]) {
      expect((await storePicture(storage, bytes)).url).toMatch(/\.jpg$/);
    }
    expect(await stored()).toHaveLength(12);
  });

  it("refuses an SVG, a GIF, an HTML page and a script renamed .jpg by their content, storing nothing", async () => {
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      await solid(16, 16).gif().toBuffer(),
      Buffer.from("<!doctype html><script>alert(1)</script>"),
      Buffer.from("#!/bin/sh\nrm -rf /\n"),
    ];
    for (const bytes of refused) {
      const error = await refusal(bytes);
      expect([error.status, error.message]).toEqual([415, "Pictures must be JPEG, PNG, WebP or AVIF"]);
    }
    expect(await stored()).toEqual([]);
  });

  it("refuses a file that starts like a JPEG but is not one", async () => {
    const error = await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<?php system($_GET['c']); ?>")]));
    expect(error.status).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it("refuses a file over 20 MB before reading it, and a decompression bomb by its size in pixels", async () => {
    const thirtyMegabytes = Buffer.concat([await solid(16, 16).jpeg().toBuffer(), Buffer.alloc(30 * 1024 * 1024)]);
    const tooLarge = await refusal(thirtyMegabytes);
    expect([tooLarge.status, tooLarge.message]).toEqual([413, "A picture must be at most 20 MB"]);

    // 8,000 x 8,000 of one colour: under 1 MB as PNG, 192 MB once decoded.
    const bomb = await sharp({
      create: {
        width: 8_000,
        height: 8_000,
        channels: 3,
        background: "#000",
      },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(bomb);
    expect([error.status, error.message]).toEqual([413, "A picture must be at most 40 megapixels; this one is 8000 x 8000, 64.0 megapixels"]);
    expect(await stored()).toEqual([]);
  });

  it("works on the pictures that arrive together one at a time, in the process's picture queue", async () => {
    const states: PictureQueueState[] = [];
    const stopObserving = observePictureQueue((state) => states.push(state));
    const pictures = await Promise.all([1, 2, 3, 4].map((n) => solid(300 * n, 200).jpeg().toBuffer()));
    try {
      const urls = await Promise.all(pictures.map((bytes) => storePicture(storage, bytes)));
      expect(new Set(urls.map(({ url }) => url)).size).toBe(4);
    } finally {
      stopObserving();
    }
    // All four asked at once: three waited while the first was worked on, and never did two run together.
    expect(Math.max(...states.map((state) => state.waiting))).toBe(3);
    expect(Math.max(...states.map((state) => state.running))).toBe(1);
    expect(states.filter((state, i) => state.running === 1 && states[i - 1]?.running !== 1)).toHaveLength(4);
    expect(states.at(-1)).toEqual({ running: 0, waiting: 0 });
    expect(await stored()).toHaveLength(16);
  });
});

describe("removeStoredPicture", () => {
  it("removes every rendition of a stored picture and leaves other addresses alone", async () => {
    const { url } = await storePicture(storage, await solid(100, 100).png().toBuffer());
    expect(await removeStoredPicture(storage, "/images/products/house-blend.jpg")).toBe(false);
    expect(await removeStoredPicture(storage, "https://cdn.example.com/products/0b6f3f8e-6f0e-4b7e-9c55-1c7c7c7c7c7c.jpg")).toBe(false);
    expect(await stored()).toHaveLength(4);
    expect(await removeStoredPicture(storage, url)).toBe(true);
    expect(await stored()).toEqual([]);
  });
});

describe("sniffPictureFormat", () => {
  it("reads the format from the first bytes", async () => {
    expect(sniffPictureFormat(await solid(8, 8).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffPictureFormat(await solid(8, 8).png().toBuffer())).toBe("png");
    expect(sniffPictureFormat(await solid(8, 8).webp().toBuffer())).toBe("webp");
    expect(sniffPictureFormat(await solid(8, 8).avif().toBuffer())).toBe("avif");
    expect(sniffPictureFormat(new Uint8Array())).toBeNull();
  });
});
