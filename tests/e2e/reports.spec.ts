/**
 * The reports (issue 36, decision 0064): a shopper buys a kettle; the owner opens Reports from the back office's
 * navigation, then the sales of this month so far, reads its figures and its table by day, groups it by week with
 * the plain range form, and downloads the same report as CSV. The index and the report pass axe on a phone and a
 * laptop.
 */
import { readFile } from "node:fs/promises";
import { httpShopper } from "../support/http-shopper";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

const KETTLE = { sku: "KETTLE-BLACK", priceCents: 5900 };

test.use({ storageState: OWNER_STATE });

test("the owner opens this month's sales, sees its table and downloads it as CSV", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  expect(await httpShopper(baseURL!, `reports-${Date.now()}@example.com`)(KETTLE)).toBe(true);

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Reports", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await checkAdminScreen(page, "reports");

  await page.getByRole("link", { name: "Sales", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("Net sales", { exact: true })).toBeVisible();
  await expect(figures.getByText(/^Previous period: /).first()).toBeVisible();
  const byDay = page.getByRole("region", { name: "Sales by day" }).getByRole("table");
  await expect(byDay.getByRole("rowheader", { name: "Total" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Net sales by day, \d+ bars?: / })).toBeVisible();
  await checkAdminScreen(page, "report-sales");

  await page.getByLabel("Group").selectOption("week");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("region", { name: "Sales by week" }).getByRole("table")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("sales-report.csv");
  const rows = (await readFile(await download.path(), "utf8")).split("\r\n");
  expect(rows[0]).toMatch(/^report,sales,from,\d{4}-\d{2}-01,to,/);
  expect(rows.find((row) => row.startsWith("Orders,"))).toMatch(/^Orders,[1-9]\d*,\d+$/);
  expect(rows).toContain("Sales by week");
});
