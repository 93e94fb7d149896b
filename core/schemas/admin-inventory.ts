/** Payloads of the admin API's stock and bulk editing (/api/admin/inventory, /api/admin/variants/{id}/stock, /api/admin/products/bulk). */
import { z } from "zod";
import { listQuery, listSearch, oneOf } from "./fields";
import { PRODUCT_STATUSES, STOCK_REASONS } from "../catalog-admin";
import { storable } from "./storable";
import { recordId, recordIdParam } from "./record-id";

export const MAX_BULK_VARIANTS = 500;
const MAX_STOCK = 10_000_000;
const MAX_CENTS = 100_000_000;

const timestamp = z.string().describe("ISO 8601");
const reason = oneOf("reason", STOCK_REASONS);
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);
const ids = (field: string) =>
  z
    .array(recordId(`${field} must hold ids`), {
      error: `${field} must be a list of ids`,
    })
    .max(MAX_BULK_VARIANTS, `${field} may name at most ${MAX_BULK_VARIANTS}`);

export const variantIdParamsSchema = z.object({ id: recordIdParam("id must be a variant id") });

export const inventoryQuerySchema = listQuery({
  q: listSearch.describe("Part of a SKU or a product title"),
  low: z.enum(["true", "false"], { error: "low must be true or false" }).optional().describe("true: only variants at or below their low-stock threshold"),
});

export const inventoryItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_title: z.string(),
  product_handle: z.string(),
  sku: z.string(),
  /** The variant's option values by option name (Size, Grind ...). */
  options: z.record(z.string(), z.string()),
  stock: z.number().int(),
  low_stock_threshold: z.number().int().nullable().describe("The variant's own threshold; null uses the shop's"),
  low_stock_at: z.number().int().describe("The threshold the flag uses: the variant's own, or the shop's"),
  low: z.boolean().describe("Stock at or below low_stock_at"),
});

export const inventoryPageSchema = z.object({ variants: z.array(inventoryItemSchema), next_cursor: z.string().nullable() });

export const stockChangeSchema = storable(
  z
    .object({
      delta: wholeNumber("delta", -MAX_STOCK, MAX_STOCK).optional().describe("Units to add (or, negative, take away)"),
      set_to: wholeNumber("set_to", 0, MAX_STOCK).optional().describe("The count on the shelf, when it was counted"),
      reason,
      note: z.string({ error: "note must be text" }).trim().max(500, "note is too long").optional(),
    })
    .superRefine((change, context) => {
      if ((change.delta === undefined) === (change.set_to === undefined)) {
        context.addIssue({ code: "custom", path: ["delta"], message: "Give either delta or set_to, not both" });
      } else if (change.delta === 0) {
        context.addIssue({ code: "custom", path: ["delta"], message: "delta must not be 0" });
      }
    }),
);

export const stockHistoryEntrySchema = z.object({
  at: timestamp,
  delta: z.number().int(),
  stock_after: z.number().int(),
  reason,
  note: z.string(),
  who: z.string().describe("A staff email, a token's name, 'command line', 'checkout' or 'import'"),
  order_number: z.number().int().nullable(),
});

export const stockAnswerSchema = z.object({ variant: inventoryItemSchema, history: z.array(stockHistoryEntrySchema).describe("Newest first") });

const bulkChangeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("price_set"), price_cents: wholeNumber("change.price_cents", 0, MAX_CENTS) }),
    z.object({
      kind: z.literal("price_percent"),
      percent: z
        .number({ error: "change.percent must be a number" })
        .min(-90, "change.percent must be at least -90")
        .max(1000, "change.percent must be at most 1000")
        .describe("Each price moves by this much, rounded to the cent"),
    }),
    z.object({ kind: z.literal("stock_set"), stock: wholeNumber("change.stock", 0, MAX_STOCK), reason }),
    z.object({ kind: z.literal("stock_adjust"), delta: wholeNumber("change.delta", -MAX_STOCK, MAX_STOCK), reason }),
    z.object({
      kind: z.literal("status"),
      status: oneOf("change.status", PRODUCT_STATUSES),
    }),
    z.object({ kind: z.enum(["collection_add", "collection_remove"]), collection_id: recordId("change.collection_id must be a collection's id") }),
  ],
  { error: "change.kind must be one of price_set, price_percent, stock_set, stock_adjust, status, collection_add, collection_remove" },
);

export type BulkChange = z.infer<typeof bulkChangeSchema>;
export const BULK_KINDS = ["price_set", "price_percent", "stock_set", "stock_adjust", "status", "collection_add", "collection_remove"] as const;

export const bulkEditSchema = storable(
  z
    .object({
      variant_ids: ids("variant_ids").optional(),
      product_ids: ids("product_ids").optional().describe("Every variant of each product"),
      change: bulkChangeSchema,
    })
    .superRefine((request, context) => {
      if ((request.variant_ids?.length ?? 0) + (request.product_ids?.length ?? 0) === 0) {
        context.addIssue({ code: "custom", path: ["variant_ids"], message: "Choose at least one product or variant" });
      }
    }),
);

export type BulkEditRequest = z.infer<typeof bulkEditSchema>;

const bulkValue = z.union([z.number(), z.string(), z.boolean()]);

export const bulkRowSchema = z.object({
  product_id: z.number().int(),
  product_title: z.string(),
  variant_id: z.number().int().nullable().describe("null for a change of the product (status, collections)"),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  field: z.enum(["price_cents", "stock", "status", "in_collection"]),
  before: bulkValue,
  after: bulkValue,
  changed: z.boolean(),
  refused: z.string().nullable().describe("Why this row cannot change; one refused row stops an apply"),
});

export const bulkAnswerSchema = z.object({
  rows: z.array(bulkRowSchema),
  variant_count: z.number().int(),
  changed_count: z.number().int(),
  refused_count: z.number().int(),
});
