/**
 * Sales tax where the owner collects it (issue 36, decision 0060): the shop charges a Virginia address nothing while
 * the owner has not chosen Virginia; the Taxes screen asks where the shop collects, suggests Virginia's 5.30 % base
 * rate, charges nothing until saved, and once the owner saves 6 % the same checkout preview charges 6 % on the goods.
 * The screen, before and after choosing, is scanned by axe at 390 and 1280 px (/tmp/admin-shots/taxes-*.png).
 */
import type { Page } from "@playwright/test";
import { DEMO } from "../../server/db/seed-content";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { previewQuote } from "./place-order";
import { DESKTOP } from "./viewports";

const BLEND = DEMO.subscriptions.houseBlend.sku;
const VIRGINIA = { line1: "1 Capitol Sq", city: "Richmond", state: "VA", postal_code: "23219", country: "US" };

/** What the checkout would charge now for two bags of House Blend shipped to Virginia, in cents. */
const virginiaQuote = (page: Page) => previewQuote(page, VIRGINIA, [{ sku: BLEND, quantity: 2 }]);

test.use({ storageState: OWNER_STATE });

test("a Virginia order is taxed only once the owner says the shop collects there, at the rate the owner saved", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const untaxed = await virginiaQuote(page);
  expect(untaxed.subtotal).toBeGreaterThan(0);
  expect(untaxed.tax).toBe(0);

  await page.goto("/admin/taxes");
  const where = page.getByRole("region", { name: "Where do you collect sales tax?" });
  await expect(where.getByRole("heading", { name: "Where do you collect sales tax?" })).toBeVisible();
  await checkAdminScreen(page, "taxes-where");
  await where.getByRole("checkbox", { name: "Virginia", exact: true }).check();
  await where.getByRole("button", { name: "Suggest rates" }).click();
  const rate = where.getByLabel("Virginia rate, in percent", { exact: true });
  await expect(rate).toHaveValue("5.30");
  await checkAdminScreen(page, "taxes-suggested");
  // Suggested is not saved: the checkout still charges Virginia nothing.
  expect((await virginiaQuote(page)).tax).toBe(0);

  await rate.fill("6");
  await where.getByRole("button", { name: "Collect tax in Virginia" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added." })).toBeVisible();
  const row = page.getByRole("region", { name: "Tax rates" }).getByRole("row", { name: /US-VA/ });
  await expect(row).toContainText("6.00 %");
  await expect(where.getByRole("checkbox", { name: "Virginia", exact: true })).toHaveCount(0);

  const taxed = await virginiaQuote(page);
  // Virginia's goods at 6 %, rounded to the cent; its shipping is not taxed.
  expect(taxed.tax).toBe(Math.round(((taxed.subtotal - taxed.discount) * 600) / 10_000));
  expect(taxed.tax).toBeGreaterThan(0);
});
