/**
 * Verified reviews: what a review link shows, taking a review through it, and the owner's moderation (respond, hide,
 * publish). A review is published the moment it is written, unless the store holds reviews for approval
 * (settings.reviews.holdForApproval): then it is new, off the shop until the owner publishes it.
 */
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { RESPONSE_MAX, type ReviewStatus } from "../../core/inbox-rules";
import { REVIEW_MESSAGES } from "../../core/review-rules";
import type { ReviewOrderDetails, ReviewSubmission, ReviewSubmissionResponse } from "../../core/schemas/reviews";
import type { reviewListQuerySchema } from "../../core/schemas/admin-reviews";
import type { Database } from "../db/client";
import { orders, products, reviews } from "../db/schema";
import { orderedProducts, productsLeftToReview } from "./order-products";
import { resolveReviewToken } from "./review-tokens";
import { recordAudit, type AuditActor } from "../audit/audit";
import { newestFirstPage } from "../db/listing";
import { getStoreSettings } from "../store/settings";
import { badInput, conflict, forbidden, notFound, notSignedIn, ruleBroken } from "../../core/errors";
import { isUniqueViolation } from "../db/unique-violation";

async function loadOrder(db: Database, storeId: string, orderId: number) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, email: orders.email, customerName: orders.customerName })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  // The token's order is gone (deleted with its tokens normally): the link is no longer valid.
  if (!order) throw notSignedIn("This review link is invalid or has expired");
  // The customer knows the order by its number (in every email); only an unpaid order has none.
  return { ...order, publicId: order.number ?? order.id };
}

/** POST /reviews/reviewer_order: the order behind a review link and the products still to review. */
export async function getReviewerOrder(db: Database, storeId: string, token: string): Promise<ReviewOrderDetails> {
  const grant = await resolveReviewToken(db, storeId, token);
  const order = await loadOrder(db, storeId, grant.orderId);
  const left = await productsLeftToReview(db, storeId, order.id);
  if (left.length === 0) throw conflict(REVIEW_MESSAGES.allReviewed);
  return {
    order_id: order.publicId,
    customer_name: order.customerName,
    customer_email: order.email,
    product_details: left.map((p) => ({ handle: p.handle, title: p.title })),
  };
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
  if (order.publicId !== input.order_id) throw forbidden("This review link is for another order");

  const bought = await orderedProducts(db, storeId, order.id);
  const product = bought.find((p) => p.handle === input.product_handle);
  if (!product) throw ruleBroken(`${input.product_handle} is not part of this order`, "product_handle");

  const held = (await getStoreSettings(db, storeId)).reviews.holdForApproval;
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
        hidden: held,
        awaitingApproval: held,
      })
      .returning({ id: reviews.id });
    reviewId = row.id;
  } catch (error) {
    // The unique (order, product) index is the single-use rule, also for two submissions racing each other.
    if (isUniqueViolation(error)) throw conflict(ALREADY_REVIEWED);
    throw error;
  }
  const remaining = await productsLeftToReview(db, storeId, order.id);
  return {
    review: { review_id: reviewId, product_handle: product.handle, review_rating: input.rating, verified: true },
    remaining: remaining.map((p) => ({ handle: p.handle, title: p.title })),
  };
}

// ---------------------------------------------------------------- the owner's moderation


const statusOf = (row: { hidden: boolean; awaitingApproval: boolean }): ReviewStatus =>
  row.awaitingApproval ? "new" : row.hidden ? "hidden" : "published";

const STATUS_WHERE: Record<ReviewStatus, SQL | undefined> = {
  new: eq(reviews.awaitingApproval, true),
  published: eq(reviews.hidden, false),
  hidden: and(eq(reviews.hidden, true), eq(reviews.awaitingApproval, false)),
};

export type OwnerReview = {
  id: number;
  productHandle: string;
  productTitle: string;
  title: string;
  description: string;
  reviewerName: string;
  reviewerEmail: string | null;
  rating: number;
  verified: boolean;
  status: ReviewStatus;
  response: string | null;
  createdAt: Date;
};

export type ReviewFilter = { status?: ReviewStatus; rating?: number; productId?: number; cursor?: string; limit?: number };

/** A list query (the API's and the screen's) as listReviews filters: the rating and product as the numbers they are. */
export function reviewFilterOf(query: z.infer<typeof reviewListQuerySchema>): ReviewFilter {
  return {
    status: query.status,
    rating: query.rating === undefined ? undefined : Number(query.rating),
    productId: query.product_id === undefined ? undefined : Number(query.product_id),
    cursor: query.cursor,
  };
}

