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
 * Encodes every rendition from `pixels`, a fresh pipeline of the same picture for each. JPEG has no transparency, so
 * the original is laid on white; a picture narrower than a derivative's width is kept at its own width rather than
 * blown up (the file still exists, so the storefront's first try never misses). No metadata is written: sharp drops
 * EXIF, GPS and the rest unless asked to keep them.
 */
export async function encodeRenditions(pixels: () => Sharp): Promise<Rendition[]> {
  const webp = (pipeline: Sharp) => pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
  const [jpg, full, ...derivatives] = await Promise.all([
    pixels().flatten({ background: "#ffffff" }).jpeg({ quality: 80 }).toBuffer(),
    webp(pixels()),
    ...DERIVATIVE_WIDTHS.map((width) => webp(pixels().resize({ width, withoutEnlargement: true }))),
  ]);
  const [jpgSuffix, webpSuffix, ...derivativeSuffixes] = RENDITION_SUFFIXES;
  return [
    { suffix: jpgSuffix, contentType: "image/jpeg", bytes: jpg },
    { suffix: webpSuffix, contentType: "image/webp", bytes: full },
    ...derivatives.map((bytes, i) => ({
      suffix: derivativeSuffixes[i],
      contentType: "image/webp",
      bytes,
    })),
  ];
}
