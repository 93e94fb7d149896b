import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./viewports";

/**
 * Whether every frame of the page is the page's own origin (or blank): axe can then run in the page itself. A frame
 * of another origin (a payment provider's field) is reached only by axe's default run, which audits each frame
 * apart and joins the results in a blank page of its own.
 */
function framesAreOwn(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  // A frame still loading has no address yet, and about:blank and about:srcdoc take their parent's origin.
  return page.frames().every((frame) => frame.url() === "" || frame.url().startsWith("about:") || new URL(frame.url()).origin === origin);
}

/**
 * Waits for the page's transitions and finite animations to end. A resize starts some (the quick-shop panel fades out
 * from 640 px), and axe reading a colour halfway through its fade measures a contrast no shopper sees at rest.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails on any serious or critical accessibility violation on the page as it is now.
 *
 * The same rules run either way; what is left out is only work whose result is not read. On a page whose frames are
 * all its own, axe runs in the page rather than in each frame and then in a blank page opened for joining (legacy
 * mode), and it lists only the violations, not every element that passed. On the two-core machine this took a scan
 * of the home page from 4.5 s to 0.9 s, and the journeys ran about 260 scans (decision 0047).
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  await transitionsEnded(page);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (framesAreOwn(page)) builder.setLegacyMode();
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/**
 * A back-office screen as the journeys check it: axe at the laptop's size and the phone's, nothing wider than the
 * phone, and its picture at both (`/tmp/admin-shots/<shot>-390.png` and `-1280.png`). The page is left at the laptop's size.
 */
export async function checkAdminScreen(page: Page, shot: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/${shot}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/${shot}-1280.png`, fullPage: true });
}
