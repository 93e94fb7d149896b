/**
 * The catalogue as the API and the pages see it (docs/api.md, Search and catalogue). Prices here are dollars, produced
 * from the database's cents at the edge; bundle prices are numeric strings, as the spec's shapes give them.
 */
import { z } from "zod";
import { storable } from "./storable";

// ---------------------------------------------------------------- answers (the API's response schemas)

const subscriptionOptionSchema = z.object({
  subscription_id: z.string(),
  subscription_name: z.string(),
  subscription_price: z.number(),
  subscription_interval: z.number(),
  subscription_interval_unit: z.string(),
});
export type SubscriptionOption = z.infer<typeof subscriptionOptionSchema>;

const attributesSchema = z.record(z.string(), z.string());

const variantSchema = z.object({
  sku: z.string(),
  product_attributes: attributesSchema,
  product_price: z.number(),
  description: z.string(),
  total_stock: z.number(),
  subscription: z.array(subscriptionOptionSchema),
  compare_at_price: z
    .number()
    .nullable()
    .describe("The earlier price, shown struck through beside product_price; null unless higher than it"),
  image_url: z.string().nullable().describe("The variant's own picture (one of its product's), shown when it is chosen"),
});
export type Variant = z.infer<typeof variantSchema>;

const reviewSchema = z.object({
  review_id: z.number(),
  review_title: z.string(),
  reviewer_name: z.string(),
  verified: z.boolean(),
  review_date: z.string().describe("ISO timestamp"),
  review_rating: z.number(),
  review_description: z.string(),
  review_response: z.string().nullish(),
});
export type Review = z.infer<typeof reviewSchema>;

const bundleSchema = z.object({
  bundle_id: z.number(),
  bundle_handle: z.string(),
  title: z.string(),
  price: z.string(),
  bundle_description: z.string(),
  handles: z.array(z.string()),
  sku_to_quantity: z.record(z.string(), z.number()),
  bundle_image_urls: z.array(z.string()),
  is_standalone: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;

const productSchema = z.object({
  id: z.string().describe("The product handle"),
  product_title: z.string(),
  product_price: z.number().nullable().describe("Price of the first variant, or null when the product has none"),
  compare_at_price: z.number().nullable().describe("The first variant's compare_at_price"),
  product_description: z.string().describe("A safe subset of HTML: paragraphs, lists, emphasis, headings and links"),
  product_urls: z.array(z.string()),
  product_image_main: z.string().nullable(),
  hoverImage: z.string().nullable(),
  image_alts: z.record(z.string(), z.string()).describe("Each picture's URL to its text alternative (empty when it has none)"),
  variant_list: z.record(z.string(), z.array(z.string())).describe("Attribute name to its options, in display order"),
  variants: z.array(variantSchema),
  bundles: z.array(bundleSchema),
  reviews: z.array(reviewSchema),
  rating: z
    .object({ count: z.number(), average: z.number() })
    .describe("Verified and unverified published reviews: count and mean rating (0 when none)"),
  seo_title: z.string().describe("Replaces the page's title when set"),
  seo_description: z.string().describe("Replaces the page's description when set"),
});
export type Product = z.infer<typeof productSchema>;

/**
 * What a product card shows and its quick shop adds to the cart. Pages that list products send cards, not whole
 * products: the descriptions, reviews and bundles of a dozen products were most of a page's HTML.
 */
export type ProductCardData = Omit<Product, "product_description" | "bundles" | "reviews" | "seo_title" | "seo_description">;

/** One product's choices inside a bundle (GET /api/bundles/{handle}). */
const bundleHandleOptionSchema = z.object({
  id: z.string(),
  product_title: z.string(),
  sku: z.string().nullable(),
  variant_list: z.record(z.string(), z.array(z.string())),
  variants: z.array(variantSchema),
  bundle_variations: z
    .array(z.object({ sku: z.string(), quantity: z.number(), product_attributes: attributesSchema }))
    .describe("The variants of this product the bundle allows, with the quantity each contributes"),
});
export type BundleHandleOption = z.infer<typeof bundleHandleOptionSchema>;

export const searchResponseSchema = z.object({
  formattedProductData: z.array(productSchema),
  formattedBundleData: z.array(bundleSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The products and bundles a shop page lists at once (the spec's grid: 1, 2, 3 or 4 columns fill it evenly). */
export const SHOP_PAGE_SIZE = 24;
/** The most a catalogue API answer lists at once, and what it lists when asked for no `limit`. */
export const API_PAGE_MAX = 100;

export const searchPageSchema = searchResponseSchema.extend({
  total_count: z.number().int().describe("How many products and bundles the listing has in all"),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last one"),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

const pageFields = {
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(API_PAGE_MAX, `must be at most ${API_PAGE_MAX}`)
    .optional()
    .describe(`How many products and bundles to list (at most ${API_PAGE_MAX}, the default)`),
  cursor: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, "must be a next_cursor this API gave")
    .optional()
    .describe("The next_cursor of the page before; the first page without it"),
};

/** A customer quote for the home page's testimonials carousel (docs/product.md, Reviews display). */
export type Testimonial = { title: string; main_review: string; rating: number; name: string };

export const bundleResponseSchema = z.object({
  data: z.object({ data: z.object({ bundle: bundleSchema, handle_options: z.array(bundleHandleOptionSchema) }) }),
});
export type BundleResponse = z.infer<typeof bundleResponseSchema>;

// ---------------------------------------------------------------- request payloads (docs/api.md)

const storeIdField = z.string().trim().min(1, "is required").max(100);

/** Blank queries are refused by the search itself, with the spec's message. */
export const keywordSearchRequestSchema = storable(z.object({
  store_id: storeIdField,
  query: z.string().max(200, "must be at most 200 characters"),
  type: z.string().optional(),
  ...pageFields,
}));

export const collectionSearchQuerySchema = storable(z.object({
  store_id: storeIdField,
  collection_name: z.string().max(200, "must be at most 200 characters").default(""),
  ...pageFields,
}));

export const byHandlesRequestSchema = storable(z.object({
  store_id: storeIdField,
  handles: z.array(z.string().trim().min(1, "must not be blank").max(200)).min(1, "must list at least one handle").max(50),
}));

export const storeQuerySchema = storable(z.object({ store_id: storeIdField }));
