/**
 * Verified reviews (docs/product.md, States: Reviews; docs/api.md, Reviews): the review link check and the review
 * submission, shared by the API and the review page so both apply the same limits.
 */
import { z } from "zod";
import { REVIEW_LIMITS } from "../review-rules";
import { storable } from "./storable";
import { MAX_RECORD_ID } from "./record-id";

const token = z.string().trim().min(1, "is required").max(200, "is too long");
const storeId = z.string().trim().min(1, "is required").max(64, "is too long");

export const reviewerOrderRequestSchema = storable(z.object({
  review_token: token,
  current_store_id: storeId,
}));
export type ReviewerOrderRequest = z.infer<typeof reviewerOrderRequestSchema>;

const productToReviewSchema = z.object({ handle: z.string(), title: z.string() });

const reviewOrderDetailsSchema = z.object({
  order_id: z.number().describe("The order number the customer knows from their emails"),
  customer_name: z.string(),
  customer_email: z.string(),
  product_details: z.array(productToReviewSchema),
});
export type ReviewOrderDetails = z.infer<typeof reviewOrderDetailsSchema>;

export const reviewerOrderResponseSchema = z.object({ orderDetails: reviewOrderDetailsSchema });
export type ReviewerOrderResponse = z.infer<typeof reviewerOrderResponseSchema>;

export const reviewSubmissionSchema = storable(z.object({
  store_id: storeId,
  order_id: z.coerce.number().int("must be a whole number").positive("must be positive").max(MAX_RECORD_ID, "is not an order"),
  title: z.string().trim().min(1, "is required").max(REVIEW_LIMITS.titleMax, `must be at most ${REVIEW_LIMITS.titleMax} characters`),
  rating: z
    .number({ error: "is required: choose 1 to 5 stars" })
    .int("must be a whole number of stars")
    .min(REVIEW_LIMITS.ratingMin, "is required: choose 1 to 5 stars")
    .max(REVIEW_LIMITS.ratingMax, "must be at most 5 stars"),
  description: z
    .string()
    .trim()
    .min(1, "is required")
    .max(REVIEW_LIMITS.descriptionMax, `must be at most ${REVIEW_LIMITS.descriptionMax} characters`),
  token,
  product_handle: z.string().trim().min(1, "is required").max(200, "is too long"),
  // The spec's payload carries the customer's name and email, but the server takes both from the order.
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
}));
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export const reviewSubmissionResponseSchema = z.object({
  review: z.object({ review_id: z.number(), product_handle: z.string(), review_rating: z.number(), verified: z.literal(true) }),
  remaining: z.array(productToReviewSchema).describe("Products of the order still waiting for a review after this one"),
});
export type ReviewSubmissionResponse = z.infer<typeof reviewSubmissionResponseSchema>;
