/**
 * The orders desk (issue 21) as an owner works it: a paid order on the dashboard, shipped with a tracking number,
 * part of another refunded (a refund larger than what is left refused beside the amount), both found in the audit
 * trail; every screen scanned by axe and photographed on a phone and a laptop (/tmp/admin-shots/orders-*.png).
 * Orders are paid over HTTP as a shopper's browser pays them, each test's with an email of its own, since other
 * journeys place orders in the same shop; the owner is the one the first-run journey made (owner.ts).
 */
import type { Page } from "@playwright/test";
import { httpShopper } from "../support/http-shopper";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { E2E_OWNER as OWNER, OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

/** Bought by these journeys alone: the others count on the House Blend's few bags. */
const KETTLE = { sku: "KETTLE-BLACK", priceCents: 5900 };

const shopperEmail = (name: string) => `${name}-${Date.now()}@example.com`;

/** The orders list narrowed to one shopper's orders: their links, newest first. */
async function ordersOf(page: Page, email: string) {
  await page.getByRole("search", { name: "Search orders" }).getByLabel("Number, email or name").fill(email);
  await page.getByRole("search", { name: "Search orders" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/[.+]/g, "\\$&")}`));
  return page.getByRole("region", { name: "Orders" }).getByRole("link");
}

/** Axe on the screen as it is, and its picture at both sizes; the page is left at the laptop's size. */
const checkScreen = (page: Page, name: string) => checkAdminScreen(page, `orders-${name}`);

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the owner sees paid orders on the dashboard, ships one with tracking, refunds part of another, finds both in the audit trail", async ({ page, baseURL }) => {
  const email = shopperEmail("desk");
  const buy = httpShopper(baseURL!, email);
  expect(await buy(KETTLE)).toBe(true);
  expect(await buy(KETTLE)).toBe(true);

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: `Welcome, ${OWNER.name}` })).toBeVisible();
  const toShip = page.getByRole("region", { name: "Orders to ship" });
  expect(Number(await toShip.getByText(/^\d+$/).innerText())).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("region", { name: "Sales" }).getByRole("definition").first()).not.toHaveText("$0.00");
  await checkScreen(page, "dashboard");

  await toShip.getByRole("link", { name: "See the orders to ship" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "To ship" })).toHaveAttribute("aria-current", "page");
  const orderLinks = await ordersOf(page, email);
  await expect(orderLinks).toHaveCount(2);
  const [newer, older] = (await orderLinks.allInnerTexts()).map((text) => text.replace("#", ""));
  expect(Number(newer)).toBeGreaterThan(Number(older));
  await expect(page.getByRole("link", { name: "Export these orders as CSV" })).toHaveAttribute(
    "href",
    `/api/admin/orders.csv?${new URLSearchParams({ status: "paid", q: email })}`,
  );
  await checkScreen(page, "list");

  await orderLinks.first().click();
  await expect(page.getByRole("heading", { name: `Order #${newer}` })).toBeVisible();
  await checkScreen(page, "detail");
  const ship = page.getByRole("region", { name: "Ship the order" });
  await ship.getByLabel("Carrier").selectOption("UPS");
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("status")).toHaveText("Order marked shipped; the customer was emailed.");
  await expect(page.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute("href", /ups\.com\/track\?tracknum=1Z999AA10123456784/);
  await expect(page.getByRole("region", { name: "Ship the order" })).toHaveCount(0);

  await page.getByRole("link", { name: "All orders" }).click();
  await (await ordersOf(page, email)).getByText(`#${older}`, { exact: true }).click();
  const refund = page.getByRole("region", { name: "Refund" });
  // More than is left is refused in dollars before anything is asked.
  await refund.getByLabel("Amount in dollars (blank: all that is left)").fill("9999");
  await refund.getByRole("button", { name: "Refund…" }).click();
  await expect(refund.getByLabel("Amount in dollars (blank: all that is left)")).toHaveAccessibleDescription(
    /^A refund of \$9,?999\.00 is more than the \$\d+\.\d\d left to refund$/,
  );
  await expect(refund.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
  await checkScreen(page, "refund-refused");
  await refund.getByLabel("Amount in dollars (blank: all that is left)").fill("5");
  await refund.getByRole("button", { name: "Refund…" }).click();
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Refund made; the customer was emailed.");
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Refunded$5.00");

  await page.goto("/admin/audit?entity=order");
  const events = page.getByRole("list", { name: "Audit events" });
  await expect(events.getByRole("heading", { name: `order.refund · order #${older}` })).toBeVisible();
  await expect(events.getByRole("heading", { name: `order.fulfil · order #${newer}` })).toBeVisible();

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await checkScreen(page, "customers");
});

test.describe("before JavaScript loads", () => {
  // Signed out: the sign-in form, too, works before JavaScript.
  test.use({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });

  test("the owner refunds part of an order after its question, then ships it", async ({ page, baseURL }) => {
    const email = shopperEmail("no-script");
    expect(await httpShopper(baseURL!, email)(KETTLE)).toBe(true);
    await page.goto(`/admin/orders?${new URLSearchParams({ q: email })}`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const link = page.getByRole("region", { name: "Orders" }).getByRole("link");
    await expect(link).toHaveCount(1);
    const number = (await link.innerText()).replace("#", "");
    await link.click();
    await expect(page.getByRole("heading", { name: `Order #${number}` })).toBeVisible();

    const refund = page.getByRole("region", { name: "Refund" });
    await refund.getByLabel("Amount in dollars (blank: all that is left)").fill("2.50");
    await refund.getByRole("button", { name: "Refund…" }).click();
    await expect(refund.getByText(`Refund $2.50 of order #${number}? The customer is emailed.`)).toBeVisible();
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Refund made; the customer was emailed.");

    await page.getByRole("region", { name: "Ship the order" }).getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByRole("status")).toHaveText("Order marked shipped; the customer was emailed.");
  });
});