export const REVIEWS_PAGE_SIZE = 50;
export const REVIEW_NOT_FOUND = "No such review in this store";

async function selectOwnerReviews(db: Database, where: SQL | undefined, limit: number): Promise<OwnerReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      productHandle: products.handle,
      productTitle: products.title,
      title: reviews.title,
      description: reviews.description,
      reviewerName: reviews.reviewerName,
      reviewerEmail: reviews.reviewerEmail,
      rating: reviews.rating,
      verified: reviews.verified,
      hidden: reviews.hidden,
      awaitingApproval: reviews.awaitingApproval,
      response: reviews.response,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    // By id alone, so the cursor pages exactly: ids rise with time.
    .orderBy(desc(reviews.id))
    .limit(limit);
  return rows.map(({ hidden, awaitingApproval, ...row }) => ({ ...row, status: statusOf({ hidden, awaitingApproval }) }));
}

/** Newest first, by status, rating and product, a page at a time (the cursor is the last id seen). */
export async function listReviews(db: Database, storeId: string, filter: ReviewFilter = {}): Promise<{ reviews: OwnerReview[]; nextCursor: string | null }> {
  const { page, nextCursor } = await newestFirstPage(filter, REVIEWS_PAGE_SIZE, reviews.id, (olderThanCursor, count) =>
    selectOwnerReviews(
      db,
      and(
        eq(reviews.storeId, storeId),
        filter.status ? STATUS_WHERE[filter.status] : undefined,
        filter.rating ? eq(reviews.rating, filter.rating) : undefined,
        filter.productId ? eq(reviews.productId, filter.productId) : undefined,
        olderThanCursor,
      ),
      count,
    ),
  );
  return { reviews: page, nextCursor };
}

/** The products that have reviews, by title: the moderation's product filter. */
export async function reviewedProducts(db: Database, storeId: string): Promise<{ id: number; title: string }[]> {
  return db
    .selectDistinct({ id: products.id, title: products.title })
    .from(products)
    .innerJoin(reviews, eq(reviews.productId, products.id))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.title), asc(products.id));
}

/** One review as the moderation shows it. */
export async function getOwnerReview(db: Database, storeId: string, reviewId: number): Promise<OwnerReview> {
  const [review] = await selectOwnerReviews(db, and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)), 1);
  if (!review) throw notFound(`Review not found: ${reviewId}`);
  return review;
}

type ModerationChange = { response?: string | null; hidden?: boolean; awaitingApproval?: boolean };

/** The owner's moderation, in the audit trail with what it changed when someone is named for it. */
async function updateReview(db: Database, storeId: string, reviewId: number, change: ModerationChange, audit?: { actor: AuditActor; action: string }) {
  await db.transaction(async (tx) => {
    const ofReview = and(eq(reviews.id, reviewId), eq(reviews.storeId, storeId));
    const [before] = await tx
      .select({ response: reviews.response, hidden: reviews.hidden, awaitingApproval: reviews.awaitingApproval })
      .from(reviews)
      .where(ofReview)
      .for("update");
    if (!before) throw notFound(`Review not found: ${reviewId}`);
    await tx.update(reviews).set(change).where(ofReview);
    if (audit) await recordAudit(tx, audit.actor, { action: audit.action, entity: "review", entityId: reviewId, before, after: { ...before, ...change } });
  });
}

/** The seller's public answer, shown under 'Response from Seller'; an empty text removes it. */
export async function respondToReview(db: Database, storeId: string, reviewId: number, text: string, actor?: AuditActor): Promise<void> {
  const response = text.trim();
  if (response.length > RESPONSE_MAX) throw badInput(`must be at most ${RESPONSE_MAX} characters`, "response");
  const audit = actor && { actor, action: "review.respond" };
  await updateReview(db, storeId, reviewId, { response: response === "" ? null : response }, audit);
}

/**
 * Hides a review or shows it (a new one is published by showing it): either way the owner has decided, so it is no
 * longer awaiting approval. The content version moves with the row (its trigger), so pages and caches follow at once.
 */
export async function setReviewHidden(db: Database, storeId: string, reviewId: number, hidden: boolean, actor?: AuditActor): Promise<void> {
  await updateReview(db, storeId, reviewId, { hidden, awaitingApproval: false }, actor && { actor, action: hidden ? "review.hide" : "review.show" });
}
