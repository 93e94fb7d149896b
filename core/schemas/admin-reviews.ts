/** Payloads of the admin API's review moderation (/api/admin/reviews). */
import { z } from "zod";
import { listQuery, oneOf } from "./fields";
import { RESPONSE_MAX, REVIEW_STATUSES } from "../inbox-rules";
import { storable } from "./storable";
import { recordIdParam } from "./record-id";


const timestamp = z.string().describe("ISO 8601");

export const reviewIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });

export const reviewListQuerySchema = listQuery({
  status: oneOf("status", REVIEW_STATUSES).optional(),
  rating: z
    .string()
    .regex(/^[1-5]$/, "rating must be a whole number from 1 to 5")
    .optional(),
  product_id: recordIdParam("product_id must be a product's id").optional(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ handle: z.string(), title: z.string() }),
  title: z.string(),
  description: z.string(),
  reviewer_name: z.string(),
  reviewer_email: z.string().nullable(),
  rating: z.number().int(),
  verified: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  /** The shop's public answer, shown under the review as 'Response from Seller'. */
  response: z.string().nullable(),
  written_at: timestamp,
});

export const reviewPageSchema = z.object({ reviews: z.array(reviewSchema), next_cursor: z.string().nullable() });
export const reviewAnswerSchema = z.object({ review: reviewSchema });

export const reviewResponseSchema = storable(
  z.object({
    response: z
      .string({ error: "response must be text" })
      .max(RESPONSE_MAX, `must be at most ${RESPONSE_MAX} characters`)
      .describe("An empty text removes the answer"),
  }),
);

/** Whether a review is published the moment it is written (false) or waits as new until the owner publishes it. */
export const reviewSettingsSchema = storable(z.object({ hold_for_approval: z.boolean({ error: "hold_for_approval must be true or false" }) }));
