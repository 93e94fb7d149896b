/**
 * The /wishlist page's one action as a browser without JavaScript posts it: a save hands a guest the cart cookie and
 * redirects to the list, which then shows the product; bad input is refused naming the field, with nothing saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import { wishlistItems } from "../db/schema";

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
});
