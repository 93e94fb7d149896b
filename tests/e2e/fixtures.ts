import { test as base, expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { REPLAY_EARLY_CLICKS } from "../../core/early-clicks";
import { E2E_SHOPS, type E2EShop } from "../../playwright.config";

export { expect } from "@playwright/test";

const CSP_VIOLATION = "Content-Security-Policy violation:";

/** Records every Content-Security-Policy violation in the context's pages into `violations`. */
async function watchForCspViolations(context: BrowserContext, violations: string[]) {
  await context.addInitScript((prefix) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`${prefix} ${event.violatedDirective} refused ${event.blockedURI || "an inline item"} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, CSP_VIOLATION);
  context.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(CSP_VIOLATION) || (message.type() === "error" && /Content Security Policy/i.test(text))) {
      violations.push(`${message.page()?.url() ?? "a worker"}: ${text}`);
    }
  });
}

/**
 * Resolves once the page is hydrated. Pages start their scripts after the first paint (decision 0015), so a page
 * can be loaded, with links and forms that work without JavaScript, before the app runs; journeys about what the
 * app does wait for it. The early-click replay removes itself when the app takes over; a page without JavaScript
 * never defines it.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction((name) => !(name in window), REPLAY_EARLY_CLICKS);
}

/**
 * The shop a test (or hook) talks to: its worker's own (playwright.config.ts), so the files one worker takes run in
 * order on one shop while the other workers' run on theirs. A test that names a shop in a "shop" annotation (the first
 * run, which sets up every shop, whichever worker runs it) talks to that one.
 */
export function shopFor(testInfo: TestInfo): E2EShop {
  const named = testInfo.annotations.find((annotation) => annotation.type === "shop")?.description;
  const shop = E2E_SHOPS[named === undefined ? testInfo.parallelIndex : Number(named)];
  if (!shop) throw new Error(`No shop for worker ${testInfo.parallelIndex}: run one worker per shop (E2E_SHOPS=${E2E_SHOPS.length}).`);
  return shop;
}

/** The running test's shop (shopFor), for helpers called from a test or hook. */
export function currentShop(): E2EShop {
  return shopFor(base.info());
}

/** Playwright's test, whose page.goto (waiting for the load event, the default) also waits for hydration. */
export const test = base.extend<{ page: Page; cspViolations: string[] }>({
  // Every page, context and request of the test, and any context it opens, starts from its shop's address.
  // Playwright reads the fixtures a function needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provideBaseURL, testInfo) => provideBaseURL(shopFor(testInfo).url),
  /**
   * Every journey runs under the pages' Content-Security-Policy, and anything the policy refuses fails it: in the
   * test's own context and in any other the test opens (an owner's mailbox, a second shopper).
   */
  cspViolations: [
    async ({ context, browser }, provideViolations) => {
      const violations: string[] = [];
      await watchForCspViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        await watchForCspViolations(created, violations);
        return created;
      };
      await provideViolations(violations);
      delete (browser as Partial<typeof browser>).newContext;
      expect(violations, "the page's Content-Security-Policy refused something").toEqual([]);
    },
    { auto: true },
  ],
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
