/**
 * The subscriber's own pages (issue 34): a customer subscribes through the checkout with the test card, then from
 * their profile skips, changes the grind, moves the address (the new total shown first), pauses, resumes and cancels,
 * each confirmed by email; and a subscriber whose card declines goes through the dunning emails to past due, opens
 * the page from the declined email's link, and gives a card that works. The clock moves with the owner's command.
 */
import type { Browser, Page } from "@playwright/test";
import { addDays, formatISO } from "date-fns";
import { expectNoSeriousA11yViolations } from "./a11y";
import { signUpAndIn, uniqueEmail } from "./customer";
import { expect, test } from "./fixtures";
import { ownerCommand, ownerContext } from "./owner";
import { placeSubscriptionOrder } from "./place-order";
import { PHONE_AND_DESKTOP } from "./viewports";

const ACCOUNT = { password: "beans every fortnight", firstName: "Sue", lastName: "Scriber" };

async function scanAtBothWidths(page: Page) {
  for (const { viewport } of PHONE_AND_DESKTOP) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
}

/** The texts of the mails of `kind` to `email`, newest first, once there are `count` of them (mail goes out just after the answer). */
async function mailsTo(browser: Browser, email: string, kind: string, count: number): Promise<string[]> {
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  const mails = mailbox.getByRole("article").filter({ hasText: `To ${email} · ${kind}` });
  await expect(async () => {
    await mailbox.goto("/dev/mailbox");
    await expect(mails).toHaveCount(count, { timeout: 1000 });
  }).toPass();
  const texts = await mails.allTextContents();
  await owner.close();
  return texts;
}

/** The signed-in customer's one subscription, from their profile: its page. */
async function openFromProfile(page: Page) {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Your subscriptions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your subscriptions" })).toBeVisible();
  // The record starts when the payment's event is applied, just after the confirmation page.
  const manage = page.getByRole("link", { name: /^Manage/ });
  await expect(async () => {
    await page.reload();
    await expect(manage).toBeVisible({ timeout: 1000 });
  }).toPass();
}

const section = (page: Page, name: string) => page.getByRole("region", { name });
/** The page's answer to the last change. */
const said = (page: Page) => page.getByRole("main").getByRole("status");
const alerts = (page: Page) => page.getByRole("main").getByRole("alert");

/** The next delivery's date as the page gives it, machine-readable (2026-12-12). */
const nextDelivery = (page: Page) => page.getByRole("definition").locator("time");
const nextDeliveryDate = async (page: Page) => (await nextDelivery(page).getAttribute("datetime"))!;

