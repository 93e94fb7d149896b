/**
 * Every picture that enters the shop, uploaded or fetched by an import, comes in here. What it is is read from its
 * bytes, never its name: JPEG, PNG, WebP and AVIF only (an SVG can carry script; anything else is refused before
 * libvips parses it). It is decoded within a pixel bound (a small file may claim a vast image), turned upright, and
 * stored under a new random name as the renditions the storefront asks for, without EXIF: no location leaves the shop.
 */
import { randomUUID } from "node:crypto";
import {
  MAX_PICTURE_BYTES,
  MAX_PICTURE_PIXELS,
  MAX_PICTURES_PER_UPLOAD,
  PICTURE_PIXELS_MESSAGE,
  PICTURE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_PICTURE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "../../core/pictures";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../core/storable-text";
import { onePictureAtATime, type PictureTools } from "./picture-queue";
import { encodeRenditions, RENDITION_SUFFIXES, type Rendition } from "./renditions";
import type { ImageStorage } from "./storage";
import { badInput, DomainError, isRefusal, tooLarge, unsupportedType } from "../../core/errors";

type PictureFormat = "jpeg" | "png" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** The format its first bytes announce, or null. AVIF is an ISO-BMFF file whose `ftyp` box names an AV1 brand. */
export function sniffPictureFormat(bytes: Uint8Array): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

/** libvips names AVIF `heif`; what its header says must agree with what the magic bytes said. */
const SHARP_FORMATS: Record<PictureFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

const UNREADABLE_PICTURE_MESSAGE = `${UNSUPPORTED_PICTURE_MESSAGE}; this file could not be read as one`;

/**
 * The picture's renditions, or a refusal made from its header alone, before a pixel is decoded: its format must be
 * the one its magic bytes announce and its size at most MAX_PICTURE_PIXELS.
 */
async function checkedRenditions({ open, readHeader }: PictureTools, bytes: Buffer, format: PictureFormat): Promise<Rendition[]> {
  let metadata;
  try {
    metadata = await readHeader(bytes);
  } catch {
    throw unsupportedType(UNREADABLE_PICTURE_MESSAGE);
  }
  if (metadata.format !== SHARP_FORMATS[format]) throw unsupportedType(UNSUPPORTED_PICTURE_MESSAGE);
  const { width, height } = metadata;
  if (width * height > MAX_PICTURE_PIXELS) {
    throw tooLarge(`${PICTURE_PIXELS_MESSAGE}; this one is ${width} x ${height}, ${((width * height) / 1_000_000).toFixed(1)} megapixels`);
  }
  try {
    // failOn "error": a camera's harmless warnings pass, a truncated or corrupt file does not.
    return await encodeRenditions(() => open(bytes, { failOn: "error" }).rotate());
  } catch {
    throw unsupportedType(UNREADABLE_PICTURE_MESSAGE);
  }
}

const FOLDER = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/**
 * Checks and stores one picture; answers the URL of its original (`/images/products/<uuid>.jpg`). Refuses with 415
 * anything but JPEG, PNG, WebP or AVIF (read from the bytes), and with 413 a file over 20 MB or 40 megapixels;
 * nothing is stored then. The pixels are worked on in the process's picture queue; the files are written after.
 */
export async function storePicture(
  storage: ImageStorage,
  bytes: Buffer | Uint8Array,
  { folder = "products" }: { folder?: string } = {},
): Promise<{ url: string }> {
  if (!FOLDER.test(folder)) throw new Error(`Not a picture folder: ${folder}`);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > MAX_PICTURE_BYTES) throw tooLarge(PICTURE_TOO_LARGE_MESSAGE);
  const format = sniffPictureFormat(buffer);
  if (!format) throw unsupportedType(UNSUPPORTED_PICTURE_MESSAGE);
  const renditions = await onePictureAtATime((tools) => checkedRenditions(tools, buffer, format));
  const base = `${folder}/${randomUUID()}`;
  try {
    await Promise.all(renditions.map(({ suffix, bytes: encoded, contentType }) => storage.put(`${base}${suffix}`, encoded, contentType)));
  } catch (error) {
    await removeStoredFiles(storage, base);
    throw error;
  }
  return { url: storage.url(`${base}${RENDITION_SUFFIXES[0]}`) };
}

/** A base name storePicture makes (a folder and a UUID), with the original's suffix. */
const STORED_ORIGINAL = /^((?:[a-z0-9-]+\/)+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

async function removeStoredFiles(storage: ImageStorage, base: string) {
  await Promise.all(RENDITION_SUFFIXES.map((suffix) => storage.remove(`${base}${suffix}`)));
}

/**
 * Removes every rendition of a picture storePicture made. A URL it did not make (a seeded picture, another site's)
 * is left alone: answers whether anything was removed.
 */
export async function removeStoredPicture(storage: ImageStorage, url: string): Promise<boolean> {
  // The storage's root address: the URL of a one-letter key, less the letter.
  const root = storage.url("x").slice(0, -1);
  if (!url.startsWith(root)) return false;
  const match = STORED_ORIGINAL.exec(url.slice(root.length));
  if (!match) return false;
  await removeStoredFiles(storage, match[1]);
  return true;
}

/**
 * The pictures and alt text of an upload's form (`file` once per picture, `alt_text`), as the API and the screen
 * receive it. An empty file input sends one nameless empty file: that is no picture.
 */
export function readUploadForm(form: FormData): {
  files: File[];
  altText: string;
} {
  const files = form.getAll("file").filter((value): value is File => typeof value !== "string" && value.size > 0);
  if (files.length === 0) throw badInput("Choose at least one picture", "file");
  if (files.length > MAX_PICTURES_PER_UPLOAD) throw tooLarge(UPLOAD_TOO_LARGE_MESSAGE, "file");
  const altText = form.get("alt_text");
  // A multipart form is not parsed by an operation's schema, so the storable-text check is made here.
  if (typeof altText === "string" && hasUnstorableText(altText)) throw badInput(UNSTORABLE_TEXT_MESSAGE, "alt_text");
  return { files, altText: typeof altText === "string" ? altText : "" };
}

/** A picture refused for its size or type is about the form's file field, whichever screen sent it. */
export function aboutTheFile(error: unknown): unknown {
  return isRefusal(error, "too-large", "unsupported-type") ? new DomainError(error.kind, error.message, "file") : error;
}
