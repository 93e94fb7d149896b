import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";
import { PHONE_AND_DESKTOP } from "./viewports";

const tab = (page: Page) => page.getByRole("button", { name: "WELCOME" });

/**
 * What the WELCOME tab sits over where the page is scrolled now: every interactive element, form label and the
 * copyright line whose box meets the tab's, where the tab is the one on top (under a modal or the menu it covers
 * nothing).
 */
function coveredByTab(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const welcome = [...document.querySelectorAll("button")].find((button) => button.textContent?.trim() === "WELCOME");
    if (!welcome) throw new Error("no WELCOME tab");
    const t = welcome.getBoundingClientRect();
    const targets = document.querySelectorAll(
      "a[href], button, input, select, textarea, summary, label, [role=button], [tabindex]:not([tabindex='-1']), footer p",
    );
    const covered: string[] = [];
    for (const element of targets) {
      if (element === welcome || welcome.contains(element) || element.contains(welcome)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const left = Math.max(r.left, t.left);
      const right = Math.min(r.right, t.right);
      const top = Math.max(r.top, t.top);
      const bottom = Math.min(r.bottom, t.bottom);
      if (left >= right || top >= bottom) continue;
      const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (onTop && welcome.contains(onTop)) {
        covered.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
      }
    }
    return covered;
  });
}

/** Scrolls the page from top to bottom a screen at a time, collecting what the tab covers at each stop. */
async function coveredWhileScrolling(page: Page): Promise<string[]> {
  const covered = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()!.height / 2;
  for (let y = 0; y < height + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    for (const item of await coveredByTab(page)) covered.add(`${item} at y=${Math.round(y)}`);
  }
  return [...covered];
}

/** Issue 18: the WELCOME tab never covers what the shopper needs, and stays away from checkout. */
for (const { name, viewport } of PHONE_AND_DESKTOP) {
  test.describe(`the WELCOME tab on a ${name}`, () => {
    test.use({ viewport });

    test("covers no control, label or copyright line on the home page, a product page, the cart and the menu", async ({ page }) => {
      await page.goto("/");
      await expect(tab(page)).toBeAttached();
      expect(await coveredWhileScrolling(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/welcome-home-bottom-${name}.png` });

      await page.goto(`/products/${DEMO.productHandles.houseBlend}`);
      await expect(tab(page)).toBeAttached();
      expect(await coveredWhileScrolling(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/welcome-product-${name}.png` });

      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
      expect(await coveredByTab(page)).toEqual([]);
      await page.keyboard.press("Escape");

      if (name === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
        expect(await coveredByTab(page)).toEqual([]);
        await page.screenshot({ path: `test-results/screens/welcome-menu-${name}.png` });
        await page.getByRole("button", { name: "Close menu" }).click();
      }

      // The tab still opens the popup.
      await tab(page).click();
      await expect(page.getByRole("dialog", { name: "Welcome!" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("is not offered on checkout", async ({ page }) => {
      await page.goto("/");
      await expect(tab(page)).toBeAttached();
      await page.goto("/checkout");
      // The popup is drawn once the browser is idle, beside the cart drawer: once that is there, so would the tab be.
      await expect(page.locator("dialog[aria-labelledby='cart-title']")).toBeAttached();
      await page.waitForLoadState("networkidle");
      await expect(tab(page)).toHaveCount(0);
    });
  });
}
