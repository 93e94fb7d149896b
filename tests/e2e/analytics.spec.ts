import { type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { skipWelcomePopup } from "./welcome-popup";

const ANALYTICS_COOKIE = "shop_analytics";

async function analyticsSessionRef(context: BrowserContext): Promise<string> {
  let ref = "";
  await expect
    .poll(async () => {
      const cookie = (await context.cookies()).find((candidate) => candidate.name === ANALYTICS_COOKIE);
      ref = cookie?.value.slice(0, 8) ?? "";
      return ref;
    })
    .not.toBe("");
  return ref;
}

/** Runs a full page load and waits until the tracker has joined it to the visit (initialize, then initial data). */
async function pageLoadTracked(page: Page, load: () => Promise<unknown>) {
  const joined = page.waitForResponse((response) => response.url().endsWith("/api/metrics/collect-data"));
  await load();
  await joined;
}

async function search(page: Page, query: string) {
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const box = page.getByRole("searchbox", { name: "Search products" });
  await box.fill(query);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?query=${encodeURIComponent(query).replace(/%20/g, "(%20|\\+)")}&type=search`));
}

test("a shopper's visit reaches the owner's report, and the report is protected and accessible", async ({ browser, page, context }) => {
  await page.goto("/");
  const ref = await analyticsSessionRef(context);

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await footer.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);

  await search(page, "tea");
  await search(page, "house blend");
  await page.getByRole("link", { name: /Tidewater House Blend/ }).first().click();
  await expect(page).toHaveURL(/\/products\/house-blend$/);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();

  // A new page load within 30 minutes goes on with the same visit; its pages join the first load's.
  await pageLoadTracked(page, () => page.goto("/pages/about"));
  expect(await analyticsSessionRef(context)).toBe(ref);
  // A product that is not there is no page of the shop, and no product viewed: the report below leaves it out.
  await pageLoadTracked(page, () => page.goto("/products/no-such-coffee"));
  await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  // The address changes before the page renders, and the tracker counts the page once it has rendered.
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();

  // Closing the tab fires pagehide/beforeunload: the tracker sends the session as a beacon.
  await page.close({ runBeforeUnload: true });

  const anonymous = await browser.newContext();
  const refused = await anonymous.request.get("/admin/analytics", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toBe("/admin/login?redirectTo=%2Fadmin%2Fanalytics");
  await anonymous.close();

  const owner = await ownerContext(browser);
  const admin = await owner.newPage();
  const session = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: ref }) });
  const cells = session.getByRole("cell");
  // The last page view comes in the closing tab's beacon, which may land after the visit's row first shows.
  await expect(async () => {
    await admin.goto("/admin/analytics?days=7");
    await expect(cells.nth(1)).toHaveText("/, /blog, /contact, /search, /search, /products/house-blend, /pages/about, /contact", {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });

  await expect(admin.getByRole("heading", { level: 1, name: "Browsing analytics" })).toBeVisible();
  await expect(cells.nth(2)).toHaveText("house-blend ×1");
  // Two search entries, each closed with a duration above zero.
  await expect(cells.nth(3)).toHaveText(/^tea \((?!0 s)[\d.]+ s[^)]*\), house blend \((?!0 s)[\d.]+ s[^)]*\)$/);
  await expect(cells.nth(4)).toHaveText(/^ITEM_ADDED \S+$/);
  await expect(cells.nth(5)).toHaveText("abandoned");

  // Other journeys share the shop, so only the page every visit starts on is sure to stay among the top ten. Pages
  // go by their names, with the address under each; the owner's own pages (the back office, the mailbox) are not there.
  const topPages = admin.getByRole("table").filter({ has: admin.getByRole("rowheader", { name: /^Home\s*\/$/ }) });
  await expect(topPages).toHaveCount(1);
  await expect(topPages.getByRole("rowheader", { name: /\/(admin|dev)\b|no-such-coffee/ })).toHaveCount(0);
  const topProducts = admin.getByRole("table").filter({ has: admin.getByRole("rowheader", { name: /^Tidewater House Blend\s*\/products\/house-blend$/ }) });
  await expect(topProducts.first()).toBeVisible();
  await expect(admin.getByRole("rowheader", { name: "house blend", exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("img", { name: /sessions over \d+ days/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await owner.close();
});

test("product views alone are not abandoned carts, and the report has the back office's layout", async ({ browser }) => {
  const owner = await ownerContext(browser);
  const admin = await owner.newPage();
  await admin.goto("/admin/analytics?days=7");
  const cartCounts = admin.getByText(/^\d+ abandoned, \d+ purchased$/);
  const countsBefore = await cartCounts.innerText();

  const shopper = await browser.newContext();
  await skipWelcomePopup(shopper);
  const page = await shopper.newPage();
  await pageLoadTracked(page, () => page.goto("/products/harbor-mug"));
  const ref = await analyticsSessionRef(shopper);
  await page.close({ runBeforeUnload: true });
  await shopper.close();

  const session = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: ref }) });
  await expect(async () => {
    await admin.goto("/admin/analytics?days=7");
    await expect(session).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(session.getByRole("cell").nth(2)).toHaveText("harbor-mug ×1");
  await expect(session.getByRole("cell").nth(5)).toHaveText("empty");
  await expect(cartCounts).toHaveText(countsBefore);

  // The back office's layout: no shop navigation, WELCOME tab or newsletter footer, even once the browser is idle
  // (when the shop would load the tab).
  await expect(admin.getByRole("banner")).toContainText("Back office");
  await admin.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  await expect(admin.getByRole("button", { name: "WELCOME" })).toHaveCount(0);
  await expect(admin.getByRole("contentinfo")).toHaveCount(0);
  await expect(admin.getByRole("button", { name: "Search", exact: true })).toHaveCount(0);
  await expect(admin.getByRole("link", { name: "View the shop" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(admin);

  // The shop itself still has them, in the same browser.
  const shopPage = await owner.newPage();
  await shopPage.goto("/");
  await expect(shopPage.getByRole("button", { name: "WELCOME" })).toBeVisible();
  await expect(shopPage.getByRole("contentinfo")).toBeVisible();
  await owner.close();
});

test("a visitor with Global Privacy Control or Do Not Track sends nothing", async ({ browser }) => {
  for (const signal of ["globalPrivacyControl", "doNotTrack"] as const) {
    const context = await browser.newContext();
    await skipWelcomePopup(context);
    await context.addInitScript((name) => {
      Object.defineProperty(Navigator.prototype, name, { get: () => (name === "doNotTrack" ? "1" : true) });
    }, signal);
    const page = await context.newPage();
    const metrics: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/metrics/")) metrics.push(request.url());
    });
    // Hydrated before the click, so the tracker is running when the page changes, which is what is under test (in CI
    // a click on the home page's footer while it was still loading once led nowhere).
    await page.goto("/products/house-blend");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.close({ runBeforeUnload: true });
    expect(metrics, signal).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(ANALYTICS_COOKIE);
    await context.close();
  }
});
