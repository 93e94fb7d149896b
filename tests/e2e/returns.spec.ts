/**
 * Returns and exchanges (issue 35, decision 0056) as a guest customer and the owner live them: the customer buys two
 * travel tumblers (bought by this journey alone: the others count on House Blend's bags), the owner ships them, the
 * customer finds the order by its number and email and returns one; the owner approves, receives it back to stock
 * (the shelf's figure goes up) and refunds it; the customer sees it refunded and has each email. Then an exchange for
 * another colour makes a new order. Every new screen is scanned by axe at 390 and 1280 px.
 */
import type { Browser, Page } from "@playwright/test";
import { checkAdminScreen, expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerContext } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP, PHONE } from "./viewports";

const SLATE = "TUMB-12OZ-SLATE";
const FOREST = "TUMB-12OZ-FOREST";

test.describe.configure({ mode: "serial" });

const shopperEmail = (name: string) => `${name}-${Date.now()}@example.com`;

/** Axe on a shop page at the phone's size and the laptop's; the page is left at the laptop's. */
async function checkShopScreen(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
}

/** The shelf's figure of one variant, as the owner's inventory list shows it. */
async function shelfOf(owner: Page, sku: string): Promise<number> {
  await owner.goto(`/admin/inventory?q=${sku}`);
  const row = owner.getByRole("region", { name: "Variants" }).getByRole("row").filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  return Number(await row.getByRole("cell").nth(1).locator("span.font-semibold").innerText());
}

async function shipAsOwner(owner: Page, number: string) {
  await owner.goto(`/admin/orders/${number}`);
  await owner.getByRole("region", { name: "Ship the order" }).getByRole("button", { name: "Mark shipped" }).click();
  await expect(owner.getByRole("status")).toHaveText("Order marked shipped; the customer was emailed.");
}

/** The customer finds the order by number and email and opens its returns through the lookup's link. */
async function openReturns(page: Page, number: string, email: string) {
  await page.goto("/orders/lookup");
  const lookup = page.getByRole("form", { name: "Find an order" });
  await lookup.getByLabel("Order number").fill(number);
  await lookup.getByLabel("Email").fill(email);
  await lookup.getByRole("button", { name: "Find Order" }).click();
  await page.getByRole("link", { name: "Start a return or see your returns" }).click();
  await expect(page.getByRole("heading", { name: `Returns for order #${number}` })).toBeVisible();
}

async function startReturn(page: Page, reason: string) {
  const form = page.getByRole("form", { name: "Start a return" });
  await form.getByLabel(/Insulated Travel Tumbler.*how many to return \(up to 2\)/).fill("1");
  await form.getByLabel("Reason").selectOption({ label: reason });
  await form.getByRole("button", { name: "Start a return" }).click();
  await expect(page.getByRole("status")).toHaveText("Your return request was sent. We will email you once we have looked at it.");
}

async function buyAndReturn(browser: Browser, page: Page, sku: string, reason: string) {
  const email = shopperEmail("returns");
  const number = await placeOrder(page, email, sku);
  const owner = await (await ownerContext(browser)).newPage();
  await owner.setViewportSize(DESKTOP);
  await shipAsOwner(owner, number);
  await openReturns(page, number, email);
  await startReturn(page, reason);
  await owner.goto(`/admin/orders/${number}`);
  await owner.getByRole("link", { name: "Returns and exchanges" }).click();
  await expect(owner.getByRole("heading", { name: `Returns of order #${number}` })).toBeVisible();
  await expect(owner.getByRole("heading", { name: /Return \d+: Requested, to approve/ })).toBeVisible();
  const id = (await owner.getByRole("heading", { name: /Return \d+:/ }).innerText()).match(/Return (\d+)/)![1];
  return { email, number, owner, id };
}

