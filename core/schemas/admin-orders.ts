/** Payloads of the admin API's orders desk and customers (/api/admin/orders, /api/admin/customers). */
import { z } from "zod";
import { ORDER_GROUPS } from "../order-lifecycle";
import { storable } from "./storable";
import { listCursor, recordIdParam } from "./record-id";

/** The desk's orders are the placed ones: one never paid has no number and nothing to work on. */
export const DESK_STATUSES = ORDER_GROUPS.placed;

const timestamp = z.string().describe("ISO 8601");
const day = (name: string) =>
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

export const orderNumberParamsSchema = z.object({ number: recordIdParam("number must be an order number") });

export const orderListQuerySchema = storable(
  z.object({
    status: z.enum(DESK_STATUSES, { error: `status must be one of ${DESK_STATUSES.join(", ")}` }).optional(),
    q: z.string().max(200, "q is too long").optional(),
    from: day("from").optional().describe("Placed on or after this day (UTC)"),
    to: day("to").optional().describe("Placed on or before this day (UTC)"),
    cursor: listCursor.optional(),
  }),
);

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
      /** The options the customer chose (size, grind ...). */
      attributes: z.record(z.string(), z.string()),
      quantity: z.number().int(),
      unit_price_cents: z.number().int(),
      line_total_cents: z.number().int(),
    }),
  ),
  totals: z.object({
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    discount_code: z.string().nullable(),
    shipping_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
  }),
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
  shipping_address: z.object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  shipping_option: z.string(),
  shipment: z.object({ carrier: z.string().nullable(), tracking_number: z.string().nullable(), tracking_url: z.string().nullable() }),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), created_at: timestamp })),
  timeline: z.array(
    z.object({ at: timestamp, type: z.enum(["created", "paid", "fulfilled", "refund", "cancelled", "note", "email"]), text: z.string() }),
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

export const customerIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });
export const customerListQuerySchema = storable(z.object({ q: z.string().max(200, "q is too long").optional(), cursor: listCursor.optional() }));

export const customerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: timestamp,
  order_count: z.number().int(),
  /** Paid less refunded, over the orders linked to the account. */
  total_spent_cents: z.number().int(),
});

export const customerPageSchema = z.object({ customers: z.array(customerSummarySchema), next_cursor: z.string().nullable() });

export const customerAnswerSchema = z.object({
  customer: customerSummarySchema.extend({
    newsletter: z.enum(["subscribed", "unsubscribed", "not subscribed"]),
    orders: z.array(z.object({ number: z.number().int(), status: z.string(), total_cents: z.number().int(), placed_at: timestamp })),
  }),
});
