/** Payloads of the admin API's inbox of contact messages (/api/admin/messages). */
import { z } from "zod";
import { listQuery, oneOf } from "./fields";
import { CONTACT_MESSAGE_STATUSES, REPLY_MAX } from "../inbox-rules";
import { storable } from "./storable";
import { recordIdParam } from "./record-id";


const timestamp = z.string().describe("ISO 8601");

export const messageIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });

export const messageListQuerySchema = listQuery({
  status: oneOf("status", CONTACT_MESSAGE_STATUSES).optional().describe("Without it, every message but spam"),
});

const status = z.enum(CONTACT_MESSAGE_STATUSES);

export const messageSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The message's first 120 characters. */
  preview: z.string(),
  status,
  received_at: timestamp,
});

export const messagePageSchema = z.object({ messages: z.array(messageSummarySchema), next_cursor: z.string().nullable() });

export const messageAnswerSchema = z.object({
  message: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    status,
    received_at: timestamp,
    replies: z.array(z.object({ id: z.number().int(), author: z.string(), body: z.string(), sent_at: timestamp })),
  }),
});

export const messageReplySchema = storable(
  z.object({
    body: z
      .string({ error: "body must be text" })
      .trim()
      .min(1, "Write the reply")
      .max(REPLY_MAX, `must be at most ${REPLY_MAX} characters`),
  }),
);

export const messageSpamSchema = storable(z.object({ spam: z.boolean({ error: "spam must be true or false" }) }));
