/**
 * What the back office sends to create or change a discount code or the welcome popup's offer, and what the admin API
 * answers about them (/api/admin/discounts). The admin API and the admin screens parse with the same schemas; the
 * rules that need the database (a code is free, a used code keeps its name) live in server/discounts/discount-editor.ts,
 * and the shop applies the fields in server/cart/discounts.ts. Money is integer cents.
 */
import { z } from "zod";
import { storable } from "./storable";
import { recordIdParam } from "./record-id";

const MAX_CENTS = 100_000_000;
export const MAX_REDEMPTIONS = 1_000_000;

export const DISCOUNT_TYPES = ["percentage", "fixed_amount", "free_shipping"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** How a code stands for shoppers now: paused and ended are the owner's; the rest follow from dates and use. */
export const DISCOUNT_STATES = ["active", "scheduled", "expired", "used_up", "paused", "ended"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const discountIdParamsSchema = z.object({ id: recordIdParam("id must be a number") });

const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(1, `${field} must be at least 1 cent`)
    .max(MAX_CENTS, `${field} is too large`);

const percentage = z
  .number({ error: "Percentage must be a number" })
  .int("Percentage must be a whole number")
  .min(1, "Percentage must be at least 1")
  .max(100, "Percentage must be at most 100");

/** A calendar day of the shop's time zone, one the calendar has (2026-02-30 is refused rather than rolled over). */
const shopDay = z
  .string({ error: "Give a day such as 2026-12-01" })
  .trim()
  .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "Give a day such as 2026-12-01");
/** The moments these fields held before days replaced them: refused, so a program sending them learns of the change. */
const movedTo = (field: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, `Give ${field} instead: a day of the shop's time zone such as 2026-12-01`)
    .optional()
    .describe(`No longer taken: give ${field}`);

/**
 * Shoppers type codes in any case and the shop compares them without it (one code per spelling, whatever the case);
 * the code keeps the case the owner gave it.
 */
export const discountCodeSchema = z
  .string({ error: "Code is required" })
  .trim()
  .min(3, "Code must be at least 3 characters")
  .max(40, "Code is too long")
  .regex(/^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/, "Code may hold only letters, digits and single hyphens or underscores between them");

export const discountInputSchema = storable(
  z
    .object({
      code: discountCodeSchema,
      /** percentage: `percentage` off the goods, at most `max_discount_cents`; fixed_amount: `amount_cents` off. */
      type: z.enum(DISCOUNT_TYPES, { error: "Choose percentage, fixed amount or free shipping" }),
      percentage: percentage.nullable().default(null),
      max_discount_cents: cents("Cap").nullable().default(null),
      amount_cents: cents("Amount").nullable().default(null),
      /** Shipping free as well (always, for the free_shipping type). */
      free_shipping: z.boolean().default(false),
      max_redemptions: z
        .number({ error: "Limit must be a number" })
        .int("Limit must be a whole number")
        .min(1, "Limit must be at least 1")
        .max(MAX_REDEMPTIONS, `Limit must be at most ${MAX_REDEMPTIONS}`),
      /** The first day it works, from the shop's midnight beginning it (decision 0068). */
      starts_on: shopDay.nullable().default(null),
      /** The last day it works, to the shop's midnight ending it. */
      ends_on: shopDay.nullable().default(null),
      starts_at: movedTo("starts_on"),
      ends_at: movedTo("ends_on"),
      /** The goods before the discount must reach this. */
      minimum_subtotal_cents: cents("Minimum subtotal").nullable().default(null),
      once_per_customer: z.boolean().default(false),
      /** A subscription bought with the code keeps it on every renewal, not on its first order alone. */
      applies_to_renewals: z.boolean().default(false),
    })
    .superRefine((input, context) => {
      const refuse = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      if (input.type === "percentage" && input.percentage === null) refuse("percentage", "Percentage is required");
      if (input.type !== "percentage" && input.percentage !== null) refuse("percentage", "Only a percentage code takes a percentage");
      if (input.type !== "percentage" && input.max_discount_cents !== null) refuse("max_discount_cents", "Only a percentage code takes a cap");
      if (input.type === "fixed_amount" && input.amount_cents === null) refuse("amount_cents", "Amount is required");
      if (input.type !== "fixed_amount" && input.amount_cents !== null) refuse("amount_cents", "Only a fixed amount code takes an amount");
      if (input.starts_on && input.ends_on && input.ends_on < input.starts_on) refuse("ends_on", "The last day must not come before the first");
    }),
);
export type DiscountInput = z.infer<typeof discountInputSchema>;

export const discountActionSchema = z.object({ action: z.enum(["pause", "resume", "end"], { error: "Action is pause, resume or end" }) });

const discountFields = {
  id: z.number(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  percentage: z.number().nullable(),
  max_discount_cents: z.number().nullable(),
  amount_cents: z.number().nullable(),
  free_shipping: z.boolean(),
  max_redemptions: z.number(),
  /** The first and last days, in the shop's time zone; null: at once, no end. */
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** The moments those days make in the shop's time zone now: the first it works, the first it no longer does (ISO 8601). */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  minimum_subtotal_cents: z.number().nullable(),
  once_per_customer: z.boolean(),
  applies_to_renewals: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  /** Paid orders with the code (refunded ones included: they used it). */
  used: z.number(),
  /** Held by unpaid orders as well: what the limit counts. */
  redemptions: z.number(),
  /** The totals of its paid orders, refunded ones left out. */
  revenue_cents: z.number(),
  created_at: z.string(),
};

export const discountAnswerSchema = z.object({ discount: z.object(discountFields) });
export const discountListSchema = z.object({ discounts: z.array(z.object(discountFields)) });

/** The welcome popup's offer: a percentage off the first order, sent as a code to each new subscriber. */
export const welcomeOfferInputSchema = z.object({
  enabled: z.boolean({ error: "Say whether the popup offers a discount" }),
  percentage,
});
export type WelcomeOfferInput = z.infer<typeof welcomeOfferInputSchema>;

export const welcomeOfferAnswerSchema = z.object({
  welcome_offer: z.object({
    enabled: z.boolean(),
    percentage: z.number(),
    /** Welcome codes sent, and those used on a first order. */
    codes_sent: z.number(),
    codes_used: z.number(),
  }),
});