test("a customer returns one item and the owner refunds it and restocks it", async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  const { email, number, owner, id } = await buyAndReturn(browser, page, SLATE, "Damaged or defective");
  await expect(page.getByText(`Return ${id} · Status: Requested: we will reply soon`)).toBeVisible();
  await checkShopScreen(page);
  await checkAdminScreen(owner, "returns-requested");

  await owner.getByRole("button", { name: `Approve return ${id}` }).click();
  await expect(owner.getByRole("status")).toHaveText("Return approved; the customer was emailed what to do.");
  const before = await shelfOf(owner, SLATE);
  await owner.goto(`/admin/orders/${number}/returns`);
  await expect(owner.getByRole("checkbox", { name: /Put 1 × Insulated Travel Tumbler.*back to stock/ })).toBeChecked();
  await owner.getByRole("button", { name: `Mark return ${id} received` }).click();
  await expect(owner.getByRole("status")).toHaveText("Return marked received; the items marked went back to stock.");
  expect(await shelfOf(owner, SLATE)).toBe(before + 1);

  await owner.goto(`/admin/orders/${number}/returns`);
  await checkAdminScreen(owner, "returns-received");
  await owner.getByRole("button", { name: `Refund return ${id}` }).click();
  await expect(owner.getByRole("status")).toHaveText("Return refunded; the customer was emailed.");
  await expect(owner.getByText(/^Refunded \$\d+\.\d\d$/)).toBeVisible();

  await owner.goto(`/admin/orders/${number}`);
  const timeline = owner.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Return ${id} requested by the customer: Damaged or defective`);
  await expect(timeline).toContainText(new RegExp(`Return ${id} refunded \\$\\d+\\.\\d\\d`));

  await page.reload();
  await expect(page.getByText(`Return ${id} · Status: Refunded`)).toBeVisible();
  await expect(page.getByText(/Refunded \$\d+\.\d\d to your original payment method\./)).toBeVisible();

  // The shop's mailbox is the staff's: the owner reads what the customer was sent.
  await owner.goto("/dev/mailbox");
  const mails = owner.getByRole("article").filter({ hasText: `To ${email}` });
  await expect(mails.filter({ hasText: `We received your return request for order #${number}` })).toHaveCount(1);
  await expect(mails.filter({ hasText: `Your return for order #${number} is approved` })).toHaveCount(1);
  await expect(mails.filter({ hasText: `for your return from order #${number}` })).toHaveCount(1);

  await owner.goto("/admin/returns");
  await expect(owner.getByRole("heading", { name: "Returns", level: 1 })).toBeVisible();
  await expect(owner.getByRole("link", { name: `Return ${id}, order #${number}` })).toBeVisible();
  const damaged = Number(await owner.getByRole("term").filter({ hasText: "Damaged or defective" }).locator("xpath=following-sibling::dd[1]").innerText());
  expect(damaged).toBeGreaterThanOrEqual(1);
  await checkAdminScreen(owner, "returns-report");
  await owner.getByRole("link", { name: /^Refunded/ }).click();
  await expect(owner.getByRole("link", { name: `Return ${id}, order #${number}` })).toBeVisible();
  await owner.close();
});

test("an exchange for another colour makes a new order", async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  const { number, owner, id } = await buyAndReturn(browser, page, FOREST, "Changed my mind");
  await owner.getByRole("button", { name: `Approve return ${id}` }).click();
  await owner.getByRole("button", { name: `Mark return ${id} received` }).click();
  await expect(owner.getByRole("status")).toHaveText("Return marked received; the items marked went back to stock.");
  await owner.getByLabel(/Exchange Insulated Travel Tumbler.*for/).selectOption(SLATE);
  await checkAdminScreen(owner, "returns-exchange");
  await owner.getByRole("button", { name: `Exchange return ${id}` }).click();
  await expect(owner.getByRole("status")).toHaveText("Exchange made as a new order; the customer was emailed.");
  const link = owner.getByRole("link", { name: /^order #\d+$/ });
  const exchanged = (await link.innerText()).replace("order #", "");
  await link.click();
  await expect(owner.getByRole("heading", { name: `Order #${exchanged}` })).toBeVisible();
  await expect(owner.getByRole("region", { name: "Items" })).toContainText(SLATE);
  await expect(owner.getByRole("region", { name: "Ship the order" })).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Return ${id} · Status: Closed`)).toBeVisible();
  await expect(page.getByText(`Exchanged as order #${exchanged}.`)).toBeVisible();
  await owner.goto("/dev/mailbox");
  await expect(owner.getByRole("article").filter({ hasText: `Your exchange for order #${number}: new order #${exchanged}` })).toHaveCount(1);
  await owner.close();
});
