import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { PHONE_AND_DESKTOP } from "./viewports";
import { skipWelcomePopup } from "./welcome-popup";

/** The pages walked, each a full page load, with the row the owner reads it in. */
const WALK = [
  { path: "/", row: "Home" },
  { path: "/shop", row: "Listing" },
  { path: "/products/harbor-mug", row: "Product" },
  { path: "/blog", row: "Content" },
] as const;

/** Waits until the speed code (loaded when the browser is idle, after the visit started) is on the page. */
async function speedMeasured(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => /\/assets\/page-speed-[\w-]+\.js$/.test(entry.name)),
  );
}

test("the shop's real speed: a shopper's browser measures each page load and the owner reads it per page type", async ({ browser, context, page }) => {
  await skipWelcomePopup(context);

  for (const { path } of WALK) {
    await page.goto(path);
    await speedMeasured(page);
    // An interaction, so the load has an INP; a click on the page's heading changes nothing.
    await page.getByRole("heading", { level: 1 }).first().click();
    // The browser has timed it (as it would have long before a shopper leaves).
    await page.waitForFunction(() => performance.getEntriesByType("first-input").length > 0);
  }
  // Leaving a page hides it: web-vitals settles LCP, CLS and INP then, and the load's beacon goes again with them
  // (a browser's beacon bodies are out of Playwright's sight, so the owner's report is where they are checked). The
  // walk leaves its last page for the sign-in page, as headless Chromium closing a tab does not hide the page first.
  await page.goto("/login");
  await page.close({ runBeforeUnload: true });

  const owner = await ownerContext(browser);
  const admin = await owner.newPage();
  const speedSection = admin.getByRole("region", { name: "Shoppers' speed" });
  const rowOf = (name: string) => speedSection.getByRole("row").filter({ has: admin.getByRole("rowheader", { name, exact: true }) });
  await expect(async () => {
    await admin.goto("/admin/analytics");
    for (const { row } of WALK) {
      // Page loads, then LCP, INP, CLS and TTFB: each a figure with its rating, none missing.
      const cells = rowOf(row).getByRole("cell");
      await expect(cells.nth(0)).not.toHaveText("0", { timeout: 1000 });
      for (const vital of [1, 2, 3, 4]) {
        await expect(cells.nth(vital)).toHaveText(/^[\d.]+( s| ms)?\s+(Good|Needs improvement|Poor)$/, { timeout: 1000 });
      }
    }
  }).toPass({ timeout: 20_000 });
  // The rating is the one Google's thresholds give the figure shown.
  const homeLcp = await rowOf("Home").getByRole("cell").nth(1).innerText();
  const seconds = Number(homeLcp.split(" ")[0]);
  expect(homeLcp).toContain(seconds <= 2.5 ? "Good" : seconds <= 4 ? "Needs improvement" : "Poor");

  // The trend: a chart per figure, described in words, and its numbers by day behind a disclosure, by keyboard.
  const today = new Date().toISOString().slice(0, 10);
  await expect(speedSection.getByRole("img", { name: new RegExp(`^LCP by day over \\d+ days; latest [\\d.]+ s on ${today}, `) })).toBeVisible();
  await expect(speedSection.getByRole("img", { name: /^INP by day/ })).toBeVisible();
  const disclosure = speedSection.getByText("Speed by day", { exact: true });
  await disclosure.focus();
  await admin.keyboard.press("Enter");
  await expect(speedSection.getByRole("rowheader", { name: today })).toBeVisible();

  for (const { name, viewport } of PHONE_AND_DESKTOP) {
    await admin.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(admin);
    // Nothing wider than the screen but the tables, which scroll inside their own box.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(true);
    await speedSection.screenshot({ path: `test-results/field-speed-${name}.png` });
  }
  await owner.close();
});
