/** Payloads of the admin API's newsletter subscribers (/api/admin/subscribers). */
import { z } from "zod";
import { listQuery, listSearch, oneOf } from "./fields";
import { SUBSCRIBER_STATUSES } from "../inbox-rules";
import { recordIdParam } from "./record-id";

const timestamp = z.string().describe("ISO 8601");

export const subscriberIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });

export const subscriberListQuerySchema = listQuery({
  q: listSearch.describe("Part of the email address"),
  status: oneOf("status", SUBSCRIBER_STATUSES).optional(),
});

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
