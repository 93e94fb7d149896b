/**
 * The inbox, review and subscriber pages (app/routes/admin.messages*, admin.reviews, admin.subscribers), rendered
 * for real through Vite and posted as a browser posts them before its JavaScript loads: a message opened (read),
 * answered (mailed to the customer) and marked spam; a review answered, hidden and published, and the publishing
 * setting; a subscriber found and unsubscribed; refusals beside their fields; reviews shut to fulfilment staff.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../tests/support/app";
import { PAGE_PACKER as PACKER, renderedBackOffice } from "../../tests/support/admin-pages";
import { contactMessages, mailOutbox, newsletterSubscribers, reviews } from "../db/schema";
import { addSubscriber } from "../newsletter/subscribers";
import { getStoreSettings } from "../store/settings";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice();
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

describe("the inbox pages", () => {
  it("list a new message, open it as read, send a reply to the customer and mark it spam", async () => {
    const [message] = await t.deps.db
      .insert(contactMessages)
      .values({ storeId: t.deps.storeId, name: "Grace Hopper", email: "grace@example.com", message: "Do you ship to Alaska?" })
      .returning();
    const list = await html(await get("/admin/messages", packer));
    expect(list).toContain("Grace Hopper");
    expect(list).toContain("Do you ship to Alaska?");

    const opened = await html(await get(`/admin/messages/${message.id}`, packer));
    expect(opened).toContain("Message from Grace Hopper");
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, message.id)))[0].status).toBe("read");

    const empty = await html(await post(`/admin/messages/${message.id}`, { intent: "reply", body: "  " }, packer), 400);
    expect(empty).toMatch(/aria-invalid="true"[^>]*name="body"|name="body"[^>]*aria-invalid="true"/);
    expect(empty).toContain("Write the reply");

    const sent = await post(`/admin/messages/${message.id}`, { intent: "reply", body: "Yes, we do." }, packer);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/admin/messages/${message.id}?notice=reply-sent`);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "contact-reply"), eq(mailOutbox.to, "grace@example.com")));
    expect(mail.text).toContain("Yes, we do.");
    const answered = await html(await get(`/admin/messages/${message.id}?notice=reply-sent`, packer));
    expect(answered).toMatch(/<p role="status"[^>]*>Reply sent to the customer and kept on the message.<\/p>/);
    expect(answered).toContain(PACKER.email);
    expect(answered).toContain("Answered");

    expect((await post(`/admin/messages/${message.id}`, { intent: "spam" }, packer)).status).toBe(302);
    expect(await html(await get("/admin/messages", packer))).not.toContain("Grace Hopper");
    expect(await html(await get("/admin/messages?status=spam", packer))).toContain("Grace Hopper");
    expect((await get("/admin/messages/999999", packer)).status).toBe(404);
    expect(await html(await get("/admin/messages?status=archived", packer), 400)).toContain("status must be one of");
  });
});

describe("the review page", () => {
  it("answers, hides and publishes a review, and holds new reviews for approval", async () => {
    const [review] = await t.deps.db.select().from(reviews).where(eq(reviews.storeId, t.deps.storeId)).limit(1);
    const page = await html(await get("/admin/reviews", owner));
    expect(page).toContain(review.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));

    const answered = await post("/admin/reviews", { intent: "respond", id: String(review.id), response: "Thank you!", back: "/admin/reviews?rating=5" }, owner);
    expect(answered.headers.get("location")).toBe("/admin/reviews?rating=5&notice=review-answered");
    expect((await post("/admin/reviews", { intent: "hide", id: String(review.id), back: "/admin/reviews" }, owner)).status).toBe(302);
    let [row] = await t.deps.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ response: "Thank you!", hidden: true, awaitingApproval: false });
    expect(await html(await get("/admin/reviews?status=hidden", owner))).toContain(`Publish “`);
    await post("/admin/reviews", { intent: "show", id: String(review.id) }, owner);
    [row] = await t.deps.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row.hidden).toBe(false);

    const tooLong = await html(await post("/admin/reviews", { intent: "respond", id: String(review.id), response: "x".repeat(5001) }, owner), 400);
    expect(tooLong).toContain("must be at most 5000 characters");

    expect((await post("/admin/reviews", { intent: "hold", hold_for_approval: "on" }, owner)).headers.get("location")).toBe("/admin/reviews?notice=reviews-setting");
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).reviews.holdForApproval).toBe(true);
    await post("/admin/reviews", { intent: "hold" }, owner);
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).reviews.holdForApproval).toBe(false);

    expect((await get("/admin/reviews", packer)).status).toBe(403);
    expect((await post("/admin/reviews", { intent: "hide", id: String(review.id) }, packer)).status).toBe(403);
  });
});

describe("the subscriber page", () => {
  it("finds a subscriber, links the CSV of the same filter, and unsubscribes them", async () => {
    await addSubscriber(t.deps.db, t.deps.storeId, "reader@example.com", "popup");
    const [subscriber] = await t.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailNormalized, "reader@example.com"));
    const found = await html(await get("/admin/subscribers?q=reader", packer));
    expect(found).toContain("reader@example.com");
    expect(found).toContain('href="/api/admin/subscribers.csv?q=reader"');
    const done = await post("/admin/subscribers", { id: String(subscriber.id), back: "/admin/subscribers?q=reader" }, packer);
    expect(done.headers.get("location")).toBe("/admin/subscribers?q=reader&notice=unsubscribed");
    const [row] = await t.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id));
    expect(row.unsubscribedAt).not.toBeNull();
    expect(await html(await get("/admin/subscribers?q=reader&notice=unsubscribed", packer))).toContain("Unsubscribed; they get no more newsletters.");
  });
});
