/** Payloads of returns and exchanges (decision 0056): the customer's request, the admin API's and the screens'. */
import { z } from "zod";
import { oneOf } from "./fields";
import { day } from "./admin-orders";
import { storable } from "./storable";
import { recordId, recordIdParam } from "./record-id";
import { RETURN_REASON_KEYS, RETURN_STATES } from "../returns";

const timestamp = z.string().describe("ISO 8601");
const MAX_UNITS = 10_000;

export const returnIdParamsSchema = z.object({ id: recordIdParam("id must be a return id") });

/** What a customer (or staff, from the order) asks to return: lines and units, a reason from the list, a note. */
export const returnRequestSchema = storable(
  z
    .object({
      lines: z
        .array(
          z.object({
            order_line_id: recordId("order_line_id must be a line of the order"),
            quantity: z.number({ error: "quantity must be a number" }).int("quantity must be whole units").min(0, "quantity cannot be negative").max(MAX_UNITS, "quantity is too large"),
          }),
        )
        .min(1, "Choose at least one item to return")
        .max(200, "Too many lines"),
      reason: z.enum(RETURN_REASON_KEYS, { error: "Choose a reason for the return" }),
      note: z.string({ error: "note must be text" }).trim().max(1000, "The note is too long (1,000 characters at most)").optional(),
    })
    .meta({ id: "ReturnRequest" }),
);
export type ReturnRequestBody = z.infer<typeof returnRequestSchema>;

export const declineSchema = storable(
  z.object({ note: z.string({ error: "note must be text" }).trim().max(1000, "The note is too long (1,000 characters at most)").default("") }),
);

export const receiveSchema = z.object({
  restock_line_ids: z
    .array(recordId("restock_line_ids must be lines of the return"))
    .max(200)
    .default([])
    .describe("The return's lines whose units go back on the shelf; the others are kept out (damaged)"),
});

export const returnRefundSchema = z.object({
  shipping: z.boolean().default(false).describe("Refund the order's shipping too (once per order)"),
});

export const exchangeSchema = storable(
  z.object({
    lines: z
      .array(z.object({ return_line_id: recordId("return_line_id must be a line of the return"), sku: z.string().trim().min(1, "Choose a variant").max(100) }))
      .min(1, "Choose a variant for each line")
      .max(200),
  }),
);

export const returnListQuerySchema = storable(
  z.object({
    status: oneOf("status", RETURN_STATES).optional(),
    from: day("from").optional().describe("Started on or after this day (UTC); without it, 30 days before `to`"),
    to: day("to").optional().describe("Started on or before this day (UTC); without it, today"),
  }),
);

export const returnSchema = z
  .object({
    id: z.number().int(),
    order_number: z.number().int(),
    status: z.enum(RETURN_STATES),
    reason: z.enum(RETURN_REASON_KEYS),
    note: z.string(),
    decline_note: z.string().nullable(),
    requested_by: z.string().describe("'customer', or the staff member who created it from the order"),
    refunded_cents: z.number().int().nullable(),
    refunded_shipping: z.boolean(),
    exchange_order_number: z.number().int().nullable(),
    owed_cents: z.number().int().describe("What an exchange that cost more left the customer owing; 0 when nothing"),
    created_at: timestamp,
    lines: z.array(
      z.object({
        id: z.number().int(),
        order_line_id: z.number().int(),
        title: z.string(),
        options: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int(),
        restocked: z.boolean().nullable(),
        exchange_sku: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Return" });

export const returnAnswerSchema = z.object({ return: returnSchema });

export const orderReturnsSchema = z.object({
  returns: z.array(returnSchema),
  returnable: z.array(z.object({ order_line_id: z.number().int(), title: z.string(), bought: z.number().int(), returned: z.number().int(), left: z.number().int() })),
});

export const returnRefundAnswerSchema = returnAnswerSchema.extend({ refund: z.object({ amount_cents: z.number().int(), owed: z.boolean() }) });

export const exchangeAnswerSchema = returnAnswerSchema.extend({
  exchange: z.object({
    order_number: z.number().int(),
    difference_cents: z.number().int().describe("Negative: refunded to the customer; positive: owed by them; 0: even"),
    refund_owed: z.boolean(),
  }),
});

export const returnsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  reasons: z.partialRecord(z.enum(RETURN_REASON_KEYS), z.number().int()).describe("Returns started in the range, counted by reason"),
  statuses: z.record(z.enum(RETURN_STATES), z.number().int()),
  returns: z.array(returnSchema),
});
