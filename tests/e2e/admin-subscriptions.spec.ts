/**
 * The subscriptions desk (issue 34) as an owner works it: a shopper subscribes through the real checkout with the test
 * card; the desk finds the subscription and plans its first renewal; the owner's command moves the clock past it; the
 * desk shows the renewal's order, priced as a fresh quote for the same cart and address would be, and the mailbox its
 * confirmation; then the owner pauses (by keyboard), resumes and cancels with a reason on the subscriber's behalf, each
 * emailed, and the figures count the cancellation. Every screen is scanned by axe and photographed on a phone and a
 * laptop (/tmp/admin-shots/subscriptions-*.png). The shopper's email is this run's own: journeys share the shop.
 */
import type { Page } from "@playwright/test";
import { addDays } from "date-fns";
import { formatMoney } from "../../core/money";
import { DEMO } from "../../server/db/seed-content";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE, ownerCommand } from "./owner";
import { placeSubscriptionOrder, previewQuote } from "./place-order";
import { DESKTOP } from "./viewports";

const { sku: BLEND, everyTwoWeeks } = DEMO.subscriptions.houseBlend;
const ADDRESS = { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };

const checkScreen = (page: Page, name: string) => checkAdminScreen(page, `subscriptions-${name}`);

/** A figure of the desk's figures, as a number. */
async function figure(page: Page, label: string) {
  const term = page.getByRole("region", { name: "Figures" }).getByRole("term").filter({ hasText: label });
  return Number(await term.locator("xpath=following-sibling::dd").innerText());
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the owner finds a new subscription and its planned delivery, sees its renewal priced as a fresh quote, then pauses, resumes and cancels it", async ({
  page,
  browser,
}) => {
  const email = `subscriber-${Date.now()}@example.com`;
  const reason = `Too much coffee ${Date.now()}`;
  const shopper = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const firstOrder = await placeSubscriptionOrder(await shopper.newPage(), email);
  await shopper.close();

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(page.getByRole("heading", { name: "Subscriptions", level: 1 })).toBeVisible();
  const cancellations = await figure(page, "Cancellations in 30 days");
  expect(await figure(page, "Active subscriptions")).toBeGreaterThanOrEqual(1);
  await page.getByRole("link", { name: "Active", exact: true }).click();
  await expect(page.getByRole("link", { name: "Active", exact: true })).toHaveAttribute("aria-current", "page");
  const search = page.getByRole("search", { name: "Search subscriptions" });
  await search.getByLabel("Email or name").fill(email);
  await search.getByRole("button", { name: "Search" }).click();
  const rows = page.getByRole("region", { name: "Subscriptions" }).getByRole("link");
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Export these subscriptions as CSV" })).toHaveAttribute(
    "href",
    `/api/admin/subscriptions.csv?${new URLSearchParams({ status: "active", q: email })}`,
  );
  await expect(page.getByRole("link", { name: "Download the plan as CSV" })).toHaveAttribute("href", "/api/admin/subscriptions/plan.csv");
  await checkScreen(page, "list");

  const id = (await rows.innerText()).replace("#", "");
  await rows.click();
  await expect(page.getByRole("heading", { name: `Subscription #${id}`, level: 1 })).toBeVisible();
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText("Tidewater House Blend");
  await expect(page.getByRole("region", { name: "Payment" })).toHaveText(/Visa ending in 4242/);
  await expect(page.getByRole("region", { name: "Orders" }).getByRole("link", { name: `Order #${firstOrder}` })).toBeVisible();
  const next = (await items.getByText(/^Next delivery \d{4}-\d{2}-\d{2}/).innerText()).match(/\d{4}-\d{2}-\d{2}/)![0];
  await checkScreen(page, "detail");

  // Its first renewal, two weeks on, is in the plan of the coming deliveries.
  await page.getByRole("link", { name: "All subscriptions" }).click();
  const planned = page.getByRole("list", { name: "Deliveries by day" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^${next}`) }) });
  await expect(planned).toContainText(`SKU ${BLEND}`);
  await expect(planned).toContainText("Tidewater House Blend");

  // The clock moves a day past the renewal's date: the renewal is charged and becomes an order.
  await ownerCommand(["subscriptions", "renew-due", "--as-of", addDays(new Date(`${next}T00:00:00Z`), 1).toISOString().slice(0, 10)]);
  const fresh = await previewQuote(page, ADDRESS, [{ quantity: 2, sku: BLEND, subscription: everyTwoWeeks }]);
  await page.goto(`/admin/subscriptions/${id}`);
  const renewalLink = page.getByRole("region", { name: "Orders" }).getByRole("listitem").filter({ hasText: "a renewal" }).getByRole("link");
  await expect(async () => {
    await page.reload();
    await expect(renewalLink).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  const renewal = (await renewalLink.innerText()).replace("Order #", "");
  await renewalLink.click();
  await expect(page.getByRole("heading", { name: `Order #${renewal}` })).toBeVisible();
  const totals = page.getByRole("region", { name: "Items" });
  await expect(totals.getByRole("term").filter({ hasText: "Shipping" }).locator("xpath=following-sibling::dd[1]")).toHaveText(formatMoney(fresh.shipping));
  await expect(totals.getByRole("term").filter({ hasText: "Tax" }).locator("xpath=following-sibling::dd[1]")).toHaveText(formatMoney(fresh.tax));
  expect(fresh.shipping).toBeGreaterThan(0);

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("article").filter({ hasText: `Order #${renewal} confirmed` })).toContainText(`To ${email}`);

  // On the subscriber's behalf: paused by keyboard, resumed, then cancelled with a reason.
  await page.goto(`/admin/subscriptions/${id}`);
  const change = page.getByRole("region", { name: "Change on the subscriber's behalf" });
  await expect(change.getByLabel("Pause until (blank: until resumed)")).toHaveValue("");
  await change.getByRole("button", { name: "Pause" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Subscription paused; the subscriber was emailed.");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("Paused until resumed.");

  await change.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByRole("status")).toHaveText("Subscription resumed; the subscriber was emailed.");

  await change.getByRole("link", { name: `Cancel the subscription #${id}` }).click();
  await expect(change.getByText(`Cancel subscription #${id}? No more deliveries are sent or charged, and the subscriber is emailed.`)).toBeFocused();
  await checkScreen(page, "cancel");
  await change.getByLabel("Reason (optional)").fill(reason);
  await change.getByRole("button", { name: `Cancel subscription #${id}` }).click();
  await expect(page.getByRole("status")).toHaveText("Subscription cancelled; the subscriber was emailed.");
  await expect(page.getByRole("region", { name: "Payment" })).toContainText(`Reason for cancelling: ${reason}`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Cancelled: no more deliveries will be sent or charged.");

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("article").filter({ hasText: email }).filter({ hasText: "Your subscription has changed" })).toHaveCount(3);

  await page.goto("/admin/subscriptions?status=cancelled");
  expect(await figure(page, "Cancellations in 30 days")).toBeGreaterThan(cancellations);
  await expect(page.getByRole("list", { name: "Cancellation reasons" })).toContainText(`${reason} (1)`);
  await checkScreen(page, "cancelled");
});
