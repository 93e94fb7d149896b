/**
 * Payloads of the admin API's customers (/api/admin/customers): everyone who bought or signed up, one per email
 * (decision 0053), with the notes and tags staff keep about them.
 */
import { z } from "zod";
import { listQuery, listSearch } from "./fields";
import { storable } from "./storable";
import { SUBSCRIPTION_STATUSES } from "../subscriptions";

const timestamp = z.string().describe("ISO 8601");

export const NEWSLETTER_STATUSES = ["subscribed", "unsubscribed", "not subscribed"] as const;

/**
 * A customer's address: an account's id, or `o` and an order number for a guest (any of their orders names them).
 * Never the email, which would land in the request log.
 */
export const customerKeyParamsSchema = z.object({
  id: z.string().regex(/^o?[1-9]\d{0,8}$/, "id must be an account id, or o and an order number"),
});
export const customerListQuerySchema = listQuery({ q: listSearch });

export const MAX_CUSTOMER_TAGS = 20;

/** Staff's notes and tags about a customer: tags trimmed, each once whatever its case, in the order given. */
export const customerProfileSchema = storable(
  z.object({
    notes: z.string({ error: "notes must be text" }).trim().max(4000, "notes are too long"),
    tags: z
      .array(z.string({ error: "each tag must be text" }).trim().min(1, "a tag cannot be blank").max(40, "a tag is at most 40 characters"), {
        error: "tags must be a list of words",
      })
      .max(MAX_CUSTOMER_TAGS, `at most ${MAX_CUSTOMER_TAGS} tags`)
      .transform((tags) => tags.filter((tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i)),
  }),
);

/** The tags as the detail page's one field holds them, comma separated. */
export const tagsOfField = (field: string) => field.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "");

export const customerSummarySchema = z.object({
  /** Where the customer is read: /api/admin/customers/{key}. */
  key: z.string(),
  /** The account's id; null for a guest. */
  id: z.number().int().nullable(),
  email: z.string(),
  /** The account's name, else the name on their latest order. */
  name: z.string(),
  account: z.boolean(),
  /** When they signed up or first bought, whichever came first. */
  created_at: timestamp,
  order_count: z.number().int(),
  /** What their placed orders kept: paid less refunded (decision 0049). */
  total_spent_cents: z.number().int(),
  first_order_at: timestamp.nullable(),
  last_order_at: timestamp.nullable(),
  tags: z.array(z.string()),
});

export const customerPageSchema = z.object({ customers: z.array(customerSummarySchema), next_cursor: z.string().nullable() });

export const customerAnswerSchema = z.object({
  customer: customerSummarySchema.extend({
    notes: z.string(),
    newsletter: z.enum(NEWSLETTER_STATUSES),
    orders: z.array(z.object({ number: z.number().int(), status: z.string(), total_cents: z.number().int(), placed_at: timestamp })),
    subscriptions: z.array(z.object({ id: z.number().int(), status: z.enum(SUBSCRIPTION_STATUSES), started_at: timestamp })),
  }),
});
