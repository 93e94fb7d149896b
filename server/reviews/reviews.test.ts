import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../core/review-rules";
import { createTestApp, type TestApp } from "../../tests/support/app";
import type { Database } from "../db/client";
import { DEMO, seedDemoStore } from "../db/seed";
import { bundles, mailOutbox, orderLines, orders, products, reviewTokens, reviews } from "../db/schema";
import { getProductByHandle } from "../catalog/products";
import { fulfilOrder } from "../orders/operations";
import { hashReviewToken, issueReviewRequest, REVIEW_TOKEN_TTL_DAYS } from "./review-tokens";
import { publicReviewerName } from "./reviewer-name";
import { listReviews, respondToReview, setReviewHidden } from "./reviews";
import { namedError } from "../../tests/support/errors";
import { commandLineActor } from "../audit/audit";
import { changeStoreSettings } from "../store/settings";

const H = DEMO.productHandles;

/** A fulfilled order written directly, as the checkout would leave it. */
async function createOrder(
  db: Database,
  storeId: string,
  lines: { product?: string; bundle?: string }[],
  customer = { name: "Ada Lovelace", email: "ada@example.com" },
) {
  const [order] = await db
    .insert(orders)
    .values({
      storeId,
      status: "fulfilled",
      email: customer.email,
      customerName: customer.name,
      shippingAddress: { line1: "1 Main St", city: "Portland", state: "OR", postal_code: "97201", country: "US" } as never,
      shippingOptionKey: "standard",
      subtotalCents: 1000,
      totalCents: 1000,
      idempotencyKey: `test-${Math.random()}`,
      paymentProvider: "simulated",
      fulfilledAt: new Date(),
    })
    .returning({ id: orders.id });
  for (const line of lines) {
    if (line.product) {
      const [product] = await db
        .select({ title: products.title })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.handle, line.product)));
      await db.insert(orderLines).values({
        storeId,
        orderId: order.id,
        kind: "product",
        title: product.title,
        productHandle: line.product,
        stockComponents: {},
        quantity: 1,
        unitPriceCents: 1000,
        lineTotalCents: 1000,
      });
    } else if (line.bundle) {
      const [bundle] = await db
        .select({ id: bundles.id, title: bundles.title })
        .from(bundles)
        .where(and(eq(bundles.storeId, storeId), eq(bundles.handle, line.bundle)));
      await db.insert(orderLines).values({
        storeId,
        orderId: order.id,
        kind: "bundle",
        title: bundle.title,
        bundleId: bundle.id,
        stockComponents: {},
        quantity: 1,
        unitPriceCents: 1000,
        lineTotalCents: 1000,
      });
    }
  }
  return order.id;
}

let t: TestApp;
let db: Database;
const storeId: string = DEMO.storeId;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example" });
  db = t.deps.db;
});
afterAll(async () => {
  await t.database.dispose();
});
// Every request here comes from one client; the per-client allowance has its own test.
beforeEach(() => t.deps.rateLimiter.clear());

async function reviewerOrder(token: string, store = storeId) {
  return t.call("POST", "/api/reviews/reviewer_order", { review_token: token, current_store_id: store });
}

function submission(token: string, orderId: number, overrides: Record<string, unknown> = {}) {
  return {
    store_id: storeId,
    order_id: orderId,
    title: "Lovely",
    rating: 4,
    name: "Mallory",
    description: "Would buy again.",
    token,
    email: "mallory@evil.example",
    product_handle: H.ethiopia,
    ...overrides,
  };
}

