/**
 * The product editor (issue 22) as an owner works it: a product with two options (Size S/M, Colour Red/Blue: four
 * variants) created as a draft, a price changed, the product duplicated and the copy archived; the list, the new
 * product form and the editor scanned by axe and photographed on a phone and a laptop
 * (/tmp/admin-shots/products-*.png). Pictures, publishing and buying are the catalogue journey's, once pictures land.
 * The owner is the one the first-run journey made (owner.ts).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { richTextHtmlBox } from "./rich-text";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";
import { drawProductForm } from "./product-form";

/** Axe on the screen as it is, and its picture at both sizes; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/products-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/products-${name}-1280.png`, fullPage: true });
}

test.use({ storageState: OWNER_STATE });
// Six axe scans and four saves on a machine shared with other journeys.
test.setTimeout(120_000);

test("the owner creates a product with two options as a draft, changes a price, duplicates it and archives the copy", async ({ page }) => {
  // Its own names, so a retry or another journey's products never meet this one's.
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Field Tee ${stamp}`;
  const handle = `field-tee-${stamp.toLowerCase()}`;

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Products" }).getByRole("link", { name: "House Blend" })).toBeVisible();
  await checkScreen(page, "list");

  await page.getByRole("link", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { name: "Add product", level: 1 })).toBeVisible();
  await checkScreen(page, "new");
  // A new product is listed at /shop unless the owner unticks it (decision 0079).
  await expect(page.getByRole("group", { name: "The collections the product is listed in" }).getByRole("checkbox", { name: "All Products" })).toBeChecked();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await (await richTextHtmlBox(page)).fill("<p>Heavy <strong>cotton</strong>.</p><script>alert(1)</script>");
  await page.getByLabel("Tags (separated by commas)").fill("cotton, summer");
  await drawProductForm(page, { options: 2, rows: 4 });
  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Option 2 name").fill("Colour");
  const combinations = [
    ["S", "Red"],
    ["S", "Blue"],
    ["M", "Red"],
    ["M", "Blue"],
  ];
  for (const [row, [size, colour]] of combinations.entries()) {
    const variant = page.getByRole("group", { name: `Variant ${row + 1}` });
    await variant.getByLabel("Option 1 value").fill(size);
    await variant.getByLabel("Option 2 value").fill(colour);
    await variant.getByLabel("SKU").fill(`FT-${stamp}-${size}-${colour.toUpperCase()}`);
    await variant.getByLabel("Price ($)", { exact: true }).fill("24.00");
    await variant.getByLabel("Stock", { exact: true }).fill("5");
  }
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page.getByText("Product created.")).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Handle (the address: /products/handle)")).toHaveValue(handle);
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await expect(await richTextHtmlBox(page)).toHaveValue("<p>Heavy <strong>cotton</strong>.</p>");
  await expect(page.getByRole("link", { name: "Preview on the shop" })).toHaveAttribute("href", `/products/${handle}`);
  const first = page.getByRole("group", { name: new RegExp(`^Variant 1 \\(FT-${stamp}-S-RED\\)`) });
  await expect(first.getByLabel("Size")).toHaveValue("S");
  await expect(first.getByLabel("Colour")).toHaveValue("Red");
  await expect(first.getByText("5", { exact: true })).toBeVisible();
  await checkScreen(page, "edit");

  await first.getByLabel("Price ($)", { exact: true }).fill("26.50");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Variant 1 / }).getByLabel("Price ($)", { exact: true })).toHaveValue("26.50");

  // A mistake far down the form is said at its top, and its field takes the focus.
  const last = page.getByRole("group", { name: /^Variant 4 / }).getByLabel("Price ($)", { exact: true });
  await last.fill("twenty");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "One problem stops the save:" })).toContainText("Enter an amount in dollars");
  await expect(last).toBeFocused();
  await last.fill("24.00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();

  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: `Copy of ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Handle (the address: /products/handle)")).toHaveValue(`${handle}-copy`);
  await expect(page.getByRole("group", { name: new RegExp(`^Variant 1 \\(FT-${stamp}-S-RED-COPY\\)`) }).getByText("0", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Product archived: shoppers no longer see it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unarchive (back to draft)" })).toBeVisible();

  await page.getByRole("link", { name: "All products" }).click();
  await page.getByRole("search", { name: "Search products" }).getByLabel("Title, handle or SKU").fill(stamp.toLowerCase());
  await page.getByRole("search", { name: "Search products" }).getByRole("button", { name: "Search" }).click();
  const rows = page.getByRole("region", { name: "Products" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `Copy of ${title}` })).toContainText("Archived");
  await expect(rows.filter({ hasText: handle }).filter({ hasNotText: "Copy of" })).toContainText("Draft");
  await expect(rows.filter({ hasNotText: "Copy of" }).filter({ hasText: title })).toContainText("$24.00 – $26.50");
});
