/**
 * What the shop takes as a product picture, shared by the server's checks (server/images/picture-intake.ts) and the
 * upload screen's drop zone, which names a refused file before sending it. No zod here: the drop zone's bundle
 * stays without it.
 */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
export const ACCEPTED_PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const UNSUPPORTED_PICTURE_MESSAGE = "Pictures must be JPEG, PNG, WebP or AVIF";
export const PICTURE_TOO_LARGE_MESSAGE = "A picture must be at most 20 MB";
/**
 * 40 megapixels: above most phones' cameras, 160 MB once decoded. A file's size says nothing of it (an 8000 x 8000
 * PNG of one colour is under 1 MB), so its header is read first (decision 0041).
 */
export const MAX_PICTURE_PIXELS = 40_000_000;
export const PICTURE_PIXELS_MESSAGE = `A picture must be at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels`;
/** One upload's pictures: the page and the API read the whole form in memory, so a request has its own bound. */
export const MAX_PICTURES_PER_UPLOAD = 10;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = `Send at most ${MAX_PICTURES_PER_UPLOAD} pictures and 100 MB at once`;
export const MAX_ALT_TEXT_LENGTH = 500;
