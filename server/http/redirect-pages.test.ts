/**
 * Redirects whose target comes from input (decision 0044), rendered for real: the staff sign-in's `redirectTo`
 * (posted, and followed by a member already signed in), the customer sign-in, and the review and subscriber screens'
 * `back`. Each lands on a path of this shop, never off-site and never on a 500, and a good path is kept.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderedBackOffice, PAGE_OWNER } from "../../tests/support/admin-pages";
import { createCustomer } from "../accounts/customers";
import { newsletterSubscribers } from "../db/schema";
import { addSubscriber } from "../newsletter/subscribers";
import { getStoreSettings } from "../store/settings";

const office = renderedBackOffice();
beforeEach(() => office.t.deps.rateLimiter.clear());

/** Values a browser would follow off the shop, or that a Location header cannot carry as they are. */
const HOSTILE: [string, string][] = [
  ["a tab between two slashes", "/\t/evil.example"],
  ["two slashes", "//evil.example"],
  ["a backslash", "/\\evil.example"],
  ["another origin", "https://evil.example"],
  ["a newline between two slashes (%0A)", "/\n/evil.example"],
  ["a carriage return between two slashes (%0D)", "/\r/evil.example"],
  ["a javascript: address", "javascript:alert(document.cookie)"],
  ["dot segments that leave two slashes", "/.//evil.example"],
];
/** A header split (%0D%0A): the line breaks are dropped and the rest stays a path of this shop. */
const SPLIT = "/admin/orders\r\nSet-Cookie: planted=1";
const SPLIT_PATH = "/admin/ordersSet-Cookie:%20planted=1";

const signInTo = (redirectTo: string) => office.post("/admin/login", { email: PAGE_OWNER.email, password: PAGE_OWNER.password, redirectTo });
const loginPageFor = (redirectTo: string, cookie?: string) => office.get(`/admin/login?${new URLSearchParams({ redirectTo })}`, cookie);

function expectRedirect(response: Response, location: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(location);
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("planted="))).toBe(false);
}

describe("the staff sign-in's way back", () => {
  it.each(HOSTILE)("sends a member who posted %s to the back office", async (_, redirectTo) => {
    expectRedirect(await signInTo(redirectTo), "/admin");
  });

  it.each(HOSTILE)("sends a member already signed in and given %s to the back office", async (_, redirectTo) => {
    expectRedirect(await loginPageFor(redirectTo, office.owner), "/admin");
  });

  it.each(HOSTILE)("puts the back office in the sign-in form of a guest given %s", async (_, redirectTo) => {
    expect(await office.html(await loginPageFor(redirectTo))).toContain('name="redirectTo" value="/admin"');
  });

  it("keeps a split header's path on this shop, signed in or signing in", async () => {
    expectRedirect(await signInTo(SPLIT), SPLIT_PATH);
    expectRedirect(await loginPageFor(SPLIT, office.owner), SPLIT_PATH);
  });

  it("keeps a good path with its query", async () => {
    expectRedirect(await signInTo("/admin/orders?x=1"), "/admin/orders?x=1");
    expectRedirect(await loginPageFor("/admin/orders?x=1", office.owner), "/admin/orders?x=1");
    expect(await office.html(await loginPageFor("/admin/orders?x=1"))).toContain('name="redirectTo" value="/admin/orders?x=1"');
  });
});

describe("the customer sign-in's way back", () => {
  const shopper = { email: "way-back@example.com", password: "a long shopper passphrase" };
  beforeAll(async () => {
    await createCustomer(office.t.deps.db, office.t.deps.storeId, { ...shopper, firstName: "Way", lastName: "Back" });
  });

  it.each([...HOSTILE, ["a split header", SPLIT]])("returns a shopper given %s to the sign-in page", async (_, redirectTo) => {
    const signedIn = await office.post(`/login?${new URLSearchParams({ redirectTo })}`, { ...shopper, redirectTo });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/login");
    const cookie = signedIn.headers.getSetCookie().find((header) => header.startsWith("session="))!.split(";")[0];
    expect(await office.html(await office.get(`/login?${new URLSearchParams({ redirectTo })}`, cookie))).toContain("You are signed in.");
  });
});

describe("a list screen's way back", () => {
  it.each([...HOSTILE, ["a split header", "/admin/reviews?rating=5\r\nSet-Cookie: planted=1"]])(
    "keeps the review setting's change and returns to the reviews given %s",
    async (_, back) => {
      const held = await office.post("/admin/reviews", { intent: "hold", hold_for_approval: "on", back }, office.owner);
      const location = held.headers.get("location")!;
      expect(held.status).toBe(302);
      expect(new URL(location, "http://localhost").pathname).toBe("/admin/reviews");
      expect(location).toMatch(/^\/admin\/reviews\?([^\s]*&)?notice=reviews-setting$/);
      expect((await getStoreSettings(office.t.deps.db, office.t.deps.storeId)).reviews.holdForApproval).toBe(true);
      await office.post("/admin/reviews", { intent: "hold", back: "/admin/reviews" }, office.owner);
    },
  );

  it("keeps the reviews' filter and drops the notice it showed", async () => {
    const held = await office.post("/admin/reviews", { intent: "hold", back: "/admin/reviews?rating=5&notice=review-hidden" }, office.owner);
    expectRedirect(held, "/admin/reviews?rating=5&notice=reviews-setting");
  });

  it.each([...HOSTILE, ["a split header", "/admin/subscribers?q=reader\r\nSet-Cookie: planted=1"]])(
    "unsubscribes and returns to the subscribers given %s",
    async (label, back) => {
      const email = `reader-${HOSTILE.findIndex(([name]) => name === label) + 1}@example.com`;
      await addSubscriber(office.t.deps.db, office.t.deps.storeId, email, "popup");
      const [subscriber] = await office.t.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailNormalized, email));
      const done = await office.post("/admin/subscribers", { id: String(subscriber.id), back }, office.owner);
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toMatch(/^\/admin\/subscribers\?([^\s]*&)?notice=unsubscribed$/);
      const [row] = await office.t.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id));
      expect(row.unsubscribedAt).not.toBeNull();
    },
  );
});
