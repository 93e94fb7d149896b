/** Payloads of the admin API's product pictures (/api/admin/products/{id}/pictures, /pictures/{id}, /variants/{id}/picture). */
import { z } from "zod";
import { MAX_ALT_TEXT_LENGTH, MAX_PICTURES_PER_UPLOAD } from "../pictures";
import { storable } from "./storable";

/** The rules of a picture, kept apart so the upload screen's drop zone takes them without zod; here for the API's callers. */
export {
  ACCEPTED_PICTURE_TYPES,
  MAX_ALT_TEXT_LENGTH,
  MAX_PICTURE_BYTES,
  MAX_PICTURES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  PICTURE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_PICTURE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "../pictures";
import { recordId, recordIdParam } from "./record-id";

export const pictureIdParamsSchema = z.object({ id: recordIdParam("id must be a picture id") });

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
  picture_id: recordId("picture_id must be a picture's id or null").nullable().describe("null: the product's pictures"),
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
