/**
 * The theme as a draft (issue 37): the owner changes a colour with the colour input and the callout by typing, saves a
 * draft, previews it on the shop (a banner says so) while a shopper's browser still gets the live theme, publishes
 * it, and the shopper then sees it. Each screen is scanned by axe on a phone and a laptop. The journey publishes the
 * theme it found at the end, so no other journey sees its colours.
 */
import type { Page } from "@playwright/test";
import { checkAdminScreen, expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerState } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);
const PRIMARY = "Primary colour (links, prices, highlights)";

const primaryOf = (page: Page) => page.evaluate(() => document.documentElement.style.getPropertyValue("--shop-primary"));

test.describe.configure({ mode: "serial" });

test("the owner picks a colour, previews the draft on the shop that shoppers do not see, and publishes it", async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ storageState: ownerState(), viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  const shopperContext = await browser.newContext({ viewport: DESKTOP });
  const shopper = await shopperContext.newPage();

  await owner.goto("/admin/theme");
  await expect(owner.getByRole("heading", { name: "Theme", level: 1 })).toBeVisible();
  const hex = owner.getByLabel(PRIMARY, { exact: true });
  const picker = owner.getByLabel(`Pick ${PRIMARY.charAt(0).toLowerCase()}${PRIMARY.slice(1)}`, { exact: true });
  const calloutText = owner.getByLabel("Callout text", { exact: true });
  const before = { primary: await hex.inputValue(), callout: await calloutText.inputValue() };
  await expect(picker).toHaveValue(before.primary.toLowerCase());
  await checkAdminScreen(owner, "theme-colour-input");

  // Typing a hex moves the colour input; the colour input writes the hex field, which is what is saved.
  await hex.fill("#0B3D3");
  await hex.press("6");
  await expect(picker).toHaveValue("#0b3d36");
  await picker.fill("#5a2d82");
  await expect(hex).toHaveValue("#5A2D82");
  const callout = `Draft callout ${stamp}`;
  await calloutText.fill(callout);
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Draft saved. Shoppers still see the published theme" })).toBeVisible();
  await expect(hex).toHaveValue("#5A2D82");
  await checkAdminScreen(owner, "theme-draft");

  await shopper.goto("/");
  await expect(shopper.getByText(callout)).toHaveCount(0);
  expect(await primaryOf(shopper)).toBe(before.primary);

  await owner.getByRole("link", { name: "Preview on the shop" }).click();
  await expect(owner).toHaveURL(/\/$/);
  const banner = owner.getByRole("complementary", { name: "Theme preview" });
  await expect(banner).toContainText("Preview of the theme draft. Shoppers still see the published theme.");
  await expect(owner.getByText(callout)).toBeVisible();
  expect(await primaryOf(owner)).toBe("#5A2D82");
  // The preview follows the member through the shop.
  await owner.goto("/products/house-blend");
  await expect(banner).toBeVisible();
  expect(await primaryOf(owner)).toBe("#5A2D82");
  for (const size of [PHONE, DESKTOP]) {
    await owner.setViewportSize(size);
    await expectNoSeriousA11yViolations(owner);
  }

  await shopper.reload();
  await expect(shopper.getByText(callout)).toHaveCount(0);
  expect(await primaryOf(shopper)).toBe(before.primary);
  await expect(shopper.getByRole("complementary", { name: "Theme preview" })).toHaveCount(0);

  await banner.getByRole("link", { name: "Back to the theme" }).click();
  await expect(owner.getByRole("heading", { name: "Theme", level: 1 })).toBeVisible();
  await owner.getByRole("button", { name: "Publish" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Published. Shoppers see the new theme now." })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Preview on the shop" })).toHaveCount(0);

  await shopper.reload();
  await expect(shopper.getByText(callout)).toBeVisible();
  expect(await primaryOf(shopper)).toBe("#5A2D82");

  // Put the theme back as it was, by keyboard: the hex typed, the draft saved with Enter, then published.
  await hex.fill(before.primary);
  await calloutText.fill(before.callout);
  await calloutText.press("Enter");
  await expect(owner.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await owner.getByRole("button", { name: "Publish" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await shopper.reload();
  expect(await primaryOf(shopper)).toBe(before.primary);
  await ownerContext.close();
  await shopperContext.close();
});