describe("review requests", () => {
  it("stores only the token's hash, expires it in 60 days and mails the link with the products", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.ethiopia }, { product: H.mug }]);
    const request = await issueReviewRequest(t.deps, storeId, orderId);
    expect(request).not.toBeNull();
    const { token, link, mailId } = request!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(link).toBe(`https://shop.example/verified_review_submission?review_token=${token}`);

    const rows = await db.select().from(reviewTokens).where(eq(reviewTokens.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashReviewToken(token));
    expect(rows[0].tokenHash).not.toContain(token);
    const days = (rows[0].expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(REVIEW_TOKEN_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(REVIEW_TOKEN_TTL_DAYS);

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail).toMatchObject({ kind: "review-request", to: "ada@example.com", storeId });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Ethiopia");
    expect(mail.html).toContain(link);
  });

  it("mails a review request when the owner fulfils a paid order", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.espresso }], { name: "Grace Hopper", email: "grace@example.com" });
    await db.update(orders).set({ status: "paid", number: 90_001, fulfilledAt: null }).where(eq(orders.id, orderId));
    await fulfilOrder(t.deps, storeId, 90_001);
    const mails = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "grace@example.com"), eq(mailOutbox.kind, "review-request")));
    expect(mails).toHaveLength(1);
    const token = new URL(mails[0].text.match(/https:\/\/\S+/)![0]).searchParams.get("review_token")!;
    const response = await reviewerOrder(token);
    expect(response.status).toBe(200);
    expect((await response.json()).orderDetails).toMatchObject({
      order_id: 90_001,
      customer_name: "Grace Hopper",
      product_details: [{ handle: H.espresso, title: expect.any(String) }],
    });
    const submitted = await t.call(
      "POST",
      "/api/reviews/submit",
      submission(token, 90_001, { product_handle: H.espresso }),
    );
    expect(submitted.status).toBe(201);
    expect((await t.call("POST", "/api/reviews/submit", submission(token, orderId, { product_handle: H.espresso }))).status).toBe(403);
  });

  it("lists the order's products, expanding bundles and skipping duplicates", async () => {
    const orderId = await createOrder(db, storeId, [
      { product: H.houseBlend },
      { bundle: DEMO.bundleHandles.pourOverKit },
      { product: H.dripper },
    ]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    const response = await reviewerOrder(token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.orderDetails).toMatchObject({ order_id: orderId, customer_name: "Ada Lovelace", customer_email: "ada@example.com" });
    expect(body.orderDetails.product_details.map((p: { handle: string }) => p.handle)).toEqual([
      H.houseBlend,
      H.dripper,
      H.filters,
    ]);
    expect(body.orderDetails.product_details[0].title).toBeTruthy();
  });

  it("refuses unknown, tampered, expired and foreign-store tokens with 401", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.ethiopia }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    expect((await reviewerOrder("not-a-token")).status).toBe(401);
    expect((await reviewerOrder(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).status).toBe(401);

    const other = "other-shop";
    await seedDemoStore(db, { storeId: other, imagesDir: t.database.imagesDir });
    const foreign = await reviewerOrder(token, other);
    expect(foreign.status).toBe(401);
    expect((await reviewerOrder(token, "no-such-store")).status).toBe(404);
    const submitted = await t.call("POST", "/api/reviews/submit", { ...submission(token, orderId), store_id: other });
    expect(submitted.status).toBe(401);

    await db
      .update(reviewTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewTokens.tokenHash, hashReviewToken(token)));
    const expired = await reviewerOrder(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: expect.any(String) });
    expect((await t.call("POST", "/api/reviews/submit", submission(token, orderId))).status).toBe(401);
    expect(await db.select().from(reviews).where(eq(reviews.orderId, orderId))).toEqual([]);
  });

  it("sends nothing for an order without reviewable products and 404s an unknown order", async () => {
    const orderId = await createOrder(db, storeId, []);
    expect(await issueReviewRequest(t.deps, storeId, orderId)).toBeNull();
    await expect(issueReviewRequest(t.deps, storeId, 999_999)).rejects.toMatchObject({ kind: "not-found" });
  });
});

