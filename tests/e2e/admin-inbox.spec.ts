/**
 * What customers say, as the owner answers it (issue 23's Done when): a shopper writes through the contact form, the
 * owner answers from the inbox and the reply is in the shop's mailbox addressed to the shopper; the owner hides a
 * review and it leaves the product page (published again at the end, so no other journey misses it). Every new
 * screen scanned by axe at 390 and 1280 px and photographed (/tmp/admin-shots/inbox-*.png).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerContext } from "./owner";
import { DESKTOP, PHONE } from "./viewports";
import { skipWelcomePopup } from "./welcome-popup";

const stamp = Date.now().toString(36);

/** Axe on the screen as it is, at both sizes, with its picture at each; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/inbox-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/inbox-${name}-1280.png`, fullPage: true });
}

test.describe.configure({ mode: "serial" });

test("a shopper's contact message is answered from the inbox, and the reply is in the outbox addressed to them", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `asker-${stamp}@example.com`;
  const name = `Ada Asker ${stamp}`;
  await skipWelcomePopup(page);
  await page.goto("/contact");
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Comment").fill("Do you grind beans for a moka pot?");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Thank you for contacting us! We will get back to you soon.")).toBeVisible();

  const owner = await (await ownerContext(browser)).newPage();
  await owner.setViewportSize(DESKTOP);
  await owner.goto("/admin/messages");
  await expect(owner.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  const row = owner.getByRole("region", { name: "Messages" }).getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("New");
  await checkScreen(owner, "messages");

  await row.getByRole("link", { name }).click();
  await expect(owner.getByRole("heading", { name: `Message from ${name}`, level: 1 })).toBeVisible();
  await expect(owner.getByText("Do you grind beans for a moka pot?")).toBeVisible();
  await checkScreen(owner, "message");
  await owner.getByLabel("Your reply").fill("We do: choose Moka pot as the grind and we grind it fresh.");
  await owner.getByRole("button", { name: "Send reply" }).click();
  await expect(owner.getByRole("status")).toHaveText("Reply sent to the customer and kept on the message.");
  await expect(owner.getByRole("region", { name: "Replies" })).toContainText("We do: choose Moka pot");
  await checkScreen(owner, "message-answered");

  const mail = owner.getByRole("article").filter({ hasText: `To ${email}` }).filter({ hasText: "contact-reply" }).first();
  await owner.goto("/dev/mailbox");
  await expect(mail).toContainText("We do: choose Moka pot as the grind and we grind it fresh.");

  await owner.goto("/admin/messages?status=answered");
  await expect(owner.getByRole("region", { name: "Messages" }).getByRole("row", { name: new RegExp(name) })).toContainText("Answered");
  await owner.context().close();
});

test("the owner hides a review and it leaves the product page; publishing it brings it back", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = "The only coffee in our house now";
  await skipWelcomePopup(page);
  await page.goto("/products/house-blend");
  await expect(page.getByText(title)).toBeVisible();

  const owner = await (await ownerContext(browser)).newPage();
  await owner.setViewportSize(DESKTOP);
  await owner.goto("/admin/reviews");
  await expect(owner.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await owner.getByLabel("Product", { exact: true }).selectOption({ label: "Tidewater House Blend" });
  await owner.getByLabel("Rating").selectOption({ label: "5 of 5" });
  await owner.getByRole("button", { name: "Filter" }).click();
  const review = owner.getByRole("article", { name: title });
  await expect(review).toBeVisible();
  await checkScreen(owner, "reviews");

  await review.getByRole("button", { name: `Hide “${title}”` }).click();
  await expect(owner.getByRole("status")).toHaveText("Review hidden; it has left the product page.");
  await expect(owner.getByRole("article", { name: title })).toContainText("Hidden");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Tidewater House Blend", level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await owner.getByRole("article", { name: title }).getByRole("button", { name: `Publish “${title}”` }).click();
  await expect(owner.getByRole("status")).toHaveText("Review published; the product page shows it now.");
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  await owner.context().close();
});

test("the subscriber list is readable on a phone and a laptop", async ({ browser }) => {
  const owner = await (await ownerContext(browser)).newPage();
  await owner.setViewportSize(DESKTOP);
  await owner.goto("/admin/subscribers");
  await expect(owner.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Export these subscribers as CSV" })).toHaveAttribute("href", "/api/admin/subscribers.csv");
  await checkScreen(owner, "subscribers");
  await owner.context().close();
});
