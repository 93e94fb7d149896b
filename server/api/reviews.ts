/** Verified reviews over HTTP (docs/api.md, Reviews): the review link check and the submission. */
import { Hono, type Context } from "hono";
import { reviewerOrderRequestSchema, reviewSubmissionSchema } from "../../core/schemas/reviews";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { readJson } from "../http/errors";
import { enforceRateLimit, RateLimitError, rateLimitResponse, type RateLimitPolicy } from "../http/rate-limit";
import { getReviewerOrder, submitVerifiedReview } from "../reviews/reviews";

/** Generous for a customer reviewing a whole order; tight enough to stop a script hammering the token check. */
export const REVIEW_RATE_LIMIT: RateLimitPolicy = { limit: 30, windowMs: 60_000 };

/** A 429 answer once the client is over its allowance, else nothing. */
function refuseIfOverLimit(c: Context<AppEnv>) {
  try {
    enforceRateLimit(c.var.deps.rateLimiter, [`reviews:${clientIp(c)}`], REVIEW_RATE_LIMIT);
    return null;
  } catch (error) {
    if (error instanceof RateLimitError) return rateLimitResponse(c, error);
    throw error;
  }
}

export function reviewRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/reviews/reviewer_order", async (c) => {
    const refused = refuseIfOverLimit(c);
    if (refused) return refused;
    const body = await readJson(c, reviewerOrderRequestSchema);
    const orderDetails = await getReviewerOrder(c.var.deps.db, c.var.storeId, body.review_token);
    return c.json({ orderDetails });
  });

  api.post("/reviews/submit", async (c) => {
    const refused = refuseIfOverLimit(c);
    if (refused) return refused;
    const body = await readJson(c, reviewSubmissionSchema);
    return c.json(await submitVerifiedReview(c.var.deps.db, c.var.storeId, body), 201);
  });

  return api;
}