test.describe("a subscriber's own page", () => {
  test("a customer subscribes, then skips, changes the grind, moves the address seeing the new total, pauses, resumes and cancels, each confirmed by email", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("subscriber");
    await signUpAndIn(page, email, ACCOUNT);
    await placeSubscriptionOrder(page, email);

    await openFromProfile(page);
    const entry = page.getByRole("article");
    await expect(entry).toContainText("2 × Tidewater House Blend");
    await expect(entry).toContainText("Whole Bean · 12 oz");
    await expect(entry).toContainText("Delivered every 2 weeks");
    await expect(entry).toContainText("Visa ending 4242");
    await expect(entry).toContainText(/Next delivery total:\s*\$\d+\.\d\d, shipping and tax included/);
    await scanAtBothWidths(page);

    await page.getByRole("link", { name: /^Manage/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
    await scanAtBothWidths(page);
    const first = await nextDeliveryDate(page);

    // Skip, by keyboard.
    const skip = section(page, "Next delivery").getByRole("button", { name: "Skip next delivery" });
    await skip.focus();
    await page.keyboard.press("Enter");
    await expect(said(page)).toContainText("Your next delivery is skipped.");
    const afterSkip = formatISO(addDays(new Date(`${first}T12:00:00Z`), 14), { representation: "date" });
    await expect(nextDelivery(page)).toHaveAttribute("datetime", afterSkip);

    // Another grind, and three bags, the button reached by keyboard.
    const item = section(page, "Item");
    await item.getByLabel("Tidewater House Blend: options").selectOption({ label: "Drip Grind · 12 oz" });
    await item.getByLabel("Quantity").fill("3");
    await item.getByLabel("Quantity").focus();
    await page.keyboard.press("Tab");
    await expect(item.getByRole("button", { name: "Update item" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(said(page)).toContainText("Your item is changed from your next delivery.");
    await expect(page.getByRole("region", { name: "Subscription details" })).toContainText("3 × Tidewater House Blend");
    await expect(page.getByRole("region", { name: "Subscription details" })).toContainText("Drip Grind · 12 oz");

    // A new address: reviewed with its total first, then saved.
    const address = section(page, "Delivery address");
    await address.getByLabel("Address", { exact: true }).fill("");
    await address.getByRole("button", { name: "Review new total" }).click();
    await expect(address.getByText("Address: Please complete the address")).toBeVisible();
    await expect(address.getByLabel("Address", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await address.getByLabel("Address", { exact: true }).fill("9 Pine Rd");
    await address.getByLabel("City").fill("Portland");
    await address.getByLabel("State").fill("OR");
    await address.getByLabel("ZIP code").fill("97201");
    await address.getByRole("button", { name: "Review new total" }).click();
    await expect(said(page)).toContainText(/Your next delivery to this address comes to \$\d+\.\d\d, shipping and tax included/);
    const review = address.getByRole("group", { name: "New address to review" });
    await expect(review).toContainText("9 Pine Rd, Portland, OR 97201");
    await expect(review).toContainText(/Total\s*\$\d+\.\d\d/);
    await scanAtBothWidths(page);
    await review.getByRole("button", { name: "Save address" }).click();
    await expect(said(page)).toContainText("Your new address is saved for your next delivery.");
    await expect(page.getByRole("region", { name: "Subscription details" })).toContainText("9 Pine Rd");

    await section(page, "Pause").getByRole("button", { name: "Pause subscription" }).click();
    await expect(said(page)).toContainText("Your subscription is paused until you resume it.");
    await expect(page.getByRole("region", { name: "Subscription details" })).toContainText(/Status:\s*Paused until you resume it/);
    await scanAtBothWidths(page);

    await section(page, "Resume").getByRole("button", { name: "Resume subscription" }).click();
    await expect(said(page)).toContainText("Your subscription is active again.");

    await section(page, "Cancel subscription").getByLabel("Why are you cancelling? (optional)").fill("Trying another roaster");
    await section(page, "Cancel subscription").getByRole("button", { name: "Cancel subscription" }).click();
    await expect(said(page)).toContainText("Your subscription is cancelled: no more deliveries will be sent or charged.");
    await expect(page.getByRole("region", { name: "Subscription details" })).toContainText(/Status:\s*Cancelled/);
    await expect(page.getByRole("button", { name: "Skip next delivery" })).toHaveCount(0);

    const mails = await mailsTo(browser, email, "subscription-changed", 6);
    const expected = [/Skipped the delivery of/, /Now 3 × Tidewater House Blend \([^)]*Drip[^)]*\) from the next delivery/, /Delivered to .*9 Pine Rd, Portland, OR 97201/, /Paused until you resume it/, /Resumed/, /Cancelled: no more deliveries/];
    for (const text of expected) expect(mails.some((mail) => text.test(mail)), String(text)).toBe(true);
    expect(mails.every((mail) => mail.includes("Manage your subscription: http"))).toBe(true);
  });

  test("a declined card is retried 1, 3 and 7 days on with an email each time, then the subscription is past due; the declined email's link opens its page, where a card that works makes it active again", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("declined");
    await signUpAndIn(page, email, ACCOUNT);
    await placeSubscriptionOrder(page, email);
    await openFromProfile(page);
    await page.getByRole("link", { name: /^Manage/ }).click();

    const card = section(page, "Card");
    await card.getByLabel("Card number").fill("4000 0000 0000 0341");
    await card.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await card.getByLabel("CVC").fill("123");
    await card.getByRole("button", { name: "Update card" }).click();
    await expect(said(page)).toContainText("Your card is updated: Visa ending 0341.");
    const due = new Date(`${await nextDeliveryDate(page)}T12:00:00Z`);
    const day = (days: number) => formatISO(addDays(due, days), { representation: "date" });

    await ownerCommand(["subscriptions", "renew-due", "--as-of", day(0)]);
    const [declined] = await mailsTo(browser, email, "subscription-declined", 1);
    expect(declined).toContain("We could not take the payment for your next delivery: Your card was declined.");
    await ownerCommand(["subscriptions", "renew-due", "--as-of", day(1)]);
    await mailsTo(browser, email, "subscription-declined", 2);
    await ownerCommand(["subscriptions", "renew-due", "--as-of", day(3)]);
    await mailsTo(browser, email, "subscription-declined", 3);
    await ownerCommand(["subscriptions", "renew-due", "--as-of", day(7)]);
    const [pastDue] = await mailsTo(browser, email, "subscription-past-due", 1);
    expect(pastDue).toContain("Your subscription is paused: payment past due");

    // The guest's way in: the link in the email, in a browser with no account signed in.
    const link = /Manage your subscription: (http\S+)/.exec(pastDue)![1];
    const guest = await browser.newContext();
    const subscriber = await guest.newPage();
    await subscriber.goto(new URL(link).pathname + new URL(link).search);
    await expect(subscriber.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
    await expect(subscriber.getByRole("region", { name: "Subscription details" })).toContainText(/Status:\s*Past due/);
    await expect(alerts(subscriber)).toContainText("Your last payment was declined");
    await scanAtBothWidths(subscriber);

    const newCard = section(subscriber, "Card");
    await newCard.getByLabel("Card number").fill("4000 0000 0000 0002");
    await newCard.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await newCard.getByLabel("CVC").fill("123");
    await newCard.getByRole("button", { name: "Update card" }).click();
    await expect(alerts(subscriber).filter({ hasText: "Nothing was changed" })).toContainText("Your card was declined.");
    await newCard.getByLabel("Card number").fill("4242 4242 4242 4242");
    await newCard.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await newCard.getByLabel("CVC").fill("123");
    await newCard.getByRole("button", { name: "Update card" }).click();
    await expect(said(subscriber)).toContainText("Your card is updated: Visa ending 4242. Your subscription is active.");
    await expect(subscriber.getByRole("region", { name: "Subscription details" })).toContainText(/Status:\s*Active/);
    await guest.close();
  });

  test("an emailed link that cannot be used says so and how to get one that works", async ({ page }) => {
    for (const path of ["/subscriptions/manage?token=not-a-token", "/subscriptions/skip?token=not-a-token"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
      await expect(page.getByText("Every email about your subscription carries a link to its page")).toBeVisible();
      await scanAtBothWidths(page);
    }
  });
});
