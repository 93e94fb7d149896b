/** Payloads of the admin API's newsletter subscribers (/api/admin/subscribers). */
import { z } from "zod";
import { SUBSCRIBER_STATUSES } from "../inbox-rules";
import { storable } from "./storable";
import { listCursor, recordIdParam } from "./record-id";

const timestamp = z.string().describe("ISO 8601");

export const subscriberIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });

export const subscriberListQuerySchema = storable(
  z.object({
    q: z.string().max(200, "q is too long").optional().describe("Part of the email address"),
    status: z.enum(SUBSCRIBER_STATUSES, { error: `status must be one of ${SUBSCRIBER_STATUSES.join(", ")}` }).optional(),
    cursor: listCursor.optional(),
  }),
);

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** Where they signed up: the footer's form or the welcome popup. */
  source: z.enum(["footer", "popup"]),
  subscribed_at: timestamp,
  unsubscribed_at: timestamp.nullable(),
});

export const subscriberPageSchema = z.object({ subscribers: z.array(subscriberSchema), next_cursor: z.string().nullable() });
export const subscriberAnswerSchema = z.object({ subscriber: subscriberSchema });
