/**
 * Review links. A fulfilled order gets a random token, mailed to its customer; only its SHA-256 hash is stored, so
 * the table alone cannot be used to write reviews. The token is the authorisation: whoever holds it may review
 * each product of that one order once, for 60 days.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { orders, reviewTokens, stores } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import type { OrderEvents } from "../order-events";
import { productsLeftToReview } from "./order-products";
import { notFound, notSignedIn } from "../../core/errors";
import { shopDate } from "../../core/shop-dates";
import { getStoreSettings } from "../store/settings";

export const REVIEW_TOKEN_TTL_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export function hashReviewToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function reviewLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/verified_review_submission?review_token=${encodeURIComponent(token)}`;
}

export type ReviewRequest = { token: string; link: string; expiresAt: Date; mailId: number };

/**
 * Creates a review token for the order and emails its customer the link with the products to review. Returns null,
 * sending nothing, when the order has nothing (left) to review.
 */
export async function issueReviewRequest(
  deps: Pick<AppDeps, "db" | "mailer" | "config">,
  storeId: string,
  orderId: number,
  now: Date = new Date(),
): Promise<ReviewRequest | null> {
  const { db } = deps;
  const [order] = await db
    .select({ id: orders.id, number: orders.number, email: orders.email, customerName: orders.customerName })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  if (!order) throw notFound(`Order not found: ${orderId}`);
  const toReview = await productsLeftToReview(db, storeId, orderId);
  if (toReview.length === 0) return null;

  // 32 random bytes: far beyond guessing, and URL-safe as base64url.
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + REVIEW_TOKEN_TTL_DAYS * DAY_MS);
  await db.insert(reviewTokens).values({ tokenHash: hashReviewToken(token), storeId, orderId, expiresAt });

  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  const shopName = store?.name ?? "Our shop";
  const { timeZone } = await getStoreSettings(db, storeId);
  const link = reviewLink(deps.config.publicUrl, token);
  const orderLabel = `order ${order.number ?? order.id}`;
  const expiry = shopDate(expiresAt, timeZone);
  const text = [
    `Hello ${order.customerName},`,
    "",
    `Thank you for your ${orderLabel}. How do you like what you bought? Tell other shoppers with a verified review:`,
    "",
    ...toReview.map((p) => `- ${p.title}`),
    "",
    link,
    "",
    `The link is yours alone and works until ${expiry}, once for each product.`,
  ].join("\n");
  const html = layoutHtml(
    shopName,
    `<p>Hello ${escapeHtml(order.customerName)},</p>
<p>Thank you for your ${escapeHtml(orderLabel)}. How do you like what you bought? Tell other shoppers with a verified review:</p>
<ul>${toReview.map((p) => `<li>${escapeHtml(p.title)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">Write a review</a></p>
<p style="font-size:13px">The link is yours alone and works until ${expiry}, once for each product.</p>`,
  );
  const { id: mailId } = await deps.mailer.send({
    storeId,
    to: order.email,
    subject: `How was your ${orderLabel}? Review your purchase`,
    text,
    html,
    kind: "review-request",
    orderId,
  });
  return { token, link, expiresAt, mailId };
}

/** From now on every order that ships asks its customer for a review. */
export function requestReviewsOnFulfilment(orderEvents: OrderEvents): void {
  orderEvents.onFulfilled(async (deps, event) => {
    await issueReviewRequest(deps, event.storeId, event.orderId);
  });
}

export type ReviewGrant = { storeId: string; orderId: number };

/** The order a token lets its holder review; 401 for a token that is unknown, expired or of another store. */
export async function resolveReviewToken(db: Database, storeId: string, token: string, now: Date = new Date()): Promise<ReviewGrant> {
  const [row] = await db
    .select({ storeId: reviewTokens.storeId, orderId: reviewTokens.orderId, expiresAt: reviewTokens.expiresAt })
    .from(reviewTokens)
    .where(eq(reviewTokens.tokenHash, hashReviewToken(token)));
  if (!row || row.storeId !== storeId || row.expiresAt.getTime() <= now.getTime()) {
    throw notSignedIn("This review link is invalid or has expired");
  }
  return { storeId: row.storeId, orderId: row.orderId };
}
