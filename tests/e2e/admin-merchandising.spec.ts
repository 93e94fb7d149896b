/**
 * Bundles and collections (issue 22) as an owner makes them: a collection of two products in the owner's order,
 * seen in that order on the shop's category page; a bundle of two products with the variants each offers, a
 * quantity, a price and a picture, seen on its bundle page. Every screen scanned by axe and photographed on a phone
 * and a laptop (/tmp/admin-shots/merchandising-*.png). What these journeys make is theirs alone (a handle with the
 * run's time) and deleted at the end, neither featured nor linked in the navigation, so no other journey sees it.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);

/** Axe on the screen as it is, at both sizes, with its picture at each; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/merchandising-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/merchandising-${name}-1280.png`, fullPage: true });
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the owner makes a collection of two products in a chosen order and sees that order on its category page", async ({ page }) => {
  // Four screens, each scanned and photographed at two sizes.
  test.setTimeout(120_000);
  const handle = `gift-ideas-${stamp}`;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/collections");
  await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Collections" }).getByRole("link", { name: "Brewing Gear" })).toBeVisible();
  await checkScreen(page, "collections");

  await page.getByRole("link", { name: "New collection" }).click();
  await expect(page.getByRole("heading", { name: "New collection", level: 1 })).toBeVisible();
  await checkScreen(page, "collection-new");
  await page.getByLabel("Title").fill("Gift Ideas");
  await page.getByLabel(/^Handle/).fill(handle);
  await page.getByLabel("Add a product").selectOption({ label: "Glass French Press" });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Collection saved; the shop shows it now.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gift Ideas", level: 1 })).toBeVisible();

  await page.getByLabel("Add a product").selectOption({ label: "Harbor Stoneware Mug" });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("region", { name: "Products" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Move up Harbor Stoneware Mug" }).click();
  const items = page.getByRole("region", { name: "Products" }).getByRole("listitem");
  await expect(items.first()).toContainText("Harbor Stoneware Mug");
  await expect(items.nth(1)).toContainText("Glass French Press");
  await checkScreen(page, "collection-edit");

  await page.goto(`/search?query=${handle}&type=collection-search`);
  const cards = page.getByRole("main").locator('a[href^="/products/"]');
  await expect(cards.first()).toHaveAttribute("href", /\/products\/harbor-mug/);
  const hrefs = [...new Set(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href"))))];
  expect(hrefs.map((href) => href?.replace(/\?.*$/, ""))).toEqual(["/products/harbor-mug", "/products/french-press"]);

  await page.goto("/admin/collections");
  await page.getByRole("region", { name: "Collections" }).getByRole("link", { name: "Gift Ideas" }).click();
  await page.getByRole("link", { name: "Delete the collection Gift Ideas" }).click();
  await expect(page.getByText("Delete the collection Gift Ideas?")).toBeFocused();
  await checkScreen(page, "collection-delete");
  await page.getByRole("button", { name: "Delete collection" }).click();
  await expect(page.getByText("Collection deleted.")).toBeVisible();
});

test("the owner makes a bundle of two products with chosen variants, a quantity, a price and a picture, and sees its bundle page", async ({ page }) => {
  test.setTimeout(120_000);
  const handle = `mug-pair-${stamp}`;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/bundles");
  await expect(page.getByRole("region", { name: "Bundles" }).getByRole("link", { name: "Pour-Over Starter Kit" })).toBeVisible();
  await checkScreen(page, "bundles");

  await page.getByRole("link", { name: "New bundle" }).click();
  await page.getByLabel("Title").fill("Mug Pair");
  await page.getByLabel(/^Handle/).fill(handle);
  await page.getByLabel("Price in dollars").fill("39.50");
  await page.getByLabel("Add a product").selectOption({ label: "Harbor Stoneware Mug" });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Bundle saved; the shop shows it now.")).toBeVisible();

  const mug = page.getByRole("group", { name: /Harbor Stoneware Mug/ });
  await mug.getByRole("checkbox", { name: /MUG-SEAGLASS/ }).uncheck();
  await mug.getByRole("checkbox", { name: /MUG-SAND/ }).check();
  await mug.getByRole("checkbox", { name: /MUG-CHAR/ }).check();
  await mug.getByLabel("Quantity of Harbor Stoneware Mug").fill("2");
  await page.getByLabel("Add a product").selectOption({ label: "Enamel Camp Mug" });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("group", { name: /Enamel Camp Mug/ })).toBeVisible();
  await expect(page.getByRole("group", { name: /Harbor Stoneware Mug/ }).getByRole("checkbox", { name: /MUG-SAND/ })).toBeChecked();

  // A refusal keeps what was typed and names the field.
  await page.getByLabel("Title").fill("");
  await page.getByLabel("Price in dollars").fill("thirty");
  await page.getByRole("button", { name: "Save bundle" }).click();
  await expect(page.getByLabel("Title")).toHaveAccessibleDescription("Title is required");
  await expect(page.getByLabel("Price in dollars")).toHaveAccessibleDescription("Enter an amount in dollars, such as 12.50");
  await expect(page.getByRole("alert").filter({ hasText: "2 problems stop the save:" })).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Price in dollars")).toHaveValue("thirty");
  await checkScreen(page, "bundle-refused");
  await page.getByLabel("Title").fill("Mug Pair");
  await page.getByLabel("Price in dollars").fill("39.50");
  await page.getByRole("button", { name: "Save bundle" }).click();
  await expect(page.getByText("Bundle saved; the shop shows it now.")).toBeVisible();

  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#2d6a73" } }).png().toBuffer();
  await page.getByLabel(/^Pictures/).setInputFiles({ name: "mug-pair.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload pictures" }).click();
  await expect(page.getByText("Pictures added.")).toBeVisible();
  await expect(page.getByRole("img", { name: /Mug Pair, 1 of 1/ })).toBeVisible();
  await checkScreen(page, "bundle-edit");

  await page.goto(`/bundles/${handle}`);
  await expect(page.getByRole("heading", { name: "Mug Pair", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText("$39.50").first()).toBeVisible();
  await expect(page.getByRole("main").getByText("Harbor Stoneware Mug").first()).toBeVisible();
  await expect(page.getByRole("main").getByText("Enamel Camp Mug").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/admin-shots/merchandising-bundle-page-1280.png", fullPage: true });

  await page.goto("/admin/bundles");
  await page.getByRole("region", { name: "Bundles" }).getByRole("link", { name: "Mug Pair" }).click();
  await page.getByRole("link", { name: "Delete the bundle Mug Pair" }).click();
  await page.getByRole("button", { name: "Delete bundle" }).click();
  await expect(page.getByText("Bundle deleted.")).toBeVisible();
  expect((await page.request.get(`/bundles/${handle}`)).status()).toBe(404);
});
