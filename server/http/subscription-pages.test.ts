/**
 * The subscriber's pages (app/routes/profile-subscription*, subscriptions-manage, subscriptions-skip), rendered for real
 * through Vite and posted as a browser posts them before its JavaScript loads: the signed-in list and page, each change
 * with its status message or its problem beside the field, the emailed manage link as the only authority a guest has,
 * and the reminder's skip link that asks once and skips that one renewal.
 */
import { addDays, addWeeks } from "date-fns";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { subscribedBy } from "../../tests/support/checkout";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import { createCustomer } from "../accounts/customers";
import { createSession } from "../accounts/session";
import { commandLineActor } from "../audit/audit";
import { mailOutbox, subscriptions, variants } from "../db/schema";
import { signLink } from "../mail/signed-links";
import { changeStoreSettings } from "../store/settings";
import { manageLink, MANAGE_LINK_PURPOSE, renewalDay as dayIn, skipSubject, SKIP_LINK_PURPOSE } from "../subscriptions/emails";

/** Thirteen hours ahead of UTC in December: most of a UTC day is the next day here (decision 0068). */
const ZONE = "Pacific/Auckland";
const renewalDay = (at: Date) => dayIn(at, ZONE);

let t: TestApp;
let renderer: PageRenderer;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  renderer = await startPageRenderer();
  await t.deps.db.update(variants).set({ stock: 1000 }).where(like(variants.sku, "HOUSE-%"));
  const customer = await createCustomer(t.deps.db, "demo", { email: "Pat.Page@example.com", password: "a long page passphrase", firstName: "Pat", lastName: "Page" });
  cookie = `session=${(await createSession(t.deps.db, "demo", customer!.id)).token}`;
  await changeStoreSettings(t.deps.db, commandLineActor("demo"), { timeZone: ZONE });
}, 120_000);
afterAll(async () => {
  await renderer.close();
  await t.database.dispose();
});

const get = async (path: string, headers: Record<string, string> = {}) => renderer.appOf(t).request(`http://localhost${path}`, { headers, redirect: "manual" });
const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  renderer.appOf(t).request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...headers },
    redirect: "manual",
  });

async function page(response: Response, status = 200) {
  const html = await response.text();
  expect(response.status, html.match(/<main[^]*?<\/main>/)?.[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 600)).toBe(status);
  return html;
}

