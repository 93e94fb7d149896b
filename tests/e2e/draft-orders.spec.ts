/**
 * Orders taken by phone (issue 35, decision 0059): the owner builds a draft for a new customer (two products, one at a
 * price agreed on the phone), emails the payment link, and the customer opens it from the mailbox and pays with the
 * test card: the draft reads "Paid" with its order number. A second draft is marked paid by bank transfer with a note
 * and becomes an order too. Every new screen is scanned by axe at 390 and 1280 px (/tmp/admin-shots/drafts-*.png).
 * Jasmine Dragon Pearls and the matte black kettle: no other journey buys them, and House Blend's stock is theirs.
 */
import type { Browser, Page } from "@playwright/test";
import { checkAdminScreen, expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE, ownerContext } from "./owner";
import { PHONE_AND_DESKTOP } from "./viewports";

const TEA = "JASM-50G";
const KETTLE = "KETTLE-BLACK";
const run = Date.now().toString(36);

const checkScreen = (page: Page, name: string) => checkAdminScreen(page, `drafts-${name}`);

/** Builds a draft on /admin/drafts/new for `email`: the tea at the catalogue's price and the kettle at $49.00. */
async function buildDraft(page: Page, email: string, name: string, scan = false) {
  await page.goto("/admin/drafts");
  await page.getByRole("link", { name: "New draft order" }).click();
  await expect(page.getByRole("heading", { name: "New draft order", level: 1 })).toBeVisible();
  const customer = page.getByRole("region", { name: "Customer", exact: true });
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Name").fill(name);
  const address = page.getByRole("region", { name: "Shipping address" });
  await address.getByLabel("Address line 1").fill("12 Harbor Way");
  await address.getByLabel("City").fill("Sacramento");
  await address.getByLabel("State").fill("CA");
  await address.getByLabel("Postal code").fill("95814");
  const lines = page.getByRole("region", { name: "Lines" });
  await lines.getByLabel("Line 1: product").selectOption(TEA);
  await lines.getByLabel("Line 1: quantity").fill("2");
  await lines.getByLabel("Line 2: product").selectOption(KETTLE);
  await lines.getByLabel("Line 2: price each").fill("49.00");
  await page.getByRole("region", { name: "Shipping and discount" }).getByLabel("Shipping option").selectOption("standard");
  if (scan) await checkScreen(page, "new");
  await page.getByRole("button", { name: "Save draft" }).click();
  const heading = page.getByRole("heading", { name: /^Draft D\d+$/, level: 1 });
  await expect(heading).toBeVisible();
  return (await heading.innerText()).replace("Draft D", "");
}

/** The payment link of the newest payment email to `email`, read from the shop's mailbox as the owner. */
async function paymentLinkTo(browser: Browser, email: string): Promise<string> {
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  await mailbox.goto("/dev/mailbox");
  const mail = mailbox.getByRole("article").filter({ hasText: `To ${email}` }).filter({ hasText: "Payment of" }).first();
  const text = await mail.innerText();
  await owner.close();
  const link = /(http\S+\/pay\?token=\S+)/.exec(text);
  expect(link, "payment link in the mail").not.toBeNull();
  return link![1];
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("a phone order paid by its emailed link, and one marked paid by bank transfer", async ({ page, browser }) => {
  const email = `phone-${run}@example.com`;
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Drafts" }).click();
  await expect(page.getByRole("heading", { name: "Draft orders", level: 1 })).toBeVisible();
  await checkScreen(page, "list");

  const id = await buildDraft(page, email, "Pat Phone", true);
  await expect(page.getByText("Draft saved. Email the customer a payment link")).toBeVisible();
  const order = page.getByRole("region", { name: "Order" });
  // 2 × $16.00 + $49.00 (catalogue $59.00) = $81.00, shipped free over $40, California's 7.25 % tax: $5.87.
  await expect(order).toContainText("1 × $49.00 (catalogue $59.00) = $49.00");
  await expect(order.getByRole("term").filter({ hasText: /^Total$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("$86.87");
  await checkScreen(page, "detail");

  await page.getByRole("button", { name: "Email payment link" }).click();
  await expect(page.getByText("Payment link emailed to the customer.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("A payment link for $86.87 was emailed");

  // The customer, in their own browser, pays exactly that with the test card.
  const link = await paymentLinkTo(browser, email);
  const customer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const pay = await customer.newPage();
  await pay.goto(link);
  await expect(pay.getByRole("heading", { name: "Amount due: $86.87" })).toBeVisible();
  for (const { viewport } of PHONE_AND_DESKTOP) {
    await pay.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(pay);
  }
  await pay.getByLabel("Card number").fill("4242 4242 4242 4242");
  await pay.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await pay.getByLabel("CVC").fill("123");
  await pay.getByRole("button", { name: "Pay $86.87" }).click();
  await expect(pay.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await customer.close();

  await page.goto("/admin/drafts");
  const row = page.getByRole("region", { name: "Draft orders" }).getByRole("row").filter({ has: page.getByRole("link", { name: `Draft D${id}` }) });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Paid → order #", { timeout: 1000 });
  }).toPass();
  const number = (await row.getByRole("link", { name: /^order #/ }).innerText()).replace("order #", "");
  await row.getByRole("link", { name: `Draft D${id}` }).click();
  await expect(page.getByRole("link", { name: `order #${number}` })).toBeVisible();
  await checkScreen(page, "paid");

  // A second draft, for a café paying by bank transfer.
  const cafe = `cafe-${run}@example.com`;
  const second = await buildDraft(page, cafe, "Corner Café");
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Paid by").selectOption("bank transfer");
  await payment.getByLabel("Note (a reference, who took it)").fill(`Transfer ref ${run}`);
  await payment.getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByText("Marked paid: the draft is an order now.")).toBeVisible();
  const orderLink = page.getByRole("link", { name: /^order #\d+$/ });
  await expect(orderLink).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`bank transfer (Transfer ref ${run})`);
  await orderLink.click();
  await expect(page.getByRole("heading", { name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByText(`Corner Café`).first()).toBeVisible();
  await page.goto("/admin/drafts");
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: `Draft D${second}` }) })).toContainText("Paid → order #");
});
