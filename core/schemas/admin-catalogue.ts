/**
 * What the back office sends to create or change a product: the admin API, the admin screens and the Shopify CSV
 * import all build a `ProductInput` and hand it to the one function that saves products (server/catalog), so a
 * product's rules (unique SKU, option values matching option names, three options at most) live here once.
 */
import { z } from "zod";
import { linksChoice, listQuery, listSearch, oneOf } from "./fields";
import { MAX_PRODUCT_OPTIONS, PRODUCT_STATUSES } from "../catalog-admin";
import { storable } from "./storable";
import { recordId, recordIdParam } from "./record-id";

const MAX_CENTS = 100_000_000;
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(0, `${field} must not be negative`)
    .max(MAX_CENTS, `${field} must be at most ${MAX_CENTS} cents`);
const optionalCount = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must not be negative`)
    .max(max, `${field} must be at most ${max}`)
    .nullable()
    .default(null);

export const productHandleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Handle is required")
  .max(255, "Handle is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Handle may hold only letters, digits and single hyphens between them");


export const subscriptionPlanInputSchema = z.object({
  name: z.string().trim().min(1, "Plan name is required").max(100, "Plan name is too long"),
  price_cents: cents("Plan price"),
  interval: z.number().int("Interval must be a whole number").min(1, "Interval must be at least 1").max(52, "Interval must be at most 52"),
  interval_unit: z.enum(["day", "week", "month", "year"], { error: "Interval unit must be one of day, week, month, year" }),
});

export const variantInputSchema = z.object({
  sku: z.string().trim().min(1, "SKU is required").max(64, "SKU is too long"),
  /** One value per product option, in the options' order. */
  option_values: z.array(z.string().trim().min(1, "Option value is required").max(255, "Option value is too long")).max(MAX_PRODUCT_OPTIONS),
  price_cents: cents("Price"),
  /** Shown struck through beside the price when higher than it. */
  compare_at_price_cents: cents("Compare-at price").nullable().default(null),
  /**
   * Sets the stock, as an adjustment: `received` for a new variant, `correction` for one that exists. The editor sends
   * it for new variants only (stock changes otherwise go through the stock screen, with their reason); the CSV import
   * sends the file's quantity.
   */
  stock: z.number().int("Stock must be a whole number").min(0, "Stock must not be negative").max(10_000_000, "Stock is too large").optional(),
  low_stock_threshold: optionalCount("Low-stock threshold", 1_000_000),
  weight_grams: optionalCount("Weight", 1_000_000),
  /** Absent: the variant's plans stay as they are (the CSV import has none). */
  subscriptions: z.array(subscriptionPlanInputSchema).max(10, "A variant has at most 10 subscription plans").optional(),
});

/** A tax class's key as products and rates name it (core/tax.ts's built-in ones, or one made from an owner's name). */
export const taxClassKeySchema = z
  .string({ error: "Tax class must be a class's key, such as reduced" })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Tax class must be a class's key, such as reduced");

export const productInputSchema = storable(
  z
    .object({
      handle: productHandleSchema,
      title: z.string().trim().min(1, "Title is required").max(255, "Title is too long"),
      /** Cleaned to the safe subset of HTML on save. */
      description_html: z.string().max(65_536, "Description is too long").default(""),
      status: z.enum(PRODUCT_STATUSES, { error: "Status must be one of draft, active, archived" }).default("draft"),
      /** Asked only of a save that takes an active product off sale (draft or archived) while links lead to it. */
      links: linksChoice,
      vendor: z.string().trim().max(255, "Vendor is too long").default(""),
      product_type: z.string().trim().max(255, "Type is too long").default(""),
      /** Absent: a new product is standard, a product saved again keeps its class (the CSV import has none). */
      tax_class: taxClassKeySchema
        .optional()
        .describe("The tax class the product is taxed by (standard, reduced, exempt or one the owner named, /tax-classes); absent keeps it, standard for a new product"),
      tags: z.array(z.string().trim().min(1, "A tag must not be empty").max(255, "A tag is too long")).max(250, "At most 250 tags").default([]),
      seo_title: z.string().trim().max(70, "SEO title must be at most 70 characters").default(""),
      seo_description: z.string().trim().max(320, "SEO description must be at most 320 characters").default(""),
      /** Option names in the owner's order; none for a product sold in one version. */
      options: z.array(z.string().trim().min(1, "Option name is required").max(255, "Option name is too long")).max(MAX_PRODUCT_OPTIONS, `A product has at most ${MAX_PRODUCT_OPTIONS} options`).default([]),
      variants: z.array(variantInputSchema).min(1, "A product needs at least one variant").max(100, "A product has at most 100 variants"),
      /**
       * A variant left out is removed; one that orders name (they keep their lines) only when this says so, so a
       * variant with sales never goes unnoticed.
       */
      remove_variants_with_orders: z
        .boolean({ error: "remove_variants_with_orders must be true or false" })
        .optional()
        .describe("true: variants left out are removed even when orders name them; false (default): such a save is refused (409) naming them"),
      /** Absent: the product stays in the collections it is in. */
      collection_ids: z.array(recordId("collection_ids must hold collection ids")).max(100).optional(),
    })
    .superRefine((product, context) => {
      const names = product.options.map((name) => name.toLowerCase());
      if (new Set(names).size !== names.length) context.addIssue({ code: "custom", path: ["options"], message: "Option names must differ" });
      const skus = new Set<string>();
      // Each combination's first variant, so the refusal names both rows.
      const combinations = new Map<string, string>();
      product.variants.forEach((variant, index) => {
        if (variant.option_values.length !== product.options.length) {
          context.addIssue({
            code: "custom",
            path: ["variants", index, "option_values"],
            message: `Variant ${variant.sku} needs one value for each option (${product.options.length})`,
          });
        }
        const sku = variant.sku.toUpperCase();
        if (skus.has(sku)) context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: `SKU ${variant.sku} is used twice` });
        skus.add(sku);
        const combination = JSON.stringify(variant.option_values.map((value) => value.toLowerCase()));
        const first = combinations.get(combination);
        if (first !== undefined) {
          context.addIssue({
            code: "custom",
            path: ["variants", index, "option_values"],
            message: `Variant ${variant.sku} has the same options as ${first} (${variant.option_values.join(" / ") || "none"}): each variant needs its own`,
          });
        } else combinations.set(combination, variant.sku);
      });
    }),
);

export type ProductInput = z.infer<typeof productInputSchema>;
export type VariantInput = z.infer<typeof variantInputSchema>;

// ---------------------------------------------------------------- the admin API's product answers (/api/admin/products)

const timestamp = z.string().describe("ISO 8601");
const PLAN_UNITS = ["day", "week", "month", "year"] as const;

/** Numbers only: /products/import, /products/export and /products/bulk are other routes. */
export const productIdParamsSchema = z.object({ id: recordIdParam("id must be a product id") });

export const productListQuerySchema = listQuery({
  q: listSearch.describe("Part of a title, handle or SKU"),
  status: oneOf("status", PRODUCT_STATUSES).optional(),
});

export const productStatusInputSchema = z.object({
  status: oneOf("status", PRODUCT_STATUSES),
  links: linksChoice,
});

/** A delete's query: what becomes of the links to what it deletes. */
export const removalQuerySchema = z.object({ links: linksChoice });

export const productListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  handle: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  variant_count: z.number().int(),
  total_stock: z.number().int(),
  min_price_cents: z.number().int().nullable(),
  max_price_cents: z.number().int().nullable(),
  picture_url: z.string().nullable(),
});

export const productPageSchema = z.object({ products: z.array(productListItemSchema), next_cursor: z.string().nullable() });

export const adminProductSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  title: z.string(),
  /** As stored: already cleaned. */
  description_html: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.string(),
  product_type: z.string(),
  tax_class: z.string(),
  tags: z.array(z.string()),
  seo_title: z.string(),
  seo_description: z.string(),
  options: z.array(z.string()),
  variants: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      option_values: z.array(z.string()),
      price_cents: z.number().int(),
      compare_at_price_cents: z.number().int().nullable(),
      stock: z.number().int(),
      low_stock_threshold: z.number().int().nullable(),
      weight_grams: z.number().int().nullable(),
      image_id: z.number().int().nullable(),
      subscriptions: z.array(
        z.object({ id: z.string(), name: z.string(), price_cents: z.number().int(), interval: z.number().int(), interval_unit: z.enum(PLAN_UNITS) }),
      ),
    }),
  ),
  pictures: z.array(z.object({ id: z.number().int(), url: z.string(), alt_text: z.string(), position: z.number().int() })),
  collection_ids: z.array(z.number().int()),
  /** Earlier handles: their addresses answer with a 301 to this product's. */
  old_handles: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});

export const productAnswerSchema = z.object({ product: adminProductSchema });
