/**
 * Fields typed into before the page's scripts arrive (issue 37, as on a slow phone): the theme's colour fields and the
 * navigation's link picker keep what was typed once React takes over, and their JavaScript then follows it (the
 * colour input shows the typed colour; the picker searches from the typed address). The colour input once showed the
 * saved colour beside the typed one. Nothing is saved: other journeys read the theme and the footer.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdScripts, untilHydrated } from "./hydration";
import { OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

const PRIMARY = "Primary colour (links, prices, highlights)";

/** The field is the server's yet: React has not taken it over (untilHydrated waits for the opposite). */
const notYetHydrated = (field: Locator) => field.evaluate((node) => !Object.keys(node).some((key) => key.startsWith("__reactProps")));

test.use({ storageState: OWNER_STATE });

test("a colour typed before the theme screen hydrates is kept, and the colour input beside it shows it", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const scripts = await holdScripts(page);
  await page.goto("/admin/theme", { waitUntil: "domcontentloaded" });
  const hex = page.getByLabel(PRIMARY, { exact: true });
  const typed = (await hex.inputValue()).toUpperCase() === "#5A2D82" ? "#0B3D36" : "#5A2D82";
  expect(await notYetHydrated(hex)).toBe(true);
  await hex.fill(typed);
  scripts.release();
  await untilHydrated(hex);
  await expect(hex).toHaveValue(typed);
  await expect(page.getByLabel(`Pick primary colour (links, prices, highlights)`, { exact: true })).toHaveValue(typed.toLowerCase());
});

test("an address typed before the navigation screen hydrates is kept, and the link picker searches from it", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const scripts = await holdScripts(page);
  await page.goto("/admin/navigation", { waitUntil: "domcontentloaded" });
  const newLink = page.getByRole("region", { name: "Footer links", exact: true }).getByRole("group", { name: "New link" });
  const address = newLink.getByLabel(/^Address/);
  expect(await notYetHydrated(address)).toBe(true);
  await address.fill("house");
  scripts.release();
  await untilHydrated(address);
  await expect(address).toHaveValue("house");
  await expect(address).toHaveRole("combobox");
  await address.press("End");
  await address.pressSequentially(" bl");
  await expect(page.getByRole("listbox", { name: /^Pages, products, collections and posts/ }).filter({ visible: true }).getByRole("option", { name: /Tidewater House Blend/ })).toBeVisible();
});
