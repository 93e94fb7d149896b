/**
 * GET /data/{pagename}.json. The page checks the same shape in the browser ('Invalid page data structure'
 * otherwise), so this one schema is written with zod/mini: the check costs the page a few KB, not all of zod.
 */
import * as z from "zod/mini";

const staticPageSectionSchema = z.object({
  subheading: z.optional(z.string()),
  content: z.string(),
});

export const staticPageSchema = z.object({
  title: z.string(),
  image: z.optional(z.string()),
  sections: z.array(staticPageSectionSchema),
});

export type StaticPage = z.infer<typeof staticPageSchema>;
