/** Published reviews and testimonials, as the home page shows them. */
import { and, desc, eq } from "drizzle-orm";
import type { Review, Testimonial } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { storeRowsInPlace } from "../db/store-rows";
import { products, reviews, testimonials } from "../db/schema";
import { toReview } from "./products";

/** The newest published reviews of the whole shop, of products it sells: an archived or draft product's are not shown. */
export async function listRecentReviews(db: Database, storeId: string, limit = 6): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.storeId, storeId), eq(reviews.hidden, false), eq(products.status, "active")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => toReview(row.review));
}

export async function listTestimonials(db: Database, storeId: string): Promise<Testimonial[]> {
  const rows = await storeRowsInPlace(db, testimonials, storeId);
  return rows.map((row) => ({ title: row.title, main_review: row.mainReview, rating: row.rating, name: row.name }));
}
