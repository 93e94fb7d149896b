/**
 * Review moderation (permission `reviews`): the reviews by status (new, published, hidden), rating and product; the
 * shop's public answer; hide and show (showing a new review publishes it). Each write is the server/reviews function
 * the admin screens and the command line call, in the audit trail; the product page follows at once (the reviews
 * table moves the content version).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  reviewAnswerSchema,
  reviewIdParamsSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewResponseSchema,
  reviewSettingsSchema,
} from "../../core/schemas/admin-reviews";
import type { AppEnv } from "../context";
import { parseWith } from "../http/errors";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { getOwnerReview, listReviews, respondToReview, REVIEW_NOT_FOUND, setReviewHidden, type OwnerReview } from "../reviews/reviews";
import { adminOperation, iso } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, queryOf, register } from "./operation";

const params = { params: reviewIdParamsSchema };

const listReviewsOperation = adminOperation("reviews", {
  method: "get",
  path: "/reviews",
  tags: ["admin"],
  summary: "Reviews, newest first, by status (new: held for approval; published; hidden), rating and product",
  request: { query: reviewListQuerySchema },
  responses: { 200: json(reviewPageSchema, "A page of reviews; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const readReview = adminOperation("reviews", {
  method: "get",
  path: "/reviews/{id}",
  tags: ["admin"],
  summary: "A review with its status and the shop's answer",
  request: params,
  responses: { 200: json(reviewAnswerSchema, "The review"), ...errors({ 400: BAD_INPUT, 404: REVIEW_NOT_FOUND }) },
});

const respond = adminOperation("reviews", {
  method: "put",
  path: "/reviews/{id}/response",
  tags: ["admin"],
  summary: "The shop's public answer, shown under the review as 'Response from Seller'; an empty text removes it",
  request: { ...params, body: jsonBody(reviewResponseSchema) },
  responses: { 200: json(reviewAnswerSchema, "The review"), ...errors({ 400: BAD_INPUT, 404: REVIEW_NOT_FOUND }) },
});

const hide = adminOperation("reviews", {
  method: "post",
  path: "/reviews/{id}/hide",
  tags: ["admin"],
  summary: "Take a review off the shop (a new one is declined): its product page and ratings follow at once",
  request: params,
  responses: { 200: json(reviewAnswerSchema, "The review"), ...errors({ 400: BAD_INPUT, 404: REVIEW_NOT_FOUND }) },
});

const show = adminOperation("reviews", {
  method: "post",
  path: "/reviews/{id}/show",
  tags: ["admin"],
  summary: "Publish a new review, or show a hidden one again",
  request: params,
  responses: { 200: json(reviewAnswerSchema, "The review"), ...errors({ 400: BAD_INPUT, 404: REVIEW_NOT_FOUND }) },
});

const readSettings = adminOperation("reviews", {
  method: "get",
  path: "/review-settings",
  tags: ["admin"],
  summary: "Whether new reviews are held for approval (new, off the shop until published) or published at once",
  responses: { 200: json(reviewSettingsSchema, "The setting") },
});

const changeSettings = adminOperation("reviews", {
  method: "put",
  path: "/review-settings",
  tags: ["admin"],
  summary: "Hold new reviews for approval, or publish them at once; reviews already written keep their status",
  request: { body: jsonBody(reviewSettingsSchema) },
  responses: { 200: json(reviewSettingsSchema, "The setting"), ...errors({ 400: BAD_INPUT }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(reviewIdParamsSchema, { id: c.req.param("id") }).id);

const reviewBody = (review: OwnerReview): z.infer<typeof reviewAnswerSchema>["review"] => ({
  id: review.id,
  product: { handle: review.productHandle, title: review.productTitle },
  title: review.title,
  description: review.description,
  reviewer_name: review.reviewerName,
  reviewer_email: review.reviewerEmail,
  rating: review.rating,
  verified: review.verified,
  status: review.status,
  response: review.response,
  written_at: iso(review.createdAt),
});

export function adminReviewsRoutes() {
  const admin = new OpenAPIHono<AppEnv>();
  const answer = async (c: Context<AppEnv>, id: number) => c.json({ review: reviewBody(await getOwnerReview(c.var.deps.db, c.var.storeId, id)) });

  register(admin, listReviewsOperation, async (c) => {
    const query = queryOf(c, listReviewsOperation);
    const page = await listReviews(c.var.deps.db, c.var.storeId, {
      status: query.status,
      rating: query.rating === undefined ? undefined : Number(query.rating),
      productId: query.product_id === undefined ? undefined : Number(query.product_id),
      cursor: query.cursor,
    });
    return c.json({ reviews: page.reviews.map(reviewBody), next_cursor: page.nextCursor });
  });

  register(admin, readSettings, async (c) =>
    c.json({ hold_for_approval: (await getStoreSettings(c.var.deps.db, c.var.storeId)).reviews.holdForApproval }),
  );

  register(admin, changeSettings, async (c) => {
    const { hold_for_approval } = await bodyOf(c, changeSettings);
    // The settings' one write path: checked by the shop's schema, audited, the content version moved.
    const stored = await changeStoreSettings(c.var.deps.db, c.var.staffActor, { reviews: { holdForApproval: hold_for_approval } }, "store_settings.reviews");
    return c.json({ hold_for_approval: stored.reviews.holdForApproval });
  });

  register(admin, readReview, async (c) => answer(c, idOf(c)));

  register(admin, respond, async (c) => {
    const id = idOf(c);
    const { response } = await bodyOf(c, respond);
    await respondToReview(c.var.deps.db, c.var.storeId, id, response, c.var.staffActor);
    return answer(c, id);
  });

  register(admin, hide, async (c) => {
    const id = idOf(c);
    await setReviewHidden(c.var.deps.db, c.var.storeId, id, true, c.var.staffActor);
    return answer(c, id);
  });

  register(admin, show, async (c) => {
    const id = idOf(c);
    await setReviewHidden(c.var.deps.db, c.var.storeId, id, false, c.var.staffActor);
    return answer(c, id);
  });

  return admin;
}
