/** Payloads of the admin API's orders desk (/api/admin/orders). */
import { z } from "zod";
import { listQuery, listSearch, oneOf } from "./fields";
import { ORDER_GROUPS } from "../order-lifecycle";
import { PAID_ANOTHER_WAY, PAYMENT_LINK_PURPOSES } from "../payment-links";
import { storable } from "./storable";
import { recordIdParam } from "./record-id";

/** An order's money as every answer about an order gives it: an order's, an edit's preview and its saved answer. */
export const orderTotalsSchema = z.object({
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  discount_code: z.string().nullable(),
  shipping_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** The desk's orders are the placed ones: one never paid has no number and nothing to work on. */
export const DESK_STATUSES = ORDER_GROUPS.placed;

const timestamp = z.string().describe("ISO 8601");
export const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    // Date.parse rolls 2026-02-30 over to March: a real day reads back as itself.
    .refine((value) => new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().startsWith(value), `${name} must be a real date`);
/** A blank form field is no value, so the admin screens may send what the form holds. */
const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} is too long`)
    .optional()
    .transform((value) => (value === "" ? undefined : value));

/** An address an order or a subscription is shipped to, as the admin API answers it. */
export const postalAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

export const orderNumberParamsSchema = z.object({ number: recordIdParam("number must be an order number") });

/** The most packing slips one print holds: a day's parcels, not the whole shop's history. */
export const MAX_PACKING_SLIPS = 100;

/** The orders whose packing slips to print (`?number=1001&number=1002`), each once, in the order given. */
export const packingSlipsQuerySchema = z.object({
  number: z
    .array(recordIdParam("number must be an order number"))
    .min(1, "Choose at least one order to print its packing slip")
    .max(MAX_PACKING_SLIPS, `Print at most ${MAX_PACKING_SLIPS} packing slips at once`)
    .transform((numbers) => [...new Set(numbers.map(Number))]),
});

export const orderListQuerySchema = listQuery({
  status: oneOf("status", DESK_STATUSES).optional(),
  q: listSearch,
  from: day("from").optional().describe("Placed on or after this day (UTC)"),
  to: day("to").optional().describe("Placed on or before this day (UTC)"),
});

export const fulfilSchema = storable(
  z.object({
    carrier: optionalText("carrier", 100).describe("USPS, UPS, FedEx, DHL, Royal Mail and Canada Post get a tracking link"),
    tracking_number: optionalText("tracking_number", 100),
  }),
);

export const refundSchema = z.object({
  amount_cents: z
    .number({ error: "amount_cents must be a whole number of cents" })
    .int("amount_cents must be a whole number of cents")
    .positive("amount_cents must be more than 0")
    .max(2_000_000_000, "amount_cents is too large")
    .optional()
    .describe("Part of what was paid; without it, all that is left"),
  restock: z
    .boolean({ error: "restock must be true or false" })
    .optional()
    .describe("Put the order's stock back (once); without it, yes for a whole refund, no for a partial one"),
});

export const markPaidSchema = storable(
  z.object({
    paid_with: oneOf("paid_with", PAID_ANOTHER_WAY),
    note: optionalText("note", 500).describe("What the customer paid with, a transfer's reference"),
  }),
);

export const orderNoteSchema = storable(
  z.object({ text: z.string({ error: "text is required" }).trim().min(1, "text is required").max(2000, "text is too long") }),
);

export const orderSummarySchema = z.object({
  number: z.number().int(),
  status: z.enum(DESK_STATUSES),
  email: z.string(),
  customer_name: z.string(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  item_count: z.number().int(),
  created_at: timestamp,
  paid_at: timestamp.nullable(),
  fulfilled_at: timestamp.nullable(),
});

export const orderPageSchema = z.object({ orders: z.array(orderSummarySchema), next_cursor: z.string().nullable() });

export const orderDetailSchema = z.object({
  number: z.number().int(),
  status: z.enum(DESK_STATUSES),
  email: z.string(),
  customer_name: z.string(),
  customer_id: z.number().int().nullable(),
  created_at: timestamp,
  paid_at: timestamp.nullable(),
  fulfilled_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  lines: z.array(
    z.object({
      kind: z.enum(["product", "bundle"]),
      title: z.string(),
      sku: z.string().nullable(),
      product_handle: z.string().nullable(),
      subscription_id: z.string().nullable(),
      /** The options the customer chose (size, grind ...); a bundle's are its products' handles and the skus chosen. */
      attributes: z.record(z.string(), z.string()),
      /** The chosen options in words ('Ground, 12 oz'); empty for a bundle. */
      options: z.string(),
      /** What one unit of a bundle holds, in words ('1 × Harbor Dark Roast — Ground, 12 oz'), each with its sku. */
      contents: z.array(z.object({ text: z.string(), sku: z.string() })),
      quantity: z.number().int(),
      unit_price_cents: z.number().int(),
      line_total_cents: z.number().int(),
    }),
  ),
  totals: orderTotalsSchema,
  payment: z.object({
    provider: z.string(),
    reference: z.string().nullable(),
    status: z.string().nullable(),
    refunded_cents: z.number().int(),
    refundable_cents: z.number().int(),
    refunds: z.array(
      z.object({ amount_cents: z.number().int(), status: z.enum(["owed", "succeeded"]), created_at: timestamp, settled_at: timestamp.nullable() }),
    ),
  }),
  shipping_address: postalAddressSchema,
  shipping_option: z.string(),
  shipment: z.object({ carrier: z.string().nullable(), tracking_number: z.string().nullable(), tracking_url: z.string().nullable() }),
  payment_due: z
    .object({ amount_cents: z.number().int(), purpose: z.enum(PAYMENT_LINK_PURPOSES), asked_at: timestamp })
    .nullable()
    .describe("What the order's open payment link asks the customer for: it ships once that is paid"),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), created_at: timestamp })),
  timeline: z.array(
    z.object({ at: timestamp, type: z.enum(["created", "paid", "fulfilled", "refund", "cancelled", "note", "email", "return", "edit"]), text: z.string() }),
  ),
});

export const orderAnswerSchema = z.object({ order: orderDetailSchema });
export const refundAnswerSchema = z.object({
  order: orderDetailSchema,
  refund: z.object({
    amount_cents: z.number().int(),
    /** The provider could not be reached: the refund is recorded as owed and retried every minute. */
    owed: z.boolean(),
  }),
});