describe("review submission", () => {
  it("publishes one verified review per product with name and email from the order, then 409", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.ethiopia }, { product: H.mug }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;

    const first = await t.call("POST", "/api/reviews/submit", submission(token, orderId));
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body.review).toMatchObject({ product_handle: H.ethiopia, review_rating: 4, verified: true });
    expect(body.remaining.map((p: { handle: string }) => p.handle)).toEqual([H.mug]);

    const [row] = await db.select().from(reviews).where(eq(reviews.id, body.review.review_id));
    expect(row).toMatchObject({
      reviewerName: "Ada Lovelace",
      reviewerEmail: "ada@example.com",
      verified: true,
      hidden: false,
      orderId,
      rating: 4,
      title: "Lovely",
    });

    const again = await t.call("POST", "/api/reviews/submit", submission(token, orderId, { title: "Again" }));
    expect(again.status).toBe(409);
    const left = await (await reviewerOrder(token)).json();
    expect(left.orderDetails.product_details).toEqual([{ handle: H.mug, title: expect.any(String) }]);

    expect((await t.call("POST", "/api/reviews/submit", submission(token, orderId, { product_handle: H.mug }))).status).toBe(201);
    const done = await reviewerOrder(token);
    expect(done.status).toBe(409);
    expect(await done.json()).toEqual({ error: REVIEW_MESSAGES.allReviewed });
  });

  it("lets only one of two simultaneous submissions of the same product through", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.sencha }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    const statuses = await Promise.all(
      [1, 2, 3].map(async () =>
        (await t.call("POST", "/api/reviews/submit", submission(token, orderId, { product_handle: H.sencha }))).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
  });

  it("checks every field of the payload and stores nothing on bad input", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.ethiopia }]);
    const otherOrder = await createOrder(db, storeId, [{ product: H.kettle }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ rating: 0 }, 400, /^rating: is required/],
      [{ rating: undefined }, 400, /^rating: is required/],
      [{ rating: 6 }, 400, /^rating:/],
      [{ rating: 3.5 }, 400, /^rating:/],
      [{ rating: "4" }, 400, /^rating:/],
      [{ title: "" }, 400, /^title:/],
      [{ title: "x".repeat(121) }, 400, /^title: must be at most 120/],
      [{ description: "   " }, 400, /^description:/],
      [{ description: "x".repeat(5001) }, 400, /^description: must be at most 5000/],
      [{ token: "" }, 400, /^token:/],
      [{ product_handle: H.kettle }, 422, /^product_handle:/],
      [{ product_handle: "no-such-product" }, 422, /^product_handle:/],
      [{ order_id: otherOrder }, 403, /another order/],
      [{ store_id: "no-such-store" }, 404, /Store not found/],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await t.call("POST", "/api/reviews/submit", submission(token, orderId, overrides));
      expect(response.status, JSON.stringify(overrides).slice(0, 80)).toBe(status);
      expect(namedError(await response.json())).toMatch(message);
    }
    const malformed = await t.call("POST", "/api/reviews/submit", "{not json");
    expect(malformed.status).toBe(400);
    expect(await db.select().from(reviews).where(eq(reviews.orderId, orderId))).toEqual([]);

    const limits = await t.call(
      "POST",
      "/api/reviews/submit",
      submission(token, orderId, { title: "t".repeat(120), description: "d".repeat(5000), rating: 1 }),
    );
    expect(limits.status).toBe(201);
  });

  it("keeps script in the text as plain text", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.chamomile }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    const script = "<script>alert(1)</script>";
    const response = await t.call(
      "POST",
      "/api/reviews/submit",
      submission(token, orderId, { product_handle: H.chamomile, title: script, description: script }),
    );
    expect(response.status).toBe(201);
    const [row] = await db.select().from(reviews).where(eq(reviews.orderId, orderId));
    expect(row.title).toBe(script);
  });
});

describe("publishing", () => {
  it("shows a new review at once as verified and updates the product's rating; a hidden one leaves it", async () => {
    const before = (await getProductByHandle(db, storeId, H.frenchPress))!;
    const orderA = await createOrder(db, storeId, [{ product: H.frenchPress }]);
    const orderB = await createOrder(db, storeId, [{ product: H.frenchPress }], { name: "Bo Chen", email: "bo@example.com" });
    const tokenA = (await issueReviewRequest(t.deps, storeId, orderA))!.token;
    const tokenB = (await issueReviewRequest(t.deps, storeId, orderB))!.token;
    const submitted = await (
      await t.call("POST", "/api/reviews/submit", submission(tokenA, orderA, { product_handle: H.frenchPress, rating: 2 }))
    ).json();
    await t.call("POST", "/api/reviews/submit", submission(tokenB, orderB, { product_handle: H.frenchPress, rating: 5 }));

    const after = (await getProductByHandle(db, storeId, H.frenchPress))!;
    const sum = before.reviews.reduce((total, r) => total + r.review_rating, 0) + 2 + 5;
    expect(after.rating.count).toBe(before.rating.count + 2);
    expect(after.rating.average).toBeCloseTo(Math.round((sum / after.rating.count) * 10) / 10, 5);
    const mine = after.reviews.find((r) => r.review_id === submitted.review.review_id);
    // Shoppers see the first name and the last name's initial, like the demo reviews; the owner keeps the full name.
    expect(mine).toMatchObject({ verified: true, reviewer_name: "Ada L.", review_rating: 2, review_title: "Lovely" });
    expect((await listReviews(db, storeId)).reviews.find((r) => r.id === submitted.review.review_id)?.reviewerName).toBe("Ada Lovelace");

    await respondToReview(db, storeId, submitted.review.review_id, "Sorry to hear that; we sent a new filter.");
    const answered = (await getProductByHandle(db, storeId, H.frenchPress))!;
    expect(answered.reviews.find((r) => r.review_id === submitted.review.review_id)?.review_response).toBe(
      "Sorry to hear that; we sent a new filter.",
    );

    await setReviewHidden(db, storeId, submitted.review.review_id, true);
    const hidden = (await getProductByHandle(db, storeId, H.frenchPress))!;
    expect(hidden.rating.count).toBe(before.rating.count + 1);
    expect(hidden.reviews.some((r) => r.review_id === submitted.review.review_id)).toBe(false);
  });
});

