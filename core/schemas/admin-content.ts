/**
 * What the back office sends to write a blog post or a static page, and what the admin API answers about them
 * (/api/admin/posts, /api/admin/pages). The API and the admin screens' actions parse with these schemas; rules that
 * need the database (an address is free, a picture is the one already stored) live in server/content/content-editor.ts.
 * A section's content is HTML: the save cleans it to the markup product descriptions keep (decision 0076), and the
 * answers carry it cleaned.
 */
import { z } from "zod";
import { CONTENT_ADDRESS, CONTENT_LIMITS, CONTENT_STATUSES } from "../content-admin";
import { linksChoice } from "./fields";
import { storable } from "./storable";
import { recordIdParam } from "./record-id";

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const addressSchema = z
  .string({ error: "Address is required" })
  .trim()
  .toLowerCase()
  .min(1, "Address is required")
  .max(CONTENT_LIMITS.address, `Address must be at most ${CONTENT_LIMITS.address} characters`)
  .regex(CONTENT_ADDRESS, "Address may hold only letters, digits and single hyphens between them");

const sectionSchema = z.object({
  /** Optional: an empty subheading is none. */
  subheading: z
    .string({ error: "Subheading must be text" })
    .trim()
    .max(CONTENT_LIMITS.subheading, `Subheading must be at most ${CONTENT_LIMITS.subheading} characters`)
    .default(""),
  content: text("Content", CONTENT_LIMITS.content),
});

const commonFields = {
  title: text("Title", CONTENT_LIMITS.title),
  status: z.enum(CONTENT_STATUSES, { error: `Status must be ${CONTENT_STATUSES.join(" or ")}` }).default("draft"),
  /** Asked only of a change that unpublishes it while menu or footer links lead to it. */
  links: linksChoice,
  /** The picture it keeps (the one uploaded last), or null for none: a new picture is uploaded, never linked. */
  image_url: z.string({ error: "image_url must be text or null" }).nullable().default(null),
  sections: z
    .array(sectionSchema)
    .min(1, "Write at least one section")
    .max(CONTENT_LIMITS.sections, `At most ${CONTENT_LIMITS.sections} sections`),
};

export const blogPostInputSchema = storable(
  z.object({
    /** The post's address: /blog/{blog_id}. */
    blog_id: addressSchema,
    author: text("Author", CONTENT_LIMITS.author),
    ...commonFields,
  }),
);

export const staticPageInputSchema = storable(
  z.object({
    /** The page's address: /pages/{name} (and its data, /data/{name}.json). */
    name: addressSchema,
    ...commonFields,
  }),
);

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;
export type StaticPageInput = z.infer<typeof staticPageInputSchema>;
export type ContentSectionInput = z.infer<typeof sectionSchema>;

export const contentIdParamsSchema = z.object({ id: recordIdParam("id must be a number") });

/** The form a picture upload sends. */
export const contentPictureUploadSchema = z.object({
  file: z.string().meta({ format: "binary" }).describe("One picture: JPEG, PNG, WebP or AVIF, 20 MB"),
});

// ---------------------------------------------------------------- answers

const sectionAnswerSchema = z.object({ subheading: z.string(), content: z.string() });
const commonAnswer = {
  id: z.number().int(),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
  image_url: z.string().nullable(),
  path: z.string().describe("Where shoppers read it once published; staff preview a draft there"),
  updated_at: z.string(),
};

export const blogPostSummarySchema = z.object({
  ...commonAnswer,
  blog_id: z.string(),
  author: z.string(),
  published_at: z.string().describe("The date the blog shows: set when the post is first published"),
});
export const blogPostSchema = blogPostSummarySchema.extend({ sections: z.array(sectionAnswerSchema) });
export const staticPageSummarySchema = z.object({ ...commonAnswer, name: z.string() });
export const staticPageRecordSchema = staticPageSummarySchema.extend({ sections: z.array(sectionAnswerSchema) });

export const blogPostListSchema = z.object({ posts: z.array(blogPostSummarySchema) });
export const blogPostAnswerSchema = z.object({ post: blogPostSchema });
export const staticPageListSchema = z.object({ pages: z.array(staticPageSummarySchema) });
export const staticPageAnswerSchema = z.object({ page: staticPageRecordSchema });
