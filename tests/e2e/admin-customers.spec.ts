/**
 * Every customer (issue 35) as an owner works it: a guest buys twice through the real checkout with one email typed in
 * two cases; the owner finds one customer with both orders, adds a note and a tag (saved by keyboard), and finds them
 * again by the tag. Every screen is scanned by axe and photographed on a phone and a laptop
 * (/tmp/admin-shots/customers-*.png). The email and tag are this run's own: journeys share the shop.
 */
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP } from "./viewports";

test.use({ storageState: OWNER_STATE });

test("two guest purchases by one email make one customer with two orders; the owner notes and tags them and finds them by the tag", async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `guest-${stamp}@example.com`;
  const tag = `wholesale-${stamp}`;
  const shopper = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shopperPage = await shopper.newPage();
  const first = await placeOrder(shopperPage, `Guest-${stamp}@Example.com`);
  const second = await placeOrder(shopperPage, email);
  await shopper.close();

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  const search = page.getByRole("search", { name: "Search customers" });
  await search.getByLabel("Name, email or tag").fill(email);
  await search.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("region", { name: "Customers" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("Guest");
  await expect(row.getByRole("cell").first()).toHaveText("2");
  await expect(page.getByRole("link", { name: "Export these customers as CSV" })).toHaveAttribute("href", `/api/admin/customers.csv?${new URLSearchParams({ q: email })}`);
  await checkAdminScreen(page, "customers-list");

  await row.getByRole("link", { name: "Grace Hopper" }).click();
  await expect(page.getByRole("heading", { name: "Grace Hopper", level: 1 })).toBeVisible();
  const orders = page.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link")).toHaveText([`Order #${second}`, `Order #${first}`]);
  await expect(page.getByRole("region", { name: "Customer" })).toContainText("Guest (no account)");

  const notes = page.getByRole("region", { name: "Notes and tags" });
  await notes.getByLabel("Notes for the staff").fill("Orders for the café; call before shipping.");
  await notes.getByLabel("Tags, separated by commas").fill(`${tag}, cafe`);
  await notes.getByRole("button", { name: "Save notes and tags" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Notes and tags saved.");
  await expect(notes.getByLabel("Tags, separated by commas")).toHaveValue(`${tag}, cafe`);
  await checkAdminScreen(page, "customers-detail");

  await page.getByRole("link", { name: "All customers" }).click();
  await page.getByRole("search", { name: "Search customers" }).getByLabel("Name, email or tag").fill(tag);
  await page.getByRole("search", { name: "Search customers" }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("region", { name: "Customers" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Customers" })).toContainText(email);
  await expect(page.getByRole("region", { name: "Customers" })).toContainText(tag);
});
