/**
 * Blog posts' and static pages' vocabulary and text limits, shared by the database schema, the admin API's schemas and
 * the admin screens (which must not load zod, so the limits live here rather than in core/schemas/admin-content.ts).
 */

/** Blog posts (/blog/{id}) and static pages (/pages/{name}): one content type, a post having an author and a date. */
export type ContentKind = "post" | "page";

/** Only `published` posts and pages reach shoppers; a draft is seen by staff with the content permission alone. */
export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_LIMITS = {
  title: 200,
  author: 100,
  subheading: 200,
  /**
   * A section's HTML (decision 0076), as long as a product's description may be: a few paragraphs with their markup. A
   * whole post or page stays within sections × content.
   */
  content: 65_536,
  sections: 50,
  /** An address segment: /blog/{id}, /pages/{name}. */
  address: 64,
} as const;

/** Addresses the shop's routes accept: lower-case letters, digits and dashes (server/content/pages.ts normalizePageName). */
export const CONTENT_ADDRESS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