describe("the owner's moderation", () => {
  it("lists, responds to and hides reviews", async () => {
    const orderId = await createOrder(db, storeId, [{ product: H.tumbler }]);
    const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
    const body = await (
      await t.call("POST", "/api/reviews/submit", submission(token, orderId, { product_handle: H.tumbler, rating: 5 }))
    ).json();
    const id = body.review.review_id;

    const listed = await listReviews(db, storeId);
    expect(listed.reviews[0]).toMatchObject({ id, productHandle: H.tumbler, rating: 5, verified: true, status: "published" });

    await respondToReview(db, storeId, id, "  Thank you!  ");
    await setReviewHidden(db, storeId, id, true);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ response: "Thank you!", hidden: true });
    await expect(respondToReview(db, storeId, 999_999, "x")).rejects.toMatchObject({ kind: "not-found" });
    await expect(setReviewHidden(db, "other-shop", id, false)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("holds a review as new, off the shop, while the store holds reviews for approval, until the owner publishes it", async () => {
    await changeStoreSettings(db, commandLineActor(storeId), { reviews: { holdForApproval: true } });
    try {
      const orderId = await createOrder(db, storeId, [{ product: H.frenchPress }]);
      const { token } = (await issueReviewRequest(t.deps, storeId, orderId))!;
      const body = await (await t.call("POST", "/api/reviews/submit", submission(token, orderId, { product_handle: H.frenchPress }))).json();
      const id = body.review.review_id;
      expect((await listReviews(db, storeId, { status: "new" })).reviews.map((r) => r.id)).toEqual([id]);
      expect((await getProductByHandle(db, storeId, H.frenchPress))!.reviews.some((r) => r.review_id === id)).toBe(false);

      await setReviewHidden(db, storeId, id, false);
      expect((await listReviews(db, storeId, { status: "new" })).reviews).toEqual([]);
      expect((await getProductByHandle(db, storeId, H.frenchPress))!.reviews.some((r) => r.review_id === id)).toBe(true);
      // A held review is always hidden too: the shop's reads check that one flag.
      await expect(db.update(reviews).set({ hidden: false, awaitingApproval: true }).where(eq(reviews.id, id))).rejects.toThrow();
    } finally {
      await changeStoreSettings(db, commandLineActor(storeId), { reviews: { holdForApproval: false } });
    }
  });
});

describe("abuse", () => {
  it("answers 429 with Retry-After once a client checks too many links in a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await reviewerOrder(`guess-${i}`)).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    const refused = await reviewerOrder("guess-last");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("the reviewer's name on a published review", () => {
  it("is the first name and the last name's initial, and a short name stays as it is", () => {
    expect(publicReviewerName("Priya Natarajan")).toBe("Priya N.");
    expect(publicReviewerName("  Jan  van der berg ")).toBe("Jan B.");
    expect(publicReviewerName("Priya N.")).toBe("Priya N.");
    expect(publicReviewerName("Émile Ørsted")).toBe("Émile Ø.");
    expect(publicReviewerName("Cher")).toBe("Cher");
    expect(publicReviewerName("   ")).toBe("Verified buyer");
  });
});
