/**
 * The files each shop picture is kept as: the original as `.jpg`, and the `.webp`, `_728.webp` and `_1024.webp`
 * versions the storefront asks for first (docs/product.md, Image variants), named by replacing the extension. The
 * seed's drawn pictures and every uploaded or imported one are encoded here, the same way.
 */
import type { Sharp } from "sharp";

export const DERIVATIVE_WIDTHS = [728, 1024] as const;

export type Rendition = { suffix: string; contentType: string; bytes: Buffer };

/** The suffixes after a picture's base name, the original first: its URL is the base name plus `.jpg`. */
export const RENDITION_SUFFIXES = [".jpg", ".webp", ...DERIVATIVE_WIDTHS.map((width) => `_${width}.webp`)];

/**
 * Encodes every rendition from `pixels`, a fresh pipeline of the same picture for each, one after the other: each
 * pipeline streams its input, but WebP's encoder holds the whole picture, and four at once held four (a 40-megapixel
 * picture peaked at 550 MB, one after the other at 365 MB; decision 0041). JPEG has no transparency, so the original
 * is laid on white; a picture narrower than a derivative's width is kept at its own width rather than blown up (the
 * file still exists, so the storefront's first try never misses). No metadata is written: sharp drops EXIF, GPS and
 * the rest unless asked to keep them.
 */
export async function encodeRenditions(pixels: () => Sharp): Promise<Rendition[]> {
  const webp = (pipeline: Sharp) => pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
  const encoders = [
    () => pixels().flatten({ background: "#ffffff" }).jpeg({ quality: 80 }).toBuffer(),
    () => webp(pixels()),
    ...DERIVATIVE_WIDTHS.map((width) => () => webp(pixels().resize({ width, withoutEnlargement: true }))),
  ];
  const contentTypes = ["image/jpeg", ...encoders.slice(1).map(() => "image/webp")];
  const renditions: Rendition[] = [];
  for (const [i, encode] of encoders.entries()) {
    renditions.push({ suffix: RENDITION_SUFFIXES[i], contentType: contentTypes[i], bytes: await encode() });
  }
  return renditions;
}
