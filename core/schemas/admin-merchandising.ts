/**
 * What the back office sends to create or change a bundle or a collection, and what the admin API answers about
 * them (/api/admin/bundles, /api/admin/collections). The admin API and the admin screens parse with the same schemas,
 * so a rule (a quantity from 1 to 99, a handle's letters) is written here once; rules that need the database (a SKU
 * belongs to the product it is listed under, a handle is free) live in server/catalog/bundle-editor.ts and
 * collection-editor.ts.
 */
import { z } from "zod";
import { productHandleSchema } from "./admin-catalogue";
import { storable } from "./storable";
import { recordId, recordIdParam } from "./record-id";

const MAX_CENTS = 100_000_000;
export const MAX_BUNDLE_QUANTITY = 99;
export const MAX_BUNDLE_PRODUCTS = 20;
export const MAX_BUNDLE_PICTURES = 20;
export const MAX_COLLECTION_ITEMS = 1000;

/** The collection /shop lists (docs/product.md, Screens and routes): it may be reordered, never renamed or removed. */
export const ALL_PRODUCTS_HANDLE = "all_products";

const id = (field: string) => recordId(`${field} must be an id`);

export const merchandisingIdParamsSchema = z.object({ id: recordIdParam("id must be a number") });

/** A bundle's address, /bundles/<handle>: the same letters as a product's. */
export const bundleHandleSchema = productHandleSchema;

/**
 * A collection's handle names it in links (/search?query=<handle>&type=collection-search); the shop's own
 * `all_products` has an underscore, so one may stand between letters where a hyphen may.
 */
export const collectionHandleSchema = z
  .string({ error: "Handle is required" })
  .trim()
  .toLowerCase()
  .min(1, "Handle is required")
  .max(255, "Handle is too long")
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "Handle may hold only letters, digits and single hyphens or underscores between them");

export const bundleProductInputSchema = z.object({
  product_id: id("Product"),
  /** How many of the product one bundle holds, whichever of its variants the shopper takes. */
  quantity: z
    .number({ error: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_BUNDLE_QUANTITY, `Quantity must be at most ${MAX_BUNDLE_QUANTITY}`),
  /** The product's variants the bundle offers (answered in the product's own order of variants). */
  skus: z
    .array(z.string().trim().min(1, "SKU is required").max(64, "SKU is too long"))
    .min(1, "Choose at least one variant")
    .max(100, "At most 100 variants"),
});

export const bundleInputSchema = storable(
  z
    .object({
      handle: bundleHandleSchema,
      title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(255, "Title is too long"),
      /** Plain text, shown as written on the bundle's page. */
      description: z.string().trim().max(10_000, "Description is too long").default(""),
      price_cents: z
        .number({ error: "Price must be a number of cents" })
        .int("Price must be a whole number of cents")
        .min(0, "Price must not be negative")
        .max(MAX_CENTS, `Price must be at most ${MAX_CENTS} cents`),
      /** Sold on its own page only, never listed on its products' pages. */
      is_standalone: z.boolean({ error: "is_standalone must be true or false" }).default(false),
      products: z
        .array(bundleProductInputSchema)
        .min(1, "Add at least one product")
        .max(MAX_BUNDLE_PRODUCTS, `A bundle holds at most ${MAX_BUNDLE_PRODUCTS} products`),
      /** The bundle's pictures in their order, the first shown on cards: ones it has (reordered, some left out). */
      image_urls: z.array(z.string().min(1)).max(MAX_BUNDLE_PICTURES, `A bundle has at most ${MAX_BUNDLE_PICTURES} pictures`).default([]),
    })
    .superRefine((bundle, context) => {
      const products = new Set<number>();
      const skus = new Set<string>();
      bundle.products.forEach((product, index) => {
        if (products.has(product.product_id)) {
          context.addIssue({ code: "custom", path: ["products", index, "product_id"], message: "This product is in the bundle already" });
        }
        products.add(product.product_id);
        product.skus.forEach((sku, at) => {
          if (skus.has(sku.toUpperCase())) context.addIssue({ code: "custom", path: ["products", index, "skus", at], message: `SKU ${sku} is listed twice` });
          skus.add(sku.toUpperCase());
        });
      });
      if (new Set(bundle.image_urls).size !== bundle.image_urls.length) {
        context.addIssue({ code: "custom", path: ["image_urls"], message: "A picture is listed twice" });
      }
    }),
);

const orderedIds = (field: string, noun: string) =>
  z
    .array(id(field))
    .max(MAX_COLLECTION_ITEMS, `A collection holds at most ${MAX_COLLECTION_ITEMS} ${noun}`)
    .refine((ids) => new Set(ids).size === ids.length, `A ${noun.replace(/s$/, "")} is listed twice`);

export const collectionInputSchema = storable(
  z.object({
    handle: collectionHandleSchema,
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(255, "Title is too long"),
    /** The home page's featured carousel shows this collection; marking one unmarks the one before. */
    featured: z.boolean({ error: "featured must be true or false" }).default(false),
    /** A category link to the collection in the navigation bar. */
    in_navigation: z.boolean({ error: "in_navigation must be true or false" }).default(false),
    /** In the shop's order. */
    product_ids: orderedIds("Product", "products").default([]),
    bundle_ids: orderedIds("Bundle", "bundles").default([]),
  }),
);

/** The form a bundle's upload sends: `file` once per picture (bundles have no alt text of their own: their title serves). */
export const bundlePictureUploadSchema = z.object({
  file: z.array(z.string().meta({ format: "binary" })).describe("One to ten pictures: JPEG, PNG, WebP or AVIF, 20 MB each"),
});

export type BundleInput = z.infer<typeof bundleInputSchema>;
export type BundleProductInput = z.infer<typeof bundleProductInputSchema>;
export type CollectionInput = z.infer<typeof collectionInputSchema>;

// ---------------------------------------------------------------- answers

export const bundleSummarySchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  title: z.string(),
  price_cents: z.number().int(),
  is_standalone: z.boolean(),
  product_count: z.number().int(),
  image_url: z.string().nullable().describe("The first picture, shown on cards"),
});

export const bundleSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  is_standalone: z.boolean(),
  image_urls: z.array(z.string()),
  products: z.array(
    z.object({ product_id: z.number().int(), handle: z.string(), title: z.string(), quantity: z.number().int(), skus: z.array(z.string()) }),
  ),
  sku_to_quantity: z.record(z.string(), z.number().int()).describe("As the shop's bundle answer gives it"),
});

export const bundleListSchema = z.object({ bundles: z.array(bundleSummarySchema) });
export const bundleAnswerSchema = z.object({ bundle: bundleSchema });

export const collectionSummarySchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  title: z.string(),
  featured: z.boolean(),
  in_navigation: z.boolean(),
  product_count: z.number().int(),
  bundle_count: z.number().int(),
});

export const collectionSchema = collectionSummarySchema.omit({ product_count: true, bundle_count: true }).extend({
  products: z.array(z.object({ id: z.number().int(), handle: z.string(), title: z.string(), status: z.string() })),
  bundles: z.array(z.object({ id: z.number().int(), handle: z.string(), title: z.string() })),
});

export const collectionListSchema = z.object({ collections: z.array(collectionSummarySchema) });
export const collectionAnswerSchema = z.object({ collection: collectionSchema });
