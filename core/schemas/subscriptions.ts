/**
 * What a subscriber's page, the owner's desk and the admin API send to change a subscription: one schema per change,
 * read the same way by every face, each naming the field it refuses.
 */
import { z } from "zod";
import { INTERVAL_UNITS, SUBSCRIPTION_STATUSES } from "../subscriptions";
import { addressSchema } from "./checkout";
import { listQuery, listSearch, oneOf } from "./fields";

/** A calendar day as typed in a date field: 2026-12-24. */
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date such as 2026-12-24");

export const pauseSchema = z.object({
  /**
   * The shop's day it resumes itself, at the midnight beginning it in the shop's time zone (server/subscriptions/
   * changes.ts, pause); absent or empty pauses until the subscriber resumes it.
   */
  until: z
    .union([day, z.literal("")])
    .nullish()
    .transform((value) => value || null),
});

export const frequencySchema = z.object({
  interval: z.coerce.number().int("must be whole").min(1, "must be at least 1").max(365, "must be at most 365"),
  interval_unit: z.enum(INTERVAL_UNITS, "must be day, week, month or year"),
});

export const lineChangeSchema = z.object({
  line: z.coerce.number().int().positive("must name an item of this subscription"),
  sku: z.string().trim().min(1, "is required").max(100, "is too long"),
  quantity: z.coerce.number({ error: "must be a number" }).int("must be whole").min(1, "must be at least 1").max(99, "must be at most 99"),
});

export const addressChangeSchema = z.object({
  address: addressSchema,
  name: z.string().trim().max(200, "is too long").nullish(),
  shipping_option: z.string().trim().min(1).max(100).optional(),
});

export const cardChangeSchema = z.object({
  number: z.string().trim().min(1, "Your card number is incomplete.").max(40, "Your card number is invalid."),
  exp_month: z.coerce.number({ error: "Your card's expiration date is incomplete." }).int(),
  exp_year: z.coerce.number({ error: "Your card's expiration date is incomplete." }).int(),
  cvc: z.string().trim().min(1, "Your card's security code is incomplete.").max(4, "Your card's security code is invalid."),
});

export const cancelSchema = z.object({
  reason: z.string().trim().max(500, "must be at most 500 characters").nullish().transform((value) => value || null),
});

/** The desk's list (and its CSV): a status tab, a search by email or name, and the cursor every admin list pages by. */
export const subscriptionListQuerySchema = listQuery({
  status: oneOf("status", SUBSCRIPTION_STATUSES).optional(),
  q: listSearch,
});
