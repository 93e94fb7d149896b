/**
 * Verified reviews: what a review link shows, taking a review through it, and the owner's moderation (respond, hide).
 * A review is published the moment it is written; the owner can hide it afterwards.
 */
import { and, desc, eq } from "drizzle-orm";
import { REVIEW_MESSAGES } from "../../core/review-rules";
import type { ReviewOrderDetails, ReviewSubmission, ReviewSubmissionResponse } from "../../core/schemas/reviews";
import type { Database } from "../db/client";
import { orders, products, reviews } from "../db/schema";
import { HttpError } from "../http/errors";
import { orderedProducts, productsLeftToReview } from "./order-products";
import { resolveReviewToken } from "./review-tokens";
import { recordAudit, type AuditActor } from "../staff/audit";

async function loadOrder(db: Database, storeId: string, orderId: number) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, email: orders.email, customerName: orders.customerName })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  // The token's order is gone (deleted with its tokens normally): the link is no longer valid.
  if (!order) throw new HttpError(401, "This review link is invalid or has expired");
  // The customer knows the order by its number (in every email); only an unpaid order has none.
  return { ...order, publicId: order.number ?? order.id };
}

/** POST /reviews/reviewer_order: the order behind a review link and the products still to review. */
export async function getReviewerOrder(db: Database, storeId: string, token: string): Promise<ReviewOrderDetails> {
  const grant = await resolveReviewToken(db, storeId, token);
  const order = await loadOrder(db, storeId, grant.orderId);
  const left = await productsLeftToReview(db, storeId, order.id);
  if (left.length === 0) throw new HttpError(409, REVIEW_MESSAGES.allReviewed);
  return {
    order_id: order.publicId,
    customer_name: order.customerName,
    customer_email: order.email,
    product_details: left.map((p) => ({ handle: p.handle, title: p.title })),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

const ALREADY_REVIEWED = "This product has already been reviewed for this order";

/**
 * POST /reviews/submit: one verified review of one product of the token's order. The reviewer's name and email come
 * from the order; what the client sends for them is ignored.
 */
export async function submitVerifiedReview(
  db: Database,
  storeId: string,
  input: ReviewSubmission,
): Promise<ReviewSubmissionResponse> {
  const grant = await resolveReviewToken(db, storeId, input.token);
  const order = await loadOrder(db, storeId, grant.orderId);
  if (order.publicId !== input.order_id) throw new HttpError(403, "This review link is for another order");

  const bought = await orderedProducts(db, storeId, order.id);
  const product = bought.find((p) => p.handle === input.product_handle);
  if (!product) throw new HttpError(422, `${input.product_handle} is not part of this order`, "product_handle");

  let reviewId: number;
  try {
    const [row] = await db
      .insert(reviews)
      .values({
        storeId,
        productId: product.productId,
        orderId: order.id,
        title: input.title,
        reviewerName: order.customerName,
        reviewerEmail: order.email,
        rating: input.rating,
        description: input.description,
        verified: true,
      })
      .returning({ id: reviews.id });
    reviewId = row.id;
  } catch (error) {
    // The unique (order, product) index is the single-use rule, also for two submissions racing each other.
    if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_REVIEWED);
    throw error;
  }
  const remaining = await productsLeftToReview(db, storeId, order.id);
  return {
    review: { review_id: reviewId, product_handle: product.handle, review_rating: input.rating, verified: true },
    remaining: remaining.map((p) => ({ handle: p.handle, title: p.title })),
  };
}

// ---------------------------------------------------------------- the owner's moderation

export type OwnerReview = {
  id: number;
  productHandle: string;
  title: string;
  reviewerName: string;
  rating: number;
  verified: boolean;
  hidden: boolean;
  response: string | null;
  createdAt: Date;
};

export async function listReviews(db: Database, storeId: string, limit = 50): Promise<OwnerReview[]> {
  return db
    .select({
      id: reviews.id,
      productHandle: products.handle,
      title: reviews.title,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
      verified: reviews.verified,
      hidden: reviews.hidden,
      response: reviews.response,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.storeId, storeId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

type ModerationChange = { response?: string | null; hidden?: boolean };

/** The owner's moderation, in the audit trail with what it changed when someone is named for it. */
async function updateReview(db: Database, storeId: string, reviewId: number, change: ModerationChange, audit?: { actor: AuditActor; action: string }) {
  await db.transaction(async (tx) => {
    const ofReview = and(eq(reviews.id, reviewId), eq(reviews.storeId, storeId));
    const [before] = await tx.select({ response: reviews.response, hidden: reviews.hidden }).from(reviews).where(ofReview).for("update");
    if (!before) throw new HttpError(404, `Review not found: ${reviewId}`);
    await tx.update(reviews).set(change).where(ofReview);
    if (audit) await recordAudit(tx, audit.actor, { action: audit.action, entity: "review", entityId: reviewId, before, after: { ...before, ...change } });
  });
}

export const RESPONSE_MAX = 5000;

/** The seller's public answer, shown under 'Response from Seller'; an empty text removes it. */
export async function respondToReview(db: Database, storeId: string, reviewId: number, text: string, actor?: AuditActor): Promise<void> {
  const response = text.trim();
  if (response.length > RESPONSE_MAX) throw new HttpError(400, `must be at most ${RESPONSE_MAX} characters`, "response");
  const audit = actor && { actor, action: "review.respond" };
  await updateReview(db, storeId, reviewId, { response: response === "" ? null : response }, audit);
}

export async function setReviewHidden(db: Database, storeId: string, reviewId: number, hidden: boolean, actor?: AuditActor): Promise<void> {
  await updateReview(db, storeId, reviewId, { hidden }, actor && { actor, action: hidden ? "review.hide" : "review.show" });
}
