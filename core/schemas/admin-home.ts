/**
 * What the back office sends to change the home page (permission `content`): the banners' texts, the product the
 * text-with-image banner opens, the title banner's height, which sections show in which order, the pictures, the
 * testimonials; and what the admin API answers (/api/admin/settings/home, /api/admin/testimonials). The change is
 * checked again, whole, by the schema the shop reads its settings with (server/store/settings.ts).
 */
import { z } from "zod";
import { oneOf } from "./fields";
import { homeSectionsSchema } from "./store-settings";
import { recordId, recordIdParam } from "./record-id";

/** The pictures the home shows from the settings, each uploaded through the shop's one picture intake. */
export const HOME_PICTURE_SLOTS = ["bannerImage", "imageBand", "discountImage", "popupImage"] as const;
export type HomePictureSlot = (typeof HOME_PICTURE_SLOTS)[number];

/** The banner's height in pixels; the page clamps it to the window's height as it shows it. */
export const MIN_BANNER_HEIGHT = 250;
export const MAX_BANNER_HEIGHT = 2000;

const text = (what: string, max: number) => z.string({ error: `${what} must be text` }).trim().max(max, `${what} is too long (${max} characters at most)`);

export const homeContentSchema = z
  .object({
    bannerHeader: z.string(),
    bannerText: z.string(),
    bannerButtonText: z.string(),
    bannerProductHandle: z.string(),
    bannerImage: z.string(),
    bannerHeight: z.number().int().nullable().describe("Pixels; null: the default, 60 % of the window"),
    imageBand: z.string(),
    discountImage: z.string(),
    popupImage: z.string().nullable(),
    homeSections: homeSectionsSchema.describe("Every section once, in the order the home shows them"),
    featuredCollection: z
      .object({ id: z.number().int(), handle: z.string(), title: z.string() })
      .nullable()
      .describe("The collection the Featured carousel shows; chosen in the collection editor (/api/admin/collections)"),
  })
  .meta({ id: "HomePage" });
export type HomeContent = z.infer<typeof homeContentSchema>;

export const homeChangeSchema = z
  .object({
    bannerHeader: text("The banner's header", 200).min(1, "The banner's header is required"),
    bannerText: text("The banner's text", 1000),
    bannerButtonText: text("The button's text", 60).min(1, "The button's text is required"),
    bannerProductHandle: text("The button's product", 200).min(1, "Choose the product the button opens"),
    bannerHeight: z
      .number({ error: "The banner's height must be a number of pixels" })
      .int("The banner's height must be whole pixels")
      .min(MIN_BANNER_HEIGHT, `The banner's height must be at least ${MIN_BANNER_HEIGHT} pixels`)
      .max(MAX_BANNER_HEIGHT, `The banner's height must be at most ${MAX_BANNER_HEIGHT} pixels`)
      .nullable(),
    homeSections: homeSectionsSchema,
  })
  .partial()
  .strict()
  .meta({ id: "HomePageChange" });
export type HomeChange = z.infer<typeof homeChangeSchema>;

export const homePictureParamsSchema = z.object({ slot: oneOf("slot", HOME_PICTURE_SLOTS) });
export const homePictureUploadSchema = z.object({ file: z.any().describe("The picture: JPEG, PNG, WebP or AVIF, 20 MB at most") });

export const testimonialInputSchema = z
  .object({
    title: text("Title", 120).min(1, "Title is required"),
    main_review: text("The review", 2000).min(1, "The review is required"),
    rating: z.number({ error: "Rating must be a number from 1 to 5" }).int("Rating must be a whole number").min(1, "Rating must be from 1 to 5").max(5, "Rating must be from 1 to 5"),
    name: text("Name", 120).min(1, "Name is required"),
  })
  .meta({ id: "TestimonialInput" });
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;

export const testimonialRecordSchema = testimonialInputSchema.extend({ id: z.number().int() }).meta({ id: "TestimonialRecord" });
export type TestimonialRecord = z.infer<typeof testimonialRecordSchema>;
export const testimonialAnswerSchema = z.object({ testimonial: testimonialRecordSchema });
export const testimonialListSchema = z.object({ testimonials: z.array(testimonialRecordSchema).describe("In the order the carousel shows them") });
export const testimonialIdParamsSchema = z.object({ id: recordIdParam("id must be a number") });
export const testimonialOrderSchema = z.object({
  ids: z.array(recordId("ids must be testimonial ids")).max(1000).describe("Every testimonial's id, in the new order"),
});
