/**
 * Payloads of the admin API's subscriptions desk (/api/admin/subscriptions): the list, one subscription whole, the
 * figures and the plan of the coming deliveries. What a change takes (pause, cancel) is read with the schemas every
 * face reads it with (core/schemas/subscriptions.ts).
 */
import { z } from "zod";
import { INTERVAL_UNITS, SUBSCRIPTION_STATUSES } from "../subscriptions";
import { postalAddressSchema } from "./admin-orders";
import { recordIdParam } from "./record-id";

const timestamp = z.string().describe("ISO 8601");
const cents = z.number().int();

export const subscriptionIdParamsSchema = z.object({ id: recordIdParam("id must be a subscription's number") });

export const subscriptionSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  email: z.string(),
  customer_name: z.string(),
  plan: z.string().describe("every 2 weeks, every month…"),
  items: z.string().describe("2 × HOUSE-BLEND-WB, …"),
  next_renewal_at: timestamp,
  paused_until: timestamp.nullable(),
});

export const subscriptionPageSchema = z.object({ subscriptions: z.array(subscriptionSummarySchema), next_cursor: z.string().nullable() });

const totalsSchema = z.object({
  subtotal_cents: cents,
  discount_cents: cents,
  shipping_cents: cents,
  tax_cents: cents,
  total_cents: cents,
});

export const subscriptionDetailSchema = subscriptionSummarySchema.omit({ items: true }).extend({
  customer_id: z.number().int().nullable(),
  interval: z.number().int(),
  interval_unit: z.enum(INTERVAL_UNITS),
  created_at: timestamp,
  cancelled_at: timestamp.nullable(),
  cancel_reason: z.string().nullable(),
  shipping_address: postalAddressSchema,
  shipping_option: z.string(),
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
  items: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      /** The variant's options (size, grind…). */
      attributes: z.record(z.string(), z.string()),
      quantity: z.number().int(),
      /** Its subscription price now; null when the variant is gone. */
      unit_price_cents: cents.nullable(),
    }),
  ),
  next_delivery: totalsSchema.nullable().describe("The next renewal priced now by the checkout's quote; null when cancelled or not priceable"),
  orders: z.array(z.object({ number: z.number().int().nullable(), status: z.string(), total_cents: cents, paid_at: timestamp.nullable() })),
  timeline: z.array(z.object({ at: timestamp, kind: z.string(), text: z.string(), actor: z.string() })),
});

export const subscriptionAnswerSchema = z.object({ subscription: subscriptionDetailSchema });

export const subscriptionFiguresSchema = z.object({
  by_status: z.object(Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof SUBSCRIPTION_STATUSES)[number], z.ZodNumber>),
  monthly_recurring_cents: cents.describe("The active subscriptions' goods at today's plan prices, per month"),
  cancellations: z.object({
    days: z.number().int(),
    count: z.number().int(),
    reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
});

export const deliveryPlanSchema = z.object({
  time_zone: z.string().describe("The shop's time zone the days are counted in"),
  days: z.array(
    z.object({
      day: z.string().describe("YYYY-MM-DD, the shop's day the renewals run on"),
      items: z.array(z.object({ sku: z.string(), product: z.string(), options: z.string(), quantity: z.number().int() })),
    }),
  ),
});
