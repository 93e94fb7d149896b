/**
 * The catalogue as the API and the pages see it (docs/api.md, Search and catalogue). Prices here are dollars, produced
 * from the database's cents at the edge; bundle prices are numeric strings, as the spec's shapes give them.
 */
import { z } from "zod";
import { storable } from "./storable";

export type SubscriptionOption = {
  subscription_id: string;
  subscription_name: string;
  subscription_price: number;
  subscription_interval: number;
  subscription_interval_unit: string;
};

export type Variant = {
  sku: string;
  product_attributes: Record<string, string>;
  product_price: number;
  description: string;
  total_stock: number;
  subscription: SubscriptionOption[];
};

export type Review = {
  review_id: number;
  review_title: string;
  reviewer_name: string;
  verified: boolean;
  /** ISO timestamp. */
  review_date: string;
  review_rating: number;
  review_description: string;
  review_response?: string | null;
};

export type Bundle = {
  bundle_id: number;
  bundle_handle: string;
  title: string;
  price: string;
  bundle_description: string;
  handles: string[];
  sku_to_quantity: Record<string, number>;
  bundle_image_urls: string[];
  is_standalone: boolean;
};

export type Product = {
  /** The product handle. */
  id: string;
  product_title: string;
  /** Price of the first variant, or null when the product has none. */
  product_price: number | null;
  product_description: string;
  product_urls: string[];
  product_image_main: string | null;
  hoverImage: string | null;
  /** Attribute name to its options, in display order. */
  variant_list: Record<string, string[]>;
  variants: Variant[];
  bundles: Bundle[];
  reviews: Review[];
  /** Verified and unverified published reviews: count and mean rating (0 when none). */
  rating: { count: number; average: number };
};

/**
 * What a product card shows and its quick shop adds to the cart. Pages that list products send cards, not whole
 * products: the descriptions, reviews and bundles of a dozen products were most of a page's HTML.
 */
export type ProductCardData = Omit<Product, "product_description" | "bundles" | "reviews">;

/** One product's choices inside a bundle (GET /api/bundles/{handle}). */
export type BundleHandleOption = {
  id: string;
  product_title: string;
  sku: string | null;
  variant_list: Record<string, string[]>;
  variants: Variant[];
  /** The variants of this product the bundle allows, with the quantity each contributes. */
  bundle_variations: { sku: string; quantity: number; product_attributes: Record<string, string> }[];
};

export type SearchResponse = {
  formattedProductData: Product[];
  formattedBundleData: Bundle[];
};

/** A customer quote for the home page's testimonials carousel (docs/product.md, Reviews display). */
export type Testimonial = { title: string; main_review: string; rating: number; name: string };

export type BundleResponse = { data: { data: { bundle: Bundle; handle_options: BundleHandleOption[] } } };

// ---------------------------------------------------------------- request payloads (docs/api.md)

const storeIdField = z.string().trim().min(1, "is required").max(100);

/** Blank queries are refused by the search itself, with the spec's message. */
export const keywordSearchRequestSchema = storable(z.object({
  store_id: storeIdField,
  query: z.string().max(200, "must be at most 200 characters"),
  type: z.string().optional(),
}));

export const collectionSearchQuerySchema = storable(z.object({
  store_id: storeIdField,
  collection_name: z.string().max(200, "must be at most 200 characters").default(""),
}));

export const byHandlesRequestSchema = storable(z.object({
  store_id: storeIdField,
  handles: z.array(z.string().trim().min(1, "must not be blank").max(200)).min(1, "must list at least one handle").max(50),
}));

export const storeQuerySchema = storable(z.object({ store_id: storeIdField }));
