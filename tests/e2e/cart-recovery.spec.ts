/**
 * Carts that come back (decision 0037): a shopper who ticks the reminder box and leaves without paying gets one
 * email whose link brings the same cart back in a fresh browser; a shopper who does not tick it gets none. The owner
 * sets the delay to its minimum on Store settings, so the shop's own job (every minute) sends the reminder.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerContext } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

// Bags of Ethiopia Yirgacheffe, whose stock no order here touches: nobody pays.
const ETHIOPIA = "ETH-12OZ-WB";
const run = Date.now().toString(36);
const WITH_CONSENT = `comeback-${run}@example.com`;
const WITHOUT_CONSENT = `noconsent-${run}@example.com`;
const CONSENT_LABEL = "Email me a reminder if I don't finish my order";

async function setReminderDelay(browser: Browser, minutes: number, scan = false) {
  const owner = await ownerContext(browser);
  const page = await owner.newPage();
  await page.goto("/admin/settings");
  const field = page.getByLabel(/Cart reminder delay, in minutes/);
  await field.fill(String(minutes));
  if (scan) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectNoSeriousA11yViolations(page);
    }
  }
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel(/Cart reminder delay, in minutes/)).toHaveValue(String(minutes));
  await owner.close();
}

/** A shopper's checkout of two bags, left at its tax preview: email, address and a shipping method, not paid. */
async function leaveCheckout(context: BrowserContext, email: string, consent: boolean, scan = false) {
  const page = await context.newPage();
  await page.goto("/");
  const stored = await page.request.post("/api/cart-items", { data: { cartItems: [{ kind: "product", sku: ETHIOPIA, quantity: 2 }] } });
  expect(stored.status(), await stored.text()).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: /^Cart/ }).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_/);
  const form = page.getByRole("form", { name: "Checkout" });
  const box = form.getByRole("checkbox", { name: CONSENT_LABEL });
  await expect(box).not.toBeChecked();
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Full name").fill("Casey Comeback");
  await form.getByLabel("Address", { exact: true }).fill("1 Main St");
  await form.getByLabel("City").fill("Sacramento");
  await form.getByLabel("State").fill("CA");
  await form.getByLabel("ZIP code").fill("95814");
  if (consent) {
    // By keyboard, as anyone can: the box follows the address's last field.
    await box.focus();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  const quoted = page.waitForResponse(
    (response) => response.url().endsWith("/api/stripe/preview_tax") && response.request().postDataJSON()?.remind_me === consent,
  );
  await form.getByRole("radio", { name: /Standard Shipping/ }).check();
  expect((await quoted).status()).toBe(200);
  if (scan) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectNoSeriousA11yViolations(page);
    }
  }
  await page.close();
}

/** The cart reminders in the shop's mailbox to `email`, read as the owner. */
async function remindersTo(browser: Browser, email: string): Promise<string[]> {
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  await mailbox.goto("/dev/mailbox");
  const mails = mailbox.getByRole("article").filter({ hasText: `To ${email}` }).filter({ hasText: "cart-reminder" });
  const texts = await mails.allTextContents();
  await owner.close();
  return texts;
}

async function scanAtBothWidths(page: Page, include?: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, include);
  }
}

test.describe("carts that come back", () => {
  test.afterAll(async ({ browser }) => {
    await setReminderDelay(browser, 240);
  });

  test("a shopper who asked is reminded once and gets the same cart back in a fresh browser; one who did not gets nothing", async ({
    browser,
  }) => {
    // The shop's job runs each minute and the shortest delay is a minute: up to about three minutes of waiting.
    test.setTimeout(300_000);
    await setReminderDelay(browser, 1, true);

    const without = await browser.newContext();
    await leaveCheckout(without, WITHOUT_CONSENT, false);
    await without.close();
    const shopper = await browser.newContext();
    await leaveCheckout(shopper, WITH_CONSENT, true, true);
    await shopper.close();

    let reminder = "";
    await expect(async () => {
      const mails = await remindersTo(browser, WITH_CONSENT);
      expect(mails).toHaveLength(1);
      reminder = mails[0];
    }).toPass({ timeout: 200_000, intervals: [10_000] });
    expect(reminder).toContain("2 × Ethiopia");
    // The other shopper's checkout was due first, and the job that mailed this one found nothing to send them.
    expect(await remindersTo(browser, WITHOUT_CONSENT)).toEqual([]);

    const restoreLink = /(http\S+\/cart\/restore\?token=[\w.%-]+)/.exec(reminder)?.[1];
    const stopLink = /(http\S+\/cart\/reminders\/stop\?token=[\w.%-]+)/.exec(reminder)?.[1];
    expect(restoreLink, "restore link in the mail").toBeTruthy();
    expect(stopLink, "stop link in the mail").toBeTruthy();

    // Another device: a browser that has never seen the shop.
    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto(restoreLink!);
    await expect(page).toHaveURL(/\/cart\/restore$/);
    await expect(page.getByRole("heading", { name: "Your cart is back" })).toBeVisible();
    await expect(page.getByText(/2 × Ethiopia/)).toBeVisible();
    await scanAtBothWidths(page);
    // By keyboard to the cart, whose checkout takes the shopper on.
    const open = page.getByRole("button", { name: "Open your cart" });
    await open.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.getByRole("button", { name: "Checkout" })).toBeEnabled();
    await expect(drawer.getByText(/Ethiopia/).first()).toBeVisible();

    // A forged link says so and changes nothing.
    const forged = await page.goto(`${restoreLink!.slice(0, -4)}AAAA`);
    expect(forged?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link cannot restore a cart" })).toBeVisible();
    await scanAtBothWidths(page);

    // One click stops reminders.
    await page.goto(stopLink!);
    await expect(page.getByRole("heading", { name: "No more cart reminders" })).toBeVisible();
    await scanAtBothWidths(page);
    await fresh.close();

    // Still one reminder, and the owner's report counts it and the restore.
    expect(await remindersTo(browser, WITH_CONSENT)).toHaveLength(1);
    const owner = await ownerContext(browser);
    const report = await owner.newPage();
    await report.goto("/admin/analytics");
    const section = report.getByRole("region", { name: "Cart reminders" });
    await expect(section.getByText("Reminders sent")).toBeVisible();
    await expect(section.getByRole("definition").first()).not.toHaveText("0");
    // The report's other sections are other journeys' to scan (analytics.spec.ts).
    await scanAtBothWidths(report, 'section[aria-labelledby="cart-reminders-heading"]');
    await owner.close();
  });
});
