/**
 * The reports (issue 36, decisions 0064 and 0065): a shopper buys a kettle; the owner opens Reports from the back
 * office's navigation, then the sales of this month so far, reads its figures and its table by day, groups it by week
 * with the plain range form, and downloads the same report as CSV. A visitor comes from another site's post by a
 * campaign's link; the owner finds the visit in the conversion report and its site and campaign in the traffic sources
 * report. The index and every report (sales, products, customers, conversion, traffic sources, subscriptions; the tax
 * report in tax-classes.spec.ts) pass axe on a phone and a laptop.
 */
import { readFile } from "node:fs/promises";
import { httpShopper } from "../support/http-shopper";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { skipWelcomePopup } from "./welcome-popup";
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

test("a visit from another site's post by a campaign's link shows in the conversion and traffic sources reports", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const campaign = `reports-${Date.now()}`;
  // A visitor of their own (the owner's browser may be in a visit already), landing from a post on example.org.
  const visitor = await browser.newContext({ baseURL });
  await skipWelcomePopup(visitor);
  const landing = await visitor.newPage();
  const started = landing.waitForResponse((response) => response.url().endsWith("/api/metrics/initialize"));
  await landing.goto(`/?utm_source=journal&utm_medium=referral&utm_campaign=${campaign}`, { referer: "https://www.example.org/posts/best-kettles?reader=42" });
  expect((await started).status()).toBe(201);
  await visitor.close();

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/reports");
  await page.getByRole("link", { name: "Conversion", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversion report" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("Conversion rate", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Conversion by day" }).getByRole("table").getByRole("rowheader", { name: "Total" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Conversion rate by day, \d+ bars?: / })).toBeVisible();
  await checkAdminScreen(page, "report-conversion");

  await page.goto("/admin/reports");
  await page.getByRole("link", { name: "Traffic sources", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Traffic sources report" })).toBeVisible();
  // The site's host alone, never the post's address (the server keeps no more); the campaign as the link named it.
  const sources = page.getByRole("region", { name: "By source and campaign" }).getByRole("table");
  const row = sources.getByRole("row").filter({ hasText: campaign });
  await expect(row.getByRole("rowheader")).toHaveText("example.org");
  await expect(row.getByRole("cell")).toHaveText(["journal", "referral", campaign, "1", "0", "$0.00"]);
  await expect(page.getByRole("region", { name: "By referring site" }).getByRole("rowheader", { name: "example.org" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Sessions by referring site, the \d+ busiest, \d+ bars?: / })).toBeVisible();
  await checkAdminScreen(page, "report-traffic");
});

test("every other report opens from the index and passes axe on a phone and a laptop", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  for (const [title, shot] of [
    ["Products", "report-products"],
    ["Customers", "report-customers"],
    ["Subscriptions", "report-subscriptions"],
  ]) {
    await page.goto("/admin/reports");
    // The back office's navigation has links of the same names (Products, Customers, Subscriptions): the index's own.
    await page.getByRole("main").getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${title} report` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Figures" })).toBeVisible();
    await checkAdminScreen(page, shot);
  }
});
