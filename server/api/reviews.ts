/** Verified reviews over HTTP (spec section 7, Reviews): the review link check and the submission. */
import { Hono } from "hono";
import { reviewerOrderRequestSchema, reviewSubmissionSchema } from "../../core/schemas/reviews";
import type { AppEnv } from "../context";
import { readJson } from "../http/errors";
import { getReviewerOrder, submitVerifiedReview } from "../reviews/reviews";

export function reviewRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/reviews/reviewer_order", async (c) => {
    const body = await readJson(c, reviewerOrderRequestSchema);
    const orderDetails = await getReviewerOrder(c.var.deps.db, body.current_store_id, body.review_token);
    return c.json({ orderDetails });
  });

  api.post("/reviews/submit", async (c) => {
    const body = await readJson(c, reviewSubmissionSchema);
    return c.json(await submitVerifiedReview(c.var.deps.db, body), 201);
  });

  return api;
}