const current = async (id: number) => (await t.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const confirmations = (email: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "subscription-changed")));
/** React puts a comment between an expression and the text beside it. */
const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("the signed-in subscriber's pages", () => {
  it("list the customer's subscriptions, those bought as a guest with the account's email included, and no one else's", async () => {
    const mine = await subscribedBy(t, "pat.page@example.com");
    const theirs = await subscribedBy(t, "someone.else@example.com");
    expect((await get("/profile/subscriptions")).headers.get("location")).toBe("/login");
    const list = await get("/profile/subscriptions", { cookie });
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const html = text(await page(list));
    expect(html).toContain(`href="/profile/subscriptions/${mine.id}"`);
    expect(html).not.toContain(`href="/profile/subscriptions/${theirs.id}"`);
    expect(html).toContain("2 × Tidewater House Blend");
    expect(html).toContain("Delivered every 2 weeks");
    expect(html).toContain("Visa ending 4242");
    expect(html).toContain(renewalDay(mine.nextRenewalAt));
    expect(html).toMatch(/Next delivery total:.*\$\d+\.\d\d, shipping and tax included/);
    // Another's subscription answers like a missing one.
    await page(await get(`/profile/subscriptions/${theirs.id}`, { cookie }), 404);
    await page(await get("/profile/subscriptions/abc", { cookie }), 404);
    expect((await post(`/profile/subscriptions/${theirs.id}`, { intent: "cancel" }, { cookie })).status).toBe(404);
    expect((await current(theirs.id)).status).toBe("active");
  });

  it("print the next delivery on the shop's day, which a UTC day would name otherwise", async () => {
    const sub = await subscribedBy(t, "pat.page@example.com");
    // 01:30 on Monday 5 April in Auckland; still Sunday 4 April in UTC.
    await t.deps.db.update(subscriptions).set({ nextRenewalAt: new Date("2027-04-04T13:30:00Z") }).where(eq(subscriptions.id, sub.id));
    const html = text(await page(await get(`/profile/subscriptions/${sub.id}`, { cookie })));
    expect(html).toContain('<time dateTime="2027-04-05">Monday, April 5, 2027</time>');
    expect(html).not.toContain("April 4, 2027");
  });

  it("makes each change posted without JavaScript, says so, and refuses bad input beside its field, changing nothing", async () => {
    const sub = await subscribedBy(t, "pat.page@example.com");
    const path = `/profile/subscriptions/${sub.id}`;
    const change = async (fields: Record<string, string>, status = 200) => text(await page(await post(path, fields, { cookie }), status));

    expect(await change({ intent: "skip" })).toContain(`Your next delivery is skipped. The one after is on ${renewalDay(addWeeks(sub.nextRenewalAt, 2))}.`);

    expect(await change({ intent: "pause", until: "2020-01-01" }, 400)).toMatch(/aria-invalid="true"[^]*The pause must end after today/);
    expect(await change({ intent: "pause", until: "next week" }, 400)).toContain("must be a date such as 2026-12-24");
    expect((await current(sub.id)).status).toBe("active");
    expect(await change({ intent: "pause", until: "" })).toContain("Your subscription is paused until you resume it.");
    expect(await change({ intent: "resume" })).toContain("Your subscription is active again.");
    expect(await change({ intent: "resume" }, 409)).toContain("This subscription is active");

    expect(await change({ intent: "frequency", frequency: "3 day" }, 400)).toContain("Not offered every 3 days for every item of this subscription");
    expect(await change({ intent: "frequency", frequency: "often" }, 400)).toContain("Choose one of the frequencies offered");
    expect(await change({ intent: "frequency", frequency: "1 month" })).toContain("your subscription is delivered every month");
    expect(await current(sub.id)).toMatchObject({ interval: 1, intervalUnit: "month" });

    const [line] = await t.deps.db.query.subscriptionLines.findMany({ where: (lines, { eq: is }) => is(lines.subscriptionId, sub.id) });
    expect(await change({ intent: "line", line: String(line.id), sku: line.sku, quantity: "0" }, 400)).toContain("must be at least 1");
    expect(await change({ intent: "line", line: String(line.id), sku: "FILT-100", quantity: "1" }, 400)).toContain("is not offered every month for this product");
    const drip = (await t.deps.db.select({ sku: variants.sku }).from(variants).where(like(variants.sku, "HOUSE-12OZ-DRIP")))[0].sku;
    expect(await change({ intent: "line", line: String(line.id), sku: drip, quantity: "3" })).toContain("Your item is changed from your next delivery.");
    expect(await t.deps.db.query.subscriptionLines.findFirst({ where: (lines, { eq: is }) => is(lines.id, line.id) })).toMatchObject({ sku: drip, quantity: 3 });

    const moved = { "address.name": "Pat Page", "address.line1": "9 Pine Rd", "address.line2": "", "address.city": "Portland", "address.state": "OR", "address.postal_code": "97201", "address.country": "US" };
    expect(await change({ intent: "review-address", ...moved, "address.line1": " " }, 400)).toMatch(/aria-invalid="true"[^]*Address: Please complete the address/);
    const reviewed = await change({ intent: "review-address", ...moved });
    expect(reviewed).toMatch(/Your next delivery to this address comes to \$\d+\.\d\d, shipping and tax included/);
    expect(reviewed).toContain("Save address");
    expect((await current(sub.id)).shippingAddress.line1).toBe("1 Main St");
    expect(await change({ intent: "address", ...moved })).toContain("Your new address is saved for your next delivery.");
    expect((await current(sub.id)).shippingAddress).toMatchObject({ name: "Pat Page", line1: "9 Pine Rd", state: "OR" });

    expect(await change({ intent: "card", number: "", expiry: "12 / 34", cvc: "123" }, 400)).toContain("Your card number is incomplete.");
    expect(await change({ intent: "card", number: "4242 4242 4242 4242", expiry: "13 / 34", cvc: "123" }, 400)).toContain("Your card&#x27;s expiration month is invalid.");
    expect(await change({ intent: "card", number: "4000 0000 0000 0002", expiry: "12 / 34", cvc: "123" }, 400)).toContain("Your card was declined.");
    expect(await change({ intent: "card", number: "4000 0000 0000 0341", expiry: "12 / 34", cvc: "123" })).toContain("Your card is updated: Visa ending 0341.");

    expect(await change({ intent: "hoard" }, 400)).toContain("Choose a change to make");
    const cancelled = await change({ intent: "cancel", reason: "Moving abroad" });
    expect(cancelled).toContain("Your subscription is cancelled: no more deliveries will be sent or charged.");
    expect(cancelled).not.toContain("Skip next delivery");
    expect(await current(sub.id)).toMatchObject({ status: "cancelled", cancelReason: "Moving abroad" });
    // skip, pause, resume, frequency, item, address, card, cancel
    expect((await confirmations("pat.page@example.com")).filter((mail) => mail.createdAt >= sub.createdAt)).toHaveLength(8);
  });
});

