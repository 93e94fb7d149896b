/**
 * Starting clean (issue 37, decision 0067): a new owner who chooses an empty shop on the setup page finds no demo
 * product, code or review in it; another removes the demo content from the demo shop after its preview. The other
 * journeys need the demo on their worker's shop, so each of these runs a new shop of its own, `npm start` in a fresh
 * data folder on a port beside the worker's (reviews.spec.ts takes +1000, server-lifecycle.spec.ts +2000 and +3000).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeAtBothWidths, setUpOwner, startNewShop, type OwnShop } from "./own-shop";

/** The shop's home, its search and the owner's lists hold nothing of the demo. */
async function expectNoDemo(page: Page, shop: OwnShop) {
  await page.goto(`${shop.url}/`);
  await expect(page.getByRole("heading", { name: "Welcome to My shop", level: 1 })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/Tidewater|House Blend|Testimonials|What our customers say/);
  await axeAtBothWidths(page);
  await page.goto(`${shop.url}/search?query=coffee&type=search`);
  await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
  await page.goto(`${shop.url}/admin/products`);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/House Blend|Dripper|Sencha/);
  await axeAtBothWidths(page);
  await page.goto(`${shop.url}/admin/discounts`);
  await expect(page.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/TENOFF|FREESHIP|SAVE15/);
  await page.goto(`${shop.url}/admin/reviews`);
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/Fiona G\.|Proper strong tea|Grace P\./);
}

test.describe("a new owner who chooses an empty shop", () => {
  let shop: OwnShop;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    shop = await startNewShop(4000);
  });
  test.afterAll(() => shop?.stop());

  test("finds no demo product, discount code or review in it", async ({ page }) => {
    test.setTimeout(150_000);
    await setUpOwner(page, shop, "An empty shop");
    await expectNoDemo(page, shop);
    // Nothing is left to remove, so Store settings does not offer it.
    await page.goto(`${shop.url}/admin/settings`);
    await expect(page.getByRole("heading", { name: "Store settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove the demo content…" })).toHaveCount(0);

    // The first product on sale is listed on the home page, under no empty Featured heading (nothing is featured yet).
    await page.goto(`${shop.url}/admin/products/new`);
    await page.getByLabel("Title", { exact: true }).fill("First Light Roast");
    await page.getByLabel("Status").selectOption("active");
    const variant = page.getByRole("group", { name: "Variant 1" });
    await variant.getByLabel("SKU").fill("FIRST-LIGHT");
    await variant.getByLabel("Price ($)", { exact: true }).fill("15.00");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByText("Product created.")).toBeVisible();
    await page.goto(`${shop.url}/`);
    await expect(page.getByRole("region", { name: "Shop all products" }).getByRole("link", { name: /First Light Roast/ }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured" })).toHaveCount(0);
  });
});

test.describe("an owner who started with the demo", () => {
  let shop: OwnShop;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    shop = await startNewShop(5000);
  });
  test.afterAll(() => shop?.stop());

  test("removes the demo content from Store settings after its preview", async ({ page }) => {
    test.setTimeout(150_000);
    await setUpOwner(page, shop, "The demo shop");
    await page.goto(`${shop.url}/`);
    await expect(page.locator("body")).toContainText("Tidewater");

    await page.goto(`${shop.url}/admin/settings`);
    await page.getByRole("link", { name: "Remove the demo content…" }).click();
    await expect(page.getByRole("heading", { name: "Remove the demo content", level: 1 })).toBeVisible();
    const going = page.getByRole("region", { name: "What goes" });
    await expect(going.getByRole("heading", { name: "Products (18)" })).toBeVisible();
    await expect(going).toContainText("Tidewater House Blend");
    for (const code of ["TENOFF", "FREESHIP", "SAVE15"]) await expect(going.getByRole("listitem").filter({ hasText: code })).toHaveCount(1);
    await expect(going).toContainText("Brewing Better Coffee at Home");
    await expect(going).toContainText("About Tidewater");
    await expect(going).toContainText("Minimum order: $20.00 → none");
    await axeAtBothWidths(page);

    await page.getByRole("button", { name: "Remove the demo content" }).click();
    await expect(page.getByText("The demo content was removed. Orders and customers are kept.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove the demo content…" })).toHaveCount(0);
    await axeAtBothWidths(page);
    await expectNoDemo(page, shop);
  });
});
