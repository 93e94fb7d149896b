/**
 * Payloads of the cart service (docs/api.md, Cart service) and of the discount lookup. The browser sends whole cart
 * lines, as the spec's shape has them, but the server reads only what identifies a line and its quantity: titles,
 * images and above all prices are looked up again, so a tampered price changes nothing.
 */
import { z } from "zod";
import { MAX_DISTINCT_LINES, MAX_QUANTITY, MIN_QUANTITY, type StockBySku } from "../cart";
import type { ApiCartItem, ApiDiscount } from "../cart-wire";
import { storable } from "./storable";
import { MAX_RECORD_ID } from "./record-id";

const quantity = z
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(MIN_QUANTITY, `must be at least ${MIN_QUANTITY}`)
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);

const sku = z.string().trim().min(1, "must not be empty").max(100, "is too long");

export const productLineInputSchema = z.object({
  kind: z.literal("product"),
  sku,
  quantity,
  // A spec cart item is the variant's fields plus the line's own, so without a chosen plan `subscription` may
  // still be the variant's list of plans on offer: that is no choice, as null is.
  subscription: z.preprocess(
    (value) => (Array.isArray(value) ? null : value),
    z.object({ subscription_id: z.string().trim().min(1, "must not be empty").max(200, "is too long") }).nullish(),
  ),
});

export const bundleLineInputSchema = z.object({
  kind: z.literal("bundle"),
  bundle_id: z.number().int("must be a whole number").positive("must be positive").max(MAX_RECORD_ID, { error: (issue) => `unknown bundle ${String(issue.input)}` }),
  quantity,
  selected_variants: z.record(z.string().max(200, "is too long"), sku),
});

const cartLineByKind = z.discriminatedUnion("kind", [productLineInputSchema, bundleLineInputSchema], {
  error: 'kind must be "product" or "bundle"',
});

/**
 * The API's cart items carry no `kind` (docs/api.md, Cart service): a line naming a `bundle_id` is a bundle line, any
 * other a product line. A `kind` that is sent is kept, so a wrong one is still refused by name.
 */
function withInferredKind(item: unknown): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item) || "kind" in item) return item;
  const bundleId = (item as { bundle_id?: unknown }).bundle_id;
  return { ...item, kind: bundleId === undefined || bundleId === null ? "product" : "bundle" };
}

export const cartLineInputSchema = z
  .preprocess(withInferredKind, cartLineByKind)
  .describe('kind may be left out: a line with bundle_id is "bundle", any other "product"');

export const saveCartSchema = storable(z.object({
  cartItems: z
    .array(cartLineInputSchema, { error: "must be a list of cart items" })
    .max(MAX_DISTINCT_LINES, `Cart is full. Maximum ${MAX_DISTINCT_LINES} different items allowed.`),
  /** The applied code, null to remove it; absent leaves the stored code as it is. */
  discount_code: z.string().trim().max(100, "is too long").nullish(),
}));

export type CartLineInput = z.infer<typeof cartLineInputSchema>;
export type SaveCartRequest = z.infer<typeof saveCartSchema>;

/** What GET and POST /api/cart-items answer: the cart as the server priced it. */
export type CartResponse = {
  cartItems: ApiCartItem[];
  /** The stored code's discount while it is still valid, else null. */
  discount: ApiDiscount | null;
  /** Why the cart differs from what was saved (a product gone, a price changed), for the shopper to read. */
  notices: string[];
  /** Units in stock now of every variant the cart holds, bundles' included, so the drawer keeps lines within it. */
  stock: StockBySku;
};

export type DiscountResponse = { data: ApiDiscount };

// ---------------------------------------------------------------- answers (the API's response schemas)
// Each is checked against the type the server builds its answer with (core/cart-wire.ts), so the two cannot drift.

const attributesSchema = z.record(z.string(), z.string());

const productCartItemSchema = z.object({
  kind: z.literal("product"),
  title: z.string(),
  handle: z.string(),
  quantity: z.number(),
  sku: z.string(),
  product_price: z.number().describe("Dollars; on a subscribed line the subscription's price"),
  image_urls: z.array(z.string()),
  product_attributes: attributesSchema,
  subscription: z
    .object({
      subscription_id: z.string(),
      subscription_price: z.number().describe("Dollars"),
      subscription_interval: z.number(),
      subscription_interval_unit: z.string(),
    })
    .optional(),
});

const bundleCartItemSchema = z.object({
  kind: z.literal("bundle"),
  bundle_id: z.number(),
  title: z.string(),
  price: z.string().describe("Dollars as a numeric string, as the spec's bundle shape has it"),
  quantity: z.number(),
  bundle_image_urls: z.array(z.string()),
  handles: z.array(z.string()),
  selected_variants: z.record(z.string(), z.string()).describe("Product handle to the chosen variant sku"),
  sku_to_quantity: z.record(z.string(), z.number()),
  contents: z.array(z.object({ handle: z.string(), sku: z.string(), quantity: z.number(), product_attributes: attributesSchema })),
});

export const cartItemSchema = z.discriminatedUnion("kind", [productCartItemSchema, bundleCartItemSchema]) satisfies z.ZodType<ApiCartItem>;

const dollarsOrNull = z.number().nullable().describe("Dollars");

export const discountSchema = z.object({
  code: z.string(),
  discount_percentage: z.number().nullable().describe("Whole percent; when null the fixed discount_amount applies"),
  max_redeemable_amount: dollarsOrNull,
  discount_amount: dollarsOrNull,
  max_redemptions: z.number(),
  free_shipping: z.boolean(),
  minimum_subtotal: dollarsOrNull.optional().describe("Dollars of goods the code needs before it takes anything off; null: any amount"),
}) satisfies z.ZodType<ApiDiscount>;

/** GET and POST /api/cart-items. */
export const cartResponseSchema = z.object({
  cartItems: z.array(cartItemSchema),
  discount: discountSchema.nullable().describe("The stored code's discount while it is still valid"),
  notices: z.array(z.string()).describe("Why the cart differs from what was saved, for the shopper to read"),
  stock: z.record(z.string(), z.number()).describe("Units in stock now by sku of every variant the cart holds"),
}) satisfies z.ZodType<CartResponse>;

/** GET /api/discount/{code}. */
export const discountResponseSchema = z.object({ data: discountSchema }) satisfies z.ZodType<DiscountResponse>;
