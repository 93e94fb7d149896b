/** Finding an order's status by its number and the email it was placed with, as the lookup page and the API ask. */
import { z } from "zod";
import { MAX_RECORD_ID } from "./record-id";
import { storable } from "./storable";

const NUMBER_MESSAGE = "Order number must be the number from your confirmation email";

export const orderLookupRequestSchema = storable(
  z.object({
    store_id: z.string().trim().min(1, "is required").max(64, "is too long"),
    order_number: z.coerce
      .number({ error: NUMBER_MESSAGE })
      .int(NUMBER_MESSAGE)
      .positive(NUMBER_MESSAGE)
      .max(MAX_RECORD_ID, NUMBER_MESSAGE),
    email: z.string().trim().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Invalid email address")),
  }),
);
export type OrderLookupRequest = z.infer<typeof orderLookupRequestSchema>;

export const orderLookupResponseSchema = z.object({
  order: z.object({
    number: z.number(),
    status: z.string().describe("paid, awaiting_payment, backordered, fulfilled, cancelled or refunded"),
    placed_at: z.string().describe("ISO 8601"),
    shipped_at: z.string().nullable(),
    carrier: z.string().nullable().describe("The carrier's usual name when it is one we know"),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable().describe("The carrier's tracking page, for carriers we know"),
  }),
});
export type OrderLookupResponse = z.infer<typeof orderLookupResponseSchema>;

/** The one answer for an unknown number and for a known number with another email, so neither tells them apart. */
export const ORDER_NOT_FOUND_MESSAGE = "No order matches that number and email. Check both against your confirmation email.";
