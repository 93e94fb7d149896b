/**
 * Tax classes and the tax report (issue 36, decision 0063): the owner collects tax in Virginia at 6 % standard and
 * 1 % reduced (groceries), puts House Blend in the reduced class, and a Virginia shopper's checkout charges 1 % on it
 * and 6 % on Ethiopia; the order screen and its invoice name each line's rate; the owner finds the order's tax on the month's tax report and in its CSV, still there once Virginia's rate is
 * deleted (the order kept its rate). The Taxes screen and the report are scanned by axe at 390 and 1280 px
 * (/tmp/admin-shots/tax-classes-*.png, tax-report-*.png).
 */
import type { Page } from "@playwright/test";
import { DEMO } from "../../server/db/seed-content";
import { pdfText } from "../support/pdf-text";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP } from "./viewports";

const BLEND = DEMO.subscriptions.houseBlend;
/** Ethiopia Yirgacheffe, 12 oz, whole bean: in the standard class. */
const ETHIOPIA = "ETH-12OZ-WB";
const RICHMOND = { line1: "1 Capitol Sq", city: "Richmond", state: "VA", zip: "23219" };

test.use({ storageState: OWNER_STATE });

const virginiaRate = (page: Page) => page.getByRole("region", { name: "Tax rates" }).getByRole("row", { name: /US-VA/ });

/**
 * Virginia collected at 6 %, chosen where the shop collects: not collected yet, as taxes.spec.ts, which chooses it
 * too, runs after this file on a shop (a worker takes files in name order).
 */
async function collectInVirginia(page: Page) {
  await page.goto("/admin/taxes");
  const where = page.getByRole("region", { name: "Where do you collect sales tax?" });
  await where.getByRole("checkbox", { name: "Virginia", exact: true }).check();
  await where.getByRole("button", { name: "Suggest rates" }).click();
  await where.getByLabel("Virginia rate, in percent", { exact: true }).fill("6");
  await where.getByRole("button", { name: "Collect tax in Virginia" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added." })).toBeVisible();
}

test("coffee is taxed at Virginia's reduced 1 %, and the month's tax report shows the order's tax, kept after the rate goes", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await collectInVirginia(page);

  await page.getByRole("link", { name: "Change US-VA" }).click();
  const change = page.getByRole("region", { name: "Change US-VA" });
  await change.getByLabel("Standard rate, in percent").fill("6");
  await change.getByLabel("Reduced rate, in percent").fill("1");
  await checkAdminScreen(page, "tax-classes-change");
  await change.getByRole("button", { name: "Save US-VA" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(virginiaRate(page)).toContainText("6.00 %");
  await expect(virginiaRate(page)).toContainText("Reduced 1.00 %");
  await expect(page.getByRole("region", { name: "Tax classes" }).getByRole("row", { name: /Reduced/ })).toBeVisible();
  await checkAdminScreen(page, "tax-classes");

  const found = await page.request.get(`/api/admin/products?q=${BLEND.handle}`);
  const [blend] = ((await found.json()) as { products: { id: number; handle: string }[] }).products.filter((product) => product.handle === BLEND.handle);
  await page.goto(`/admin/products/${blend.id}`);
  await page.getByRole("combobox", { name: "Tax class" }).selectOption({ label: "Reduced" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Tax class" })).toHaveValue("reduced");

  // Two bags of House Blend ($32.00) and two of Ethiopia ($39.00) shipped to Richmond: 1 % of the coffee in the
  // reduced class is $0.32, 6 % of the standard one $2.34; standard shipping is free over $40.
  const number = await placeOrder(page, "grocer@example.com", [BLEND.sku, ETHIOPIA], {
    shipTo: RICHMOND,
    beforePaying: async (checkout) => {
      const summary = checkout.getByRole("complementary", { name: "Order summary" });
      const tax = summary.locator("dl > div").filter({ has: checkout.getByRole("term").filter({ hasText: /^Tax$/ }) });
      await expect(tax.getByRole("definition")).toHaveText("$2.66");
    },
  });

  // The order screen and its invoice name each line's rate, and the tax by rate.
  await page.goto(`/admin/orders/${number}`);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.getByRole("listitem").filter({ hasText: "House Blend" })).toContainText("$32.00, tax 1%");
  await expect(items.getByRole("listitem").filter({ hasText: "Ethiopia" })).toContainText("$39.00, tax 6%");
  for (const row of ["Tax VA 1%$0.32", "Tax VA 6%$2.34", "Total$73.66"]) await expect(items.locator("dl")).toContainText(row);
  await checkAdminScreen(page, "tax-classes-order");
  const invoice = page.getByRole("region", { name: "Invoice and credit notes" }).getByRole("link", { name: /^Invoice INV-/ });
  const pdf = await pdfText(await (await page.request.get((await invoice.getAttribute("href"))!)).body());
  expect(pdf).toMatch(/House Blend[^\n]*\(tax 1%\)/);
  expect(pdf).toMatch(/Ethiopia[^\n]*\(tax 6%\)/);
  expect(pdf).toContain("Tax VA 1% $0.32");
  expect(pdf).toContain("Tax VA 6% $2.34");

  await page.goto("/admin/reports");
  await page.getByRole("link", { name: "Sales tax", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sales tax report" })).toBeVisible();
  const month = page.getByRole("region", { name: /^Tax in / });
  const virginia = month.getByRole("row", { name: /US-VA/ });
  // Taxable sales, exempt sales, shipping taxed, tax collected, returned, net.
  await expect(virginia.getByRole("cell")).toHaveText(["$71.00", "$0.00", "$0.00", "$2.66", "$0.00", "$2.66"]);
  await checkAdminScreen(page, "tax-report");
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  const csv = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toMatch(/,US,VA,71\.00,0\.00,0\.00,2\.66,0\.00,2\.66\r\n/);

  // Virginia's rate deleted, as taxes.spec.ts (after this file on a shop) expects to find it: the order keeps what it charged.
  await page.goto("/admin/taxes");
  await page.getByRole("link", { name: "Change US-VA" }).click();
  const changing = page.getByRole("region", { name: "Change US-VA" });
  await changing.getByRole("link", { name: "Delete US-VA" }).click();
  await expect(changing.getByText("Delete US-VA? Checkout stops taxing orders shipped there")).toBeFocused();
  await changing.getByRole("button", { name: "Delete US-VA" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted." })).toBeVisible();
  await expect(virginiaRate(page)).toHaveCount(0);
  await page.goto("/admin/reports/tax");
  await expect(virginia.getByRole("cell")).toHaveText(["$71.00", "$0.00", "$0.00", "$2.66", "$0.00", "$2.66"]);
});
