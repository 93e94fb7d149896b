/** Payloads of the admin API's draft orders (/api/admin/drafts): orders staff build for a customer (server/drafts/). */
import { z } from "zod";
import { addressSchema, emailSchema } from "./checkout";
import { orderTotalsSchema, postalAddressSchema } from "./admin-orders";
import { recordIdParam } from "./record-id";
import { storable } from "./storable";
import { MAX_DISTINCT_LINES, MAX_QUANTITY } from "../cart";
import { PAID_ANOTHER_WAY } from "../payment-links";


/** One million dollars: more than any one line or discount of a small shop, less than an integer column holds. */
const MAX_CENTS = 100_000_000;
const cents = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of cents` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} cannot be negative`)
    .max(MAX_CENTS, `${name} is too large`);

export const draftLineSchema = z.object({
  sku: z.string({ error: "sku is required" }).trim().min(1, "sku is required").max(100, "sku is too long"),
  quantity: z
    .number({ error: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
  unit_price_cents: cents("unit_price_cents").nullish().describe("Staff's price for one unit instead of the catalogue's; absent or null: the catalogue's"),
});

export const draftDiscountSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("code"), code: z.string().trim().min(1, "code is required").max(100, "code is too long") }),
    z.object({ kind: z.literal("amount"), amount_cents: cents("amount_cents").min(1, "amount_cents must be more than 0") }),
    z.object({
      kind: z.literal("percent"),
      percent: z.number({ error: "percent must be a whole number" }).int("percent must be a whole number").min(1, "percent must be 1 to 100").max(100, "percent must be 1 to 100"),
    }),
  ],
  { error: "discount must be a code, an amount or a percent" },
);

const draftFields = {
  email: emailSchema,
  customer_name: z.string({ error: "customer_name is required" }).trim().min(1, "customer_name is required").max(200, "customer_name is too long"),
  shipping_address: addressSchema,
  shipping_option: z.string({ error: "shipping_option is required" }).trim().min(1, "shipping_option is required").max(100),
  shipping_cents_override: cents("shipping_cents_override").nullish().describe("Shipping charged instead of the option's price; absent or null: the shop's rules"),
  lines: z.array(draftLineSchema).min(1, "add at least one line").max(MAX_DISTINCT_LINES, `at most ${MAX_DISTINCT_LINES} lines`),
  discount: draftDiscountSchema.nullish().describe("A code, or an amount or percent off the goods; null: none"),
};

export const draftCreateSchema = storable(z.object(draftFields));
/** Only what is sent changes; the rest stays as it was. Lines, when sent, replace the draft's lines. */
export const draftUpdateSchema = storable(z.object(draftFields).partial());

export const draftMarkPaidSchema = storable(
  z.object({
    paid_with: z.enum(PAID_ANOTHER_WAY, { error: `paid_with must be one of: ${PAID_ANOTHER_WAY.join(", ")}` }),
    note: z.string({ error: "note must be text" }).trim().max(500, "note is too long").default(""),
  }),
);

export const draftIdParamsSchema = z.object({ id: recordIdParam("id must be a draft's number") });

export const DRAFT_STATUSES = ["open", "invoice_sent", "paid"] as const;

const timestamp = z.string().describe("ISO 8601");

export const draftSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(DRAFT_STATUSES),
  email: z.string(),
  customer_name: z.string(),
  total_cents: z.number().int(),
  order_number: z.number().int().nullable().describe("The order it became once paid"),
  created_at: timestamp,
});

export const draftListSchema = z.object({ drafts: z.array(draftSummarySchema) });

export const draftAnswerSchema = z.object({
  draft: draftSummarySchema.extend({
    lines: z.array(
      z.object({
        sku: z.string(),
        title: z.string(),
        options: z.string(),
        quantity: z.number().int(),
        catalogue_unit_price_cents: z.number().int().nullable().describe("What the catalogue charges now; null once it no longer sells the sku"),
        unit_price_cents: z.number().int(),
        price_overridden: z.boolean(),
        line_total_cents: z.number().int(),
      }),
    ),
    discount: draftDiscountSchema.nullable(),
    shipping_address: postalAddressSchema,
    shipping_option: z.string(),
    shipping_cents_override: z.number().int().nullable(),
    totals: orderTotalsSchema.omit({ discount_code: true }),
    payment_link: z.object({ amount_cents: z.number().int(), sent_at: timestamp }).nullable().describe("The open payment link emailed to the customer, if any"),
    timeline: z.array(z.object({ at: timestamp, text: z.string() })),
  }),
});
