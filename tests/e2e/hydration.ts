import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Holds the page's scripts back until `release` is called, so a test can act as a shopper does on a slow phone:
 * before the page has hydrated. Navigate with `waitUntil: "domcontentloaded"`; the load event waits for them.
 */
export async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Waits until React has taken over `element` (hydrated it: its props are attached to the node). */
export async function untilHydrated(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")))).toBe(true);
}
