/** Payloads of the admin API's product pictures (/api/admin/products/{id}/pictures, /pictures/{id}, /variants/{id}/picture). */
import { z } from "zod";
import { storable } from "./storable";

export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
export const ACCEPTED_PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const UNSUPPORTED_PICTURE_MESSAGE = "Pictures must be JPEG, PNG, WebP or AVIF";
export const PICTURE_TOO_LARGE_MESSAGE = "A picture must be at most 20 MB";
/** One upload's pictures: the page and the API read the whole form in memory, so a request has its own bound. */
export const MAX_PICTURES_PER_UPLOAD = 10;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = `Send at most ${MAX_PICTURES_PER_UPLOAD} pictures and 100 MB at once`;
export const MAX_ALT_TEXT_LENGTH = 500;

const id = (name: string) => z.string().regex(/^[1-9]\d{0,9}$/, `${name} must be an id`);
export const productIdParamsSchema = z.object({ id: id("id") });
export const pictureIdParamsSchema = z.object({ id: id("id") });
export const variantIdParamsSchema = z.object({ id: id("id") });

const altText = z
  .string({ error: "alt_text must be text" })
  .trim()
  .max(MAX_ALT_TEXT_LENGTH, `alt_text must be at most ${MAX_ALT_TEXT_LENGTH} characters`)
  .describe("Describes the picture for shoppers who cannot see it; required on a published product's pictures");

/** The form an upload sends: `file` once per picture, and an alt text for all of them. */
export const pictureUploadSchema = z.object({
  file: z.array(z.string().meta({ format: "binary" })).describe(`One to ${MAX_PICTURES_PER_UPLOAD} pictures: JPEG, PNG, WebP or AVIF, 20 MB each`),
  alt_text: altText.optional(),
});

export const pictureChangeSchema = storable(
  z
    .object({
      alt_text: altText.optional(),
      position: z
        .number({ error: "position must be a number" })
        .int("position must be a whole number")
        .min(0, "position must be 0 or more")
        .optional()
        .describe("0 is the first (the product's main picture); past the end is last"),
    })
    .refine((change) => change.alt_text !== undefined || change.position !== undefined, "Send alt_text, position or both"),
);

export const variantPictureSchema = z.object({
  picture_id: z.number({ error: "picture_id must be a picture's id or null" }).int().positive().nullable().describe("null: the product's pictures"),
});

export const pictureSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe("The original, as JPEG; the .webp, _728.webp and _1024.webp versions sit beside it"),
    alt_text: z.string(),
    position: z.number().int(),
    is_hover: z.boolean().describe("Shown when a shopper's pointer rests on the product's card"),
  })
  .meta({ id: "ProductPicture" });

export const productPicturesSchema = z.object({
  product_id: z.number().int(),
  pictures: z.array(pictureSchema).describe("In their order"),
});

export const variantPictureAnswerSchema = z.object({
  variant_id: z.number().int(),
  picture_id: z.number().int().nullable(),
});
