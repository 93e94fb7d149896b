/**
 * When a shopper on a phone can use the page, timed by Chrome itself under the network and CPU limits of
 * Lighthouse's mobile preset (applied, not simulated): the moment the page's main button works (hydration enabled
 * it). The median of several loads, each in a fresh browser context. The LCP under the same limits is the audit's
 * `lcpAppliedMs`.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, median } from "./chromium";

/** Lighthouse's mobile preset as its "devtools" throttling applies it (lighthouse/core/config/constants.js). */
const MOBILE_NETWORK = { offline: false, latency: 150 * 3.75, downloadThroughput: (1638.4 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const MOBILE_CPU_SLOWDOWN = 4;

/**
 * Records the moment the button is enabled, from before the page's first byte. A string, not a function: the
 * TypeScript loader adds helpers to functions that do not exist in the page.
 */
function watchScript(buttonName: string): string {
  return `(() => {
    const state = { usable: null };
    window.__usable = state;
    new MutationObserver(() => {
      const button = [...document.querySelectorAll("button")].find((candidate) => candidate.textContent.trim() === ${JSON.stringify(buttonName)});
      if (state.usable === null && button && !button.disabled) state.usable = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  })();`;
}

/** Median time until the button named `buttonName` is enabled, over `runs` loads of `url`. */
export async function measureUsableMs(url: string, buttonName: string, runs: number): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const usables: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript(watchScript(buttonName));
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: "load" });
      await page.waitForFunction(() => (window as unknown as { __usable: { usable: number | null } }).__usable.usable !== null, null, {
        timeout: 30_000,
      });
      usables.push(await page.evaluate(() => (window as unknown as { __usable: { usable: number } }).__usable.usable));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return Math.round(median(usables));
}
