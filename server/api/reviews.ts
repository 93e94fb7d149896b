/** Verified reviews over HTTP (docs/api.md, Reviews): the review link check and the submission. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  reviewerOrderRequestSchema,
  reviewerOrderResponseSchema,
  reviewSubmissionResponseSchema,
  reviewSubmissionSchema,
} from "../../core/schemas/reviews";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { enforceRateLimit, RateLimitError, rateLimitResponse, type RateLimitPolicy } from "../http/rate-limit";
import { getReviewerOrder, submitVerifiedReview } from "../reviews/reviews";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, operation, RATE_LIMITED, register } from "./operation";

/** Generous for a customer reviewing a whole order; tight enough to stop a script hammering the token check. */
export const REVIEW_RATE_LIMIT: RateLimitPolicy = { limit: 30, windowMs: 60_000 };

/** A 429 answer once the client is over its allowance, else nothing. */
async function refuseIfOverLimit(c: Context<AppEnv>) {
  try {
    await enforceRateLimit(c.var.deps.rateLimiter, [`reviews:${clientIp(c)}`], REVIEW_RATE_LIMIT);
    return null;
  } catch (error) {
    if (error instanceof RateLimitError) return rateLimitResponse(c, error);
    throw error;
  }
}

const reviewerOrder = operation({
  method: "post",
  path: "/reviews/reviewer_order",
  tags: ["reviews"],
  summary: "Check a review link: the order and the products still to review",
  request: { body: jsonBody(reviewerOrderRequestSchema) },
  responses: {
    200: json(reviewerOrderResponseSchema, "The order and the products still to review"),
    ...errors({ 400: BAD_INPUT, 401: "Invalid review link", 404: "Unknown order", 409: "All products reviewed", 429: RATE_LIMITED }),
  },
});

const submitReview = operation({
  method: "post",
  path: "/reviews/submit",
  tags: ["reviews"],
  summary: "Submit a verified review",
  request: { body: jsonBody(reviewSubmissionSchema) },
  responses: {
    201: json(reviewSubmissionResponseSchema, "The review, and the products still to review"),
    ...errors({
      400: BAD_INPUT,
      401: "Invalid review link",
      403: "The link is for another order",
      409: "Product already reviewed",
      422: "Product not in the order",
      429: RATE_LIMITED,
    }),
  },
});

export function reviewRoutes() {
  const api = new OpenAPIHono<AppEnv>();

  register(api, reviewerOrder, async (c) => {
    const refused = await refuseIfOverLimit(c);
    if (refused) return refused;
    const body = await bodyOf(c, reviewerOrder);
    const orderDetails = await getReviewerOrder(c.var.deps.db, c.var.deps.storeId, body.review_token);
    return c.json({ orderDetails });
  });

  register(api, submitReview, async (c) => {
    const refused = await refuseIfOverLimit(c);
    if (refused) return refused;
    const body = await bodyOf(c, submitReview);
    return c.json(await submitVerifiedReview(c.var.deps.db, c.var.deps.storeId, body), 201);
  });

  return api;
}
