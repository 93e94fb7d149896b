import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { reviewAnswerSchema, reviewPageSchema } from "../../core/schemas/admin-reviews";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { cachedProductPage } from "../catalog/cached-reads";
import { auditEvents, products, reviews } from "../db/schema";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "moderator");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof reviewAnswerSchema> & z.infer<typeof reviewPageSchema>> & { error?: string; field?: string };

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

/** The reviews the product page shows, through the cache it reads. */
const shopReviews = async (handle: string) => (await cachedProductPage(t.deps, t.deps.storeId, handle))!.product.reviews;

describe("review moderation", () => {
  it("hides a review off the product page at once, answers it, and shows it again, each in the audit trail", async () => {
    const { body } = await call("GET", "/api/admin/reviews?status=published&rating=4");
    const review = body.reviews![0];
    expect(review).toMatchObject({ rating: 4, status: "published" });
    const handle = review.product.handle;
    // The page is read (and cached) before the change, so the change must reach it through the content version.
    expect((await shopReviews(handle)).map((r) => r.review_id)).toContain(review.id);

    expect((await call("POST", `/api/admin/reviews/${review.id}/hide`)).body.review!.status).toBe("hidden");
    expect((await shopReviews(handle)).map((r) => r.review_id)).not.toContain(review.id);
    expect((await call("GET", "/api/admin/reviews?status=hidden")).body.reviews!.map((r) => r.id)).toEqual([review.id]);

    const answered = await call("PUT", `/api/admin/reviews/${review.id}/response`, { response: "Thanks for the honest words." });
    expect(answered.body.review).toMatchObject({ response: "Thanks for the honest words.", status: "hidden" });
    expect((await call("POST", `/api/admin/reviews/${review.id}/show`)).body.review!.status).toBe("published");
    expect((await shopReviews(handle)).find((r) => r.review_id === review.id)?.review_response).toBe("Thanks for the honest words.");

    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "review"), eq(auditEvents.entityId, String(review.id))))
      .orderBy(desc(auditEvents.id));
    expect(events.map((event) => [event.action, event.actorLabel])).toEqual([
      ["review.show", "moderator"],
      ["review.respond", "moderator"],
      ["review.hide", "moderator"],
    ]);
  });

  it("filters by product and status, publishes a review held as new, and pages with a cursor", async () => {
    const [product] = await t.deps.db.select({ id: products.id, handle: products.handle }).from(products).where(eq(products.handle, "house-blend"));
    const forProduct = (await call("GET", `/api/admin/reviews?product_id=${product.id}`)).body.reviews!;
    expect(forProduct.length).toBeGreaterThan(1);
    expect(new Set(forProduct.map((r) => r.product.handle))).toEqual(new Set(["house-blend"]));

    // A review written while the shop holds reviews: new, off the shop until published.
    const held = forProduct[0];
    await t.deps.db.update(reviews).set({ hidden: true, awaitingApproval: true }).where(eq(reviews.id, held.id));
    expect((await call("GET", "/api/admin/reviews?status=new")).body.reviews!.map((r) => r.id)).toEqual([held.id]);
    expect((await call("GET", "/api/admin/reviews?status=hidden")).body.reviews!.map((r) => r.id)).not.toContain(held.id);
    expect((await shopReviews("house-blend")).map((r) => r.review_id)).not.toContain(held.id);
    expect((await call("POST", `/api/admin/reviews/${held.id}/show`)).body.review!.status).toBe("published");
    expect((await call("GET", "/api/admin/reviews?status=new")).body.reviews).toEqual([]);
    expect((await shopReviews("house-blend")).map((r) => r.review_id)).toContain(held.id);

    const rest = (await call("GET", `/api/admin/reviews?product_id=${product.id}&cursor=${forProduct[0].id}`)).body.reviews!;
    expect(rest.map((r) => r.id)).toEqual(forProduct.slice(1).map((r) => r.id));
  });

  it("refuses bad input, unknown reviews and roles without the reviews permission", async () => {
    expect((await call("GET", "/api/admin/reviews?rating=6")).body).toMatchObject({ field: "rating" });
    expect((await call("GET", "/api/admin/reviews?status=pending")).body).toMatchObject({ field: "status" });
    expect((await call("PUT", "/api/admin/reviews/1/response", { response: "x".repeat(5001) })).body).toMatchObject({ field: "response" });
    expect((await call("POST", "/api/admin/reviews/999999/hide")).status).toBe(404);
    expect((await call("GET", "/api/admin/reviews/999999")).status).toBe(404);
    expect((await call("GET", "/api/admin/reviews", undefined, fulfilment)).status).toBe(403);
    expect((await call("POST", "/api/admin/reviews/1/hide", undefined, fulfilment)).status).toBe(403);
  });
});
