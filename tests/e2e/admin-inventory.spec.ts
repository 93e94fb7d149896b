/**
 * Stock and bulk editing (issue 22) as an owner works them: 10 kettles received with a note and found in the
 * variant's history, a removal of more than is on the shelf refused beside the amount, and a 10 % price rise of two
 * products previewed, applied and seen on the shop's product page. Every screen is scanned by axe and photographed
 * on a phone and a laptop (/tmp/admin-shots/inventory-*.png). The House Blend's few bags, which other journeys count
 * on, are never touched: the kettle's stock only grows, and the prices raised are the French press's and the
 * chamomile's, which no other journey reads.
 */
import type { Page } from "@playwright/test";
import { DEMO } from "../../server/db/seed";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { E2E_OWNER as OWNER, OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const KETTLE = "KETTLE-BLACK";
const RAISED = [DEMO.productHandles.frenchPress, DEMO.productHandles.chamomile];

/** Axe on the screen as it is, and its picture at both sizes; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/inventory-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/inventory-${name}-1280.png`, fullPage: true });
}

const cents = (price: string) => Math.round(Number(price.replace("$", "")) * 100);
const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** The price a product page shows first: its first variant's. */
async function shopPrice(page: Page, handle: string) {
  await page.goto(`/products/${handle}`);
  return cents(await page.getByText(/^\$\d+\.\d{2}$/).first().innerText());
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the owner receives kettles with a note, finds them in the history, and is refused taking more than there is", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/inventory");
  await expect(page.getByRole("heading", { name: "Inventory", level: 1 })).toBeVisible();
  await checkScreen(page, "list");

  const search = page.getByRole("search", { name: "Search inventory" });
  await search.getByLabel("SKU or product").fill(KETTLE);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=KETTLE-BLACK/);
  const row = page.getByRole("region", { name: "Variants" }).getByRole("row").filter({ hasText: KETTLE });
  await expect(row).toHaveCount(1);
  const before = Number(await row.getByRole("cell").nth(1).locator("span.font-semibold").innerText());

  await row.getByText("Adjust").click();
  const adjust = row.getByRole("form", { name: `Adjust the stock of ${KETTLE}` });
  await adjust.getByLabel("How").selectOption("change");
  await adjust.getByLabel("Amount").fill("10");
  await adjust.getByLabel("Reason").selectOption("received");
  await adjust.getByLabel("Note (optional)").fill("Pallet from the roaster");
  await adjust.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Stock changed.");
  await expect(row.getByRole("cell").nth(1)).toContainText(String(before + 10));

  await row.getByRole("link", { name: KETTLE }).click();
  await expect(page.getByRole("heading", { name: `Stock of ${KETTLE}` })).toBeVisible();
  const latest = page.getByRole("region", { name: "Stock history" }).getByRole("row").nth(1);
  await expect(latest).toContainText("+10");
  await expect(latest).toContainText(String(before + 10));
  await expect(latest).toContainText("Received");
  await expect(latest).toContainText("Pallet from the roaster");
  await expect(latest).toContainText(OWNER.email);
  await checkScreen(page, "history");

  const form = page.getByRole("form", { name: `Adjust the stock of ${KETTLE}` });
  await form.getByLabel("Amount").fill(String(-(before + 10 + 1000)));
  await form.getByLabel("Reason").selectOption("damaged");
  await form.getByRole("button", { name: "Save" }).click();
  const amount = page.getByRole("form", { name: `Adjust the stock of ${KETTLE}` }).getByLabel("Amount");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/cannot go below zero/);
  await expect(page.getByRole("region", { name: "Stock history" }).getByRole("row").nth(1)).toContainText("Pallet from the roaster");
  await expect(page.getByText(new RegExp(`^In stock: ${before + 10}\\b`))).toBeVisible();
  await checkScreen(page, "refused");
});

test("the owner raises two products' prices by 10 %, previewed and then applied, and the shop shows the new prices", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const was: Record<string, number> = {};
  for (const handle of RAISED) was[handle] = await shopPrice(page, handle);

  // The product list's selection arrives as ?product=<id>, repeated: the ids as the admin API names them.
  const ids: number[] = [];
  for (const sku of ["PRESS", "CHAM"]) {
    const answer = await page.request.get(`/api/admin/inventory?q=${sku}-`);
    expect(answer.status()).toBe(200);
    ids.push(((await answer.json()) as { variants: { product_id: number }[] }).variants[0].product_id);
  }
  await page.goto(`/admin/products/bulk?${ids.map((id) => `product=${id}`).join("&")}`);
  await expect(page.getByRole("heading", { name: "Bulk edit", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: /of 2 products$/ })).toBeVisible();
  await checkScreen(page, "bulk");

  const change = page.getByRole("form", { name: "Bulk change" });
  await change.getByRole("radio", { name: "Change the price by a percentage" }).check();
  await change.getByLabel("Percentage (%)").fill("10");
  await change.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview of the changes" });
  await expect(preview).toBeVisible();
  for (const price of Object.values(was)) {
    await expect(preview.getByRole("row").filter({ hasText: dollars(price) }).first()).toContainText(dollars(Math.round(price * 1.1)));
  }
  const apply = page.getByRole("button", { name: /^Apply \d+ changes$/ });
  await expect(apply).toBeVisible();
  await checkScreen(page, "preview");

  await apply.click();
  await expect(page).toHaveURL(/\/admin\/inventory\?notice=bulk-applied/);
  await expect(page.getByRole("status")).toHaveText("Bulk edit applied.");

  for (const handle of RAISED) expect(await shopPrice(page, handle)).toBe(Math.round(was[handle] * 1.1));
});
