/**
 * The /wishlist page's one action as a browser without JavaScript posts it: a save hands a guest the cart cookie and
 * redirects to the list, which then shows the product; bad input is refused naming the field, with nothing saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import { eq } from "drizzle-orm";
import { customers, wishlistItems } from "../db/schema";
import { stopLinkFor } from "./price-drops";

let t: TestApp;
let renderer: PageRenderer;

beforeAll(async () => {
  t = await createTestApp();
  renderer = await startPageRenderer();
});
afterAll(async () => {
  await renderer.close();
  await t.database.dispose();
});

const post = (fields: Record<string, string>, cookie?: string) =>
  renderer.appOf(t).request("http://localhost/wishlist", {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });

describe("the wishlist page", () => {
  it("saves for a guest posting without JavaScript, then lists the product with its price", async () => {
    const saved = await post({ intent: "save", product: "enamel-camp-mug", then: "/wishlist" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/wishlist");
    const cookie = saved.headers.getSetCookie().find((header) => header.startsWith("cart="))!.split(";")[0];
    const page = await renderer.appOf(t).request("http://localhost/wishlist", { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain("Enamel Camp Mug");
    expect(html).toContain("$16.00");
    expect(html).toContain('aria-label="Wishlist, 1 saved"');
  });

  it.each([
    [{ intent: "hoard", product: "enamel-camp-mug" }, 400, "Say what to do: save, remove or price-emails."],
    [{ intent: "save", product: " " }, 400, "Choose a product to save."],
    [{ intent: "save", product: "mug\u0000" }, 400, "must not contain NUL characters or unpaired surrogates"],
    [{ intent: "save", product: "no-such-product" }, 404, "No product has that handle."],
    [{ intent: "price-emails", on: "true" }, 401, "Sign in to get price-drop emails."],
  ])("refuses %j with %i, saving nothing", async (fields, status, message) => {
    const before = (await t.deps.db.select().from(wishlistItems)).length;
    const answer = await post(fields);
    expect(answer.status).toBe(status);
    expect(await answer.text()).toContain(message);
    expect(await t.deps.db.select().from(wishlistItems)).toHaveLength(before);
  });

  it("stops price-drop emails from the email's link, by opening it or by the mail program's POST; a bad link changes nothing", async () => {
    const [customer] = await t.deps.db
      .insert(customers)
      .values({ storeId: t.deps.storeId, email: "pat@example.com", emailNormalized: "pat@example.com", passwordHash: "-", firstName: "P", lastName: "P", priceDropAlerts: true })
      .returning({ id: customers.id });
    const link = new URL(await stopLinkFor(t.deps, t.deps.storeId, customer.id, new Date()));
    const optedIn = async () => (await t.deps.db.select({ on: customers.priceDropAlerts }).from(customers).where(eq(customers.id, customer.id)))[0].on;

    const forged = await renderer.appOf(t).request(`http://localhost${link.pathname}?token=${link.searchParams.get("token")}x`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("This link is not valid");
    expect(await optedIn()).toBe(true);

    const opened = await renderer.appOf(t).request(`http://localhost${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Price-drop emails stopped");
    expect(await optedIn()).toBe(false);

    const posted = await renderer.appOf(t).request(`http://localhost${link.pathname}${link.search}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);
  });
});
