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
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { getOwnerReview, listReviews, respondToReview, REVIEW_NOT_FOUND, reviewFilterOf, setReviewHidden, type OwnerReview } from "../reviews/reviews";
import { adminOperation, iso, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { bodyOf, json, jsonBody, numberParam, register } from "./operation";

const listReviewsOperation = adminOperation("reviews", {
  ...pagedList("/reviews", reviewListQuerySchema, reviewPageSchema, "reviews"),
  summary: "Reviews, newest first, by status (new: held for approval; published; hidden), rating and product",
});

const onReview = resourceOperations("reviews", {
  path: "/reviews/{id}",
  params: reviewIdParamsSchema,
  notFound: REVIEW_NOT_FOUND,
  answer: json(reviewAnswerSchema, "The review"),
});

const readReview = onReview.get({ summary: "A review with its status and the shop's answer" });

const respond = onReview.put({
  path: "/response",
  summary: "The shop's public answer, shown under the review as 'Response from Seller'; an empty text removes it",
  body: jsonBody(reviewResponseSchema),
});

const hide = onReview.post({
  path: "/hide",
  summary: "Take a review off the shop (a new one is declined): its product page and ratings follow at once",
});

const show = onReview.post({ path: "/show", summary: "Publish a new review, or show a hidden one again" });

const onReviewSettings = resourceOperations("reviews", { path: "/review-settings", answer: json(reviewSettingsSchema, "The setting") });

const readSettings = onReviewSettings.get({
  summary: "Whether new reviews are held for approval (new, off the shop until published) or published at once",
});

const changeSettings = onReviewSettings.put({
  summary: "Hold new reviews for approval, or publish them at once; reviews already written keep their status",
  body: jsonBody(reviewSettingsSchema),
});

const idOf = numberParam(reviewIdParamsSchema, "id");

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
  const answer = async (c: Context<AppEnv>, id: number) => c.json({ review: reviewBody(await getOwnerReview(c.var.deps.db, c.var.deps.storeId, id)) });

  register(admin, listReviewsOperation, pageAnswer(listReviewsOperation, "reviews", (db, storeId, query) => listReviews(db, storeId, reviewFilterOf(query)), reviewBody));

  register(admin, readSettings, async (c) =>
    c.json({ hold_for_approval: (await getStoreSettings(c.var.deps.db, c.var.deps.storeId)).reviews.holdForApproval }),
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
    await respondToReview(c.var.deps.db, c.var.deps.storeId, id, response, c.var.staffActor);
    return answer(c, id);
  });

  register(admin, hide, async (c) => {
    const id = idOf(c);
    await setReviewHidden(c.var.deps.db, c.var.deps.storeId, id, true, c.var.staffActor);
    return answer(c, id);
  });

  register(admin, show, async (c) => {
    const id = idOf(c);
    await setReviewHidden(c.var.deps.db, c.var.deps.storeId, id, false, c.var.staffActor);
    return answer(c, id);
  });

  return admin;
}
