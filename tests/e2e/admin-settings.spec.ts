/**
 * The store's looks and rules as the owner changes them (issue 23): a new callout text and primary colour show on the
 * shop once the draft is published (the preview itself: theme-preview.spec.ts); a colour pair no shopper could read
 * is refused with its measured contrast. Every settings screen is
 * scanned by axe and photographed on a phone and a laptop (/tmp/admin-shots/settings-*.png). The journey puts the
 * looks back as it found them, so no other journey sees its colours.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);

/** Axe on the screen as it is, at both sizes, with its picture at each; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/settings-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `/tmp/admin-shots/settings-${name}-1280.png`, fullPage: true });
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the owner changes the callout text and the primary colour and sees them on the shop once published; an unreadable colour is refused with its ratio", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/theme");
  await expect(page.getByRole("heading", { name: "Theme", level: 1 })).toBeVisible();
  await checkScreen(page, "theme");
  const calloutText = page.getByLabel("Callout text", { exact: true });
  const primary = page.getByLabel("Primary colour (links, prices, highlights)", { exact: true });
  const before = { text: await calloutText.inputValue(), primary: await primary.inputValue() };

  const text = `Fresh roast Fridays ${stamp}`;
  await calloutText.fill(text);
  await primary.fill("#0B3D36");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published. Shoppers see the new theme now." })).toBeVisible();

  await page.goto("/");
  await expect(page.getByText(text)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--shop-primary"))).toBe("#0B3D36");

  await page.goto("/admin/theme");
  const calloutBackground = page.getByLabel("Callout background colour", { exact: true });
  await calloutBackground.fill("#B5B5B5");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Contrast 2.0:1 is below 4.5:1 for the callout's text; choose a darker or lighter colour")).toBeVisible();
  await expect(calloutBackground).toHaveAttribute("aria-invalid", "true");
  await expect(calloutBackground).toHaveValue("#B5B5B5");
  await checkScreen(page, "theme-refused");
  await page.goto("/");
  await expect(page.getByText(text)).toBeVisible();

  await page.goto("/admin/theme");
  await calloutText.fill(before.text);
  await primary.fill(before.primary);
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
});

test("the store settings screen passes axe on a phone and a laptop", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Store settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveValue("Tidewater Coffee & Tea");
  await checkScreen(page, "store");
});

test("the owner sees that mail is only kept in the outbox, sends a test email and finds it there", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/admin/settings");
  const email = page.getByRole("region", { name: "Email" });
  await expect(email).toContainText("No mail server is set (SMTP_URL), so email is kept in the shop's outbox and reaches nobody.");
  await expect(email).toContainText("New orders, returns and customers' messages go to");
  await email.getByRole("button", { name: "Send a test email to yourself" }).click();
  await expect(page.getByRole("status")).toHaveText("The test email is in the outbox: with no mail server set, nothing leaves the shop.");
  await checkScreen(page, "store-test-email");
  await page.getByRole("region", { name: "Email" }).getByRole("link", { name: "outbox" }).click();
  await expect(page.getByRole("article").filter({ hasText: "Test email from Tidewater Coffee & Tea" }).first()).toContainText("To olive@example.com");
});

test("the owner adds a shipping option and deletes it; the shipping screen passes axe", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/shipping");
  await expect(page.getByRole("heading", { name: "Standard Shipping", level: 2 })).toBeVisible();
  const name = `Courier ${stamp}`;
  const adding = page.getByRole("region", { name: "New shipping option" });
  await adding.getByLabel("Name").fill(name);
  await adding.getByLabel("Price, in dollars").fill("8");
  await adding.getByRole("button", { name: "Add shipping option" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added." })).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await checkScreen(page, "shipping");
  // Deleting asks first: the link brings the question, focused, and only its button deletes.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete ${name}? Checkout stops offering it`)).toBeFocused();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted." })).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 2 })).toHaveCount(0);
});

test("the taxes screen opens a region's rate to change and passes axe", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/taxes");
  await page.getByRole("link", { name: "Change US-CA" }).click();
  await expect(page.getByRole("heading", { name: "Change US-CA", level: 2 })).toBeVisible();
  await expect(page.getByLabel("Rate, in percent").first()).toHaveValue("7.25");
  await checkScreen(page, "taxes");
});
