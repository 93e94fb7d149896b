import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { DESKTOP, PHONE } from "./viewports";
import { skipWelcomePopup } from "./welcome-popup";

/** Issue 18 and decision 0018: a category page reached from the navigation is headed by the category's name. */
test.describe("listing headings", () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomePopup(page);
  });

  test("a category from the top bar is headed by its name; /shop and /search keep 'All Products'", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Coffee" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coffee");
    await expect(page).toHaveTitle(/^Coffee \|/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/screens/category-coffee-desktop.png" });

    for (const path of ["/shop", "/search", "/search?type=collection-search"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    }
    await page.goto("/search?query=mug&type=search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search Results: mug");
    // A collection the shop does not have names nothing, so the spec's heading stays.
    await page.goto("/search?query=no-such-collection&type=collection-search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  });

  test("a category from the phone menu is headed by its name", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Coffee" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coffee");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/screens/category-coffee-phone.png" });
  });
});
