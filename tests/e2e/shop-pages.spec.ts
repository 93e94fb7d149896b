/**
 * A shop that outgrows one page (issue 38): the owner of a new demo shop imports 30 more products, and a shopper
 * finds them 24 to a page, goes to the next page and back by keyboard, and the same without JavaScript, with the
 * spec's texts ('Search Results: …', 'All Products', 'No Results Found') kept; /shop lists them after the demo's. The shop is the journey's own
 * (own-shop.ts): the other journeys count on the demo shop's first page.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeAtBothWidths, setUpOwner, startNewShop, type OwnShop } from "./own-shop";
import { csvOf } from "./shopify-csv";
import { DESKTOP } from "./viewports";

const SAMPLERS = 30;
const FILE = csvOf(
  Array.from({ length: SAMPLERS }, (_, n) => ({
    Handle: `quayside-sampler-${n + 1}`,
    Title: `Quayside Sampler ${n + 1}`,
    "Body (HTML)": "<p>One of the quayside range.</p>",
    "Option1 Name": "Title",
    "Option1 Value": "Default Title",
    Status: "active",
    "Variant SKU": `SAMPLER-${n + 1}`,
    "Variant Price": "9.00",
    "Variant Inventory Qty": "5",
  })),
);

let shop: OwnShop;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(200_000);
  shop = await startNewShop(6000);
  const page = await browser.newPage();
  await setUpOwner(page, shop, "The demo shop");
  await page.goto(`${shop.url}/admin/products/import`);
  await page.getByLabel("Shopify product CSV").setInputFiles({ name: "samplers.csv", mimeType: "text/csv", buffer: Buffer.from(FILE) });
  await page.getByRole("radio", { name: "Import" }).check();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("The file is imported: the shop shows its products now.")).toBeVisible({ timeout: 60_000 });
  await page.close();
});
test.afterAll(() => shop?.stop());

const results = (page: Page) => page.getByRole("list", { name: "Search Results: quayside" }).getByRole("listitem");

test("a shopper pages through a search by keyboard, 24 products to a page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${shop.url}/search?query=quayside&type=search`);
  await expect(page.getByRole("heading", { name: "Search Results: quayside", level: 1 })).toBeVisible();
  await expect(results(page)).toHaveCount(24);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await expect(pages.getByRole("link", { name: "← Previous page" })).toHaveCount(0);
  await axeAtBothWidths(page);

  await pages.getByRole("link", { name: "Next page →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(pages).toContainText("Page 2 of 2");
  await expect(results(page)).toHaveCount(SAMPLERS - 24);
  await expect(pages.getByRole("link", { name: "Next page →" })).toHaveCount(0);
  await axeAtBothWidths(page);

  await pages.getByRole("link", { name: "← Previous page" }).focus();
  await page.keyboard.press("Enter");
  await expect(pages).toContainText("Page 1 of 2");
  await expect(results(page)).toHaveCount(24);

  await page.goto(`${shop.url}/search?query=qqzzxx&type=search`);
  await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
});

test("the pages work without JavaScript, and the home page leads to every product", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${shop.url}/search?query=quayside&type=search`);
  await expect(results(page)).toHaveCount(24);
  await page.getByRole("link", { name: "Next page →" }).click();
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText("Page 2 of 2");
  await expect(results(page)).toHaveCount(SAMPLERS - 24);

  await page.goto(`${shop.url}/`);
  const home = page.getByRole("list", { name: "All products" }).getByRole("listitem");
  await expect(home).toHaveCount(24);
  await page.getByRole("link", { name: /^See all \d+ products$/ }).click();
  await expect(page.getByRole("heading", { name: "All Products", level: 1 })).toBeVisible();
  // Every product the home page counted is there: the imported ones after the demo's 21 products and bundles.
  const listed = page.getByRole("list", { name: "All Products" }).getByRole("listitem");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 3");
  await expect(listed.filter({ hasText: "Quayside Sampler 1" }).first()).toBeVisible();
  await pages.getByRole("link", { name: "Next page →" }).click();
  await expect(pages).toContainText("Page 2 of 3");
  await expect(listed.filter({ hasText: `Quayside Sampler ${SAMPLERS}` })).toHaveCount(1);
  await context.close();
});