describe("the emailed links", () => {
  it("opens the subscription's page from the manage link for a guest, posts its changes to the same link, and refuses a forged or expired one", async () => {
    const sub = await subscribedBy(t, "guest.page@example.com");
    const link = new URL(await manageLink(t.deps, sub));
    const path = link.pathname + link.search;
    const opened = await get(path);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    const html = text(await page(opened));
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain("Skip next delivery");
    expect(html).toContain(`action="${path.replace(/&/g, "&amp;")}"`);
    expect(text(await page(await post(path, { intent: "skip" })))).toContain("Your next delivery is skipped.");
    expect((await current(sub.id)).nextRenewalAt.getTime()).toBe(addWeeks(sub.nextRenewalAt, 2).getTime());

    const forged = `${path}x`;
    expect(await page(await get(forged), 404)).toContain("This link cannot be used");
    expect(await page(await post(forged, { intent: "cancel" }), 404)).toContain("This link cannot be used");
    expect((await current(sub.id)).status).toBe("active");
    const skipToken = await signLink(t.deps.db, "demo", { purpose: SKIP_LINK_PURPOSE, subject: String(sub.id), expiresAt: addDays(new Date(), 1) });
    expect(await page(await get(`/subscriptions/manage?token=${skipToken}`), 404)).toContain("Copy the whole link from your latest subscription email.");
    const old = await signLink(t.deps.db, "demo", { purpose: MANAGE_LINK_PURPOSE, subject: String(sub.id), expiresAt: addDays(new Date(), -1) });
    const expired = text(await page(await get(`/subscriptions/manage?token=${old}`), 410));
    expect(expired).toContain("This link has expired. Every email about your subscription carries a link to its page");
    expect(expired).toContain('href="/login"');
  });

  it("asks before the reminder's skip link skips, skips that renewal once, and then says where it stands", async () => {
    const sub = await subscribedBy(t, "skip.page@example.com");
    const token = await signLink(t.deps.db, "demo", { purpose: SKIP_LINK_PURPOSE, subject: skipSubject(sub), expiresAt: sub.nextRenewalAt });
    const path = `/subscriptions/skip?token=${token}`;
    const asked = text(await page(await get(path)));
    expect(asked).toContain(`Skip the delivery of ${renewalDay(sub.nextRenewalAt)}?`);
    expect(asked).toContain("Skip this delivery");
    // Opening the link (a mail scanner does) changes nothing.
    expect((await current(sub.id)).nextRenewalAt.getTime()).toBe(sub.nextRenewalAt.getTime());

    const skipped = text(await page(await post(path, {})));
    expect(skipped).toContain(`The delivery of ${renewalDay(sub.nextRenewalAt)} is skipped. Your next delivery is on ${renewalDay(addWeeks(sub.nextRenewalAt, 2))}.`);
    expect(skipped).toContain('href="/subscriptions/manage?token=');
    expect(text(await page(await post(path, {})))).toContain("Delivery skipped");
    expect(text(await page(await get(path)))).not.toContain("Skip this delivery");
    expect((await current(sub.id)).nextRenewalAt.getTime()).toBe(addWeeks(sub.nextRenewalAt, 2).getTime());
    expect(await confirmations("skip.page@example.com")).toHaveLength(1);

    expect(await page(await get(`${path}x`), 404)).toContain("This link cannot be used");
  });
});
