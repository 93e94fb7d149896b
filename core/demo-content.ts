/**
 * The demo shop a new shop starts with, and the choice its owner makes on the setup page: keep it to try things with,
 * or start empty (decision 0067). Shared by the setup form, the admin API's schema and the server's use case.
 */

/** The kinds of rows the demo's seed marks as its own (server/db/schema.ts, demo_content). */
export const DEMO_CONTENT_KINDS = ["product", "bundle", "collection", "discount", "review", "testimonial", "blog_post"] as const;
export type DemoContentKind = (typeof DEMO_CONTENT_KINDS)[number];

export const SHOP_STARTS = ["demo", "empty"] as const;
export type ShopStart = (typeof SHOP_STARTS)[number];

export const SHOP_START_MESSAGE = "Choose the demo shop or an empty one";
