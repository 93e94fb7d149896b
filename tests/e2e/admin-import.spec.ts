/**
 * Moving in from Shopify (issue 22) as an owner does it: a small product CSV (no pictures) uploaded on the import
 * screen, checked (nothing changes), imported from the check's page, then found in the back office's product list
 * and on the shop. Every import screen is scanned by axe and photographed on a phone and a laptop
 * (/tmp/h5/import-*.png). The product is the journey's own (its handle carries the run's time), so no other journey
 * counts on it.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { csvOf } from "./shopify-csv";
import { DESKTOP, PHONE } from "./viewports";

const run = Date.now();
const HANDLE = `travel-tumbler-${run}`;
const TITLE = `Travel Tumbler ${run}`;

const FILE = csvOf([
  {
    Handle: HANDLE,
    Title: TITLE,
    "Body (HTML)": "<p>Keeps coffee hot for six hours.</p><script>alert(1)</script>",
    Vendor: "Tidewater",
    Type: "Drinkware",
    Status: "active",
    "Option1 Name": "Colour",
    "Option1 Value": "Sea",
    "Variant SKU": `TUMBLER-SEA-${run}`,
    "Variant Price": "28.00",
    "Variant Inventory Qty": "9",
  },
  { Handle: HANDLE, "Option1 Value": "Sand", "Variant SKU": `TUMBLER-SAND-${run}`, "Variant Price": "28.00", "Variant Inventory Qty": "4" },
]);

/** Axe on the screen as it is, and its picture at both sizes; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/h5/import-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/h5/import-${name}-1280.png`, fullPage: true });
}

test.use({ storageState: OWNER_STATE });

test("the owner checks a Shopify product CSV, imports it, and finds the product in the back office and on the shop", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/import");
  await expect(page.getByRole("heading", { name: "Import products", level: 1 })).toBeVisible();
  await checkScreen(page, "upload");

  const upload = async (mode: "Check only (changes nothing)" | "Import") => {
    await page.getByLabel("Shopify product CSV").setInputFiles({ name: "products_export_1.csv", mimeType: "text/csv", buffer: Buffer.from(FILE) });
    await page.getByRole("radio", { name: mode }).check();
    await page.getByRole("button", { name: "Upload" }).click();
  };
  await upload("Check only (changes nothing)");
  await expect(page.getByRole("heading", { name: /^Check #\d+$/, level: 1 })).toBeVisible();
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByText("The file is ready to import. Nothing has changed yet.")).toBeVisible();
  await expect(status.getByRole("definition").first()).toHaveText("1");
  await checkScreen(page, "checked");

  await page.goto(`/products/${HANDLE}`);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await page.goBack();

  await page.getByRole("button", { name: "Import this file" }).click();
  await expect(page.getByRole("heading", { name: /^Import #\d+$/, level: 1 })).toBeVisible();
  await expect(status.getByText("The file is imported: the shop shows its products now.")).toBeVisible();
  await checkScreen(page, "imported");

  await page.goto("/admin/products/import");
  await expect(page.getByRole("region", { name: "Recent imports" }).getByRole("link", { name: /^Import #\d+$/ }).first()).toBeVisible();

  await page.goto("/admin/products");
  await page.getByRole("search", { name: "Search products" }).getByLabel("Title, handle or SKU").fill(HANDLE);
  await page.getByRole("search", { name: "Search products" }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("region", { name: "Products" }).getByRole("link", { name: TITLE })).toBeVisible();

  await page.goto(`/products/${HANDLE}`);
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText("Keeps coffee hot for six hours.")).toBeVisible();
  expect(await page.content()).not.toContain("alert(1)");
});

test("a file with a mistake is shown by row and column on its page, and nothing is imported", async ({ page }) => {
  const broken = FILE.replace('"28.00"', '"twenty"').replaceAll(HANDLE, `${HANDLE}-broken`).replaceAll(`-${run}"`, `-${run}-B"`);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/import");
  await page.getByLabel("Shopify product CSV").setInputFiles({ name: "broken.csv", mimeType: "text/csv", buffer: Buffer.from(broken) });
  await page.getByRole("radio", { name: "Import" }).check();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("heading", { name: /^Import #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByText("Nothing was changed. Fix the problems below in the file and upload it again.")).toBeVisible();
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.getByRole("row", { name: /^2 Variant Price Price twenty is not a number/ })).toBeVisible();
  await checkScreen(page, "problems");
  await page.goto(`/products/${HANDLE}-broken`);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
});
