import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { skipWelcomePopup } from "./welcome-popup";

const carousel = (page: Page) => page.getByRole("region", { name: "Featured collection" });

/**
 * The slides whose card is cut by the carousel's clipping edges: each card must be wholly in view, with room for
 * its border and shadow (at least a pixel from the edge), or wholly out of view.
 */
function cutCards(page: Page): Promise<string[]> {
  return carousel(page).evaluate((region) => {
    const viewport = region.firstElementChild!.getBoundingClientRect();
    const cut: string[] = [];
    for (const slide of region.querySelectorAll<HTMLElement>("[aria-roledescription=slide]")) {
      const card = slide.querySelector("article")!.getBoundingClientRect();
      const inside = card.left >= viewport.left + 1 && card.right <= viewport.right - 1;
      const outside = card.right <= viewport.left + 0.5 || card.left >= viewport.right - 0.5;
      if (!inside && !outside) {
        cut.push(`${slide.getAttribute("aria-label")}: ${Math.round(card.left - viewport.left)}..${Math.round(card.right - viewport.left)} of ${Math.round(viewport.width)}`);
      }
    }
    return cut;
  });
}

/** Issue 18: the featured carousel shows whole cards only, at every width. */
for (const width of [390, 768, 1024, 1280, 1440]) {
  test(`the featured carousel shows whole cards at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await skipWelcomePopup(page);
    await page.goto("/");
    const region = carousel(page);
    await region.scrollIntoViewIfNeeded();
    // Embla takes the server-rendered slides over once the browser is idle and then places them itself.
    await expect(region.locator("[aria-roledescription=slide]").first().locator("xpath=..")).toHaveAttribute("style", /transform/);
    await expect.poll(() => cutCards(page)).toEqual([]);
    const position = region.getByText(/^\d+ \/ \d+$/);
    const before = await position.textContent();
    await region.getByRole("button", { name: "Next (Featured collection)" }).click();
    await expect(position).not.toHaveText(before ?? "");
    await expect.poll(() => cutCards(page)).toEqual([]);
    if (width === 390 || width === 1280) {
      await expectNoSeriousA11yViolations(page, "[aria-label='Featured collection']");
      await region.screenshot({ path: `test-results/screens/carousel-${width}.png` });
    }
  });
}
