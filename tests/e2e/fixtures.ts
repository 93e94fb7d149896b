import { test as base, type Page } from "@playwright/test";
import { REPLAY_EARLY_CLICKS } from "../../core/early-clicks";

export { expect } from "@playwright/test";

/**
 * Resolves once the page is hydrated. Pages start their scripts after the first paint (decision 0015), so a page
 * can be loaded, with links and forms that work without JavaScript, before the app runs; journeys about what the
 * app does wait for it. The early-click replay removes itself when the app takes over; a page without JavaScript
 * never defines it.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction((name) => !(name in window), REPLAY_EARLY_CLICKS);
}

/** Playwright's test, whose page.goto (waiting for the load event, the default) also waits for hydration. */
export const test = base.extend({
  page: async ({ page }, providePage) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if ((options?.waitUntil ?? "load") === "load") await waitForHydration(page);
      return response;
    };
    await providePage(page);
  },
});
