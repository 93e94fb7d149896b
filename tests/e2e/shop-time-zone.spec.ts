/**
 * The shop's time zone (issue 36, decision 0061): the owner picks one on Store settings, and the order page prints
 * the order's time in it, with the zone's name; the setup and settings screens pass axe on a phone and a laptop. The
 * journey puts the zone back as it found it, since other journeys read the back office's dates.
 */
import { shopMoment } from "../../core/shop-time";
import { httpShopper } from "../support/http-shopper";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

const KETTLE = { sku: "KETTLE-BLACK", priceCents: 5900 };
// Fourteen hours ahead of UTC: whatever the server's zone, the order's local time differs from it.
const ZONE = "Pacific/Kiritimati";

test.use({ storageState: OWNER_STATE });

test("the owner picks a time zone in settings and the order page shows the order's local time", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = `time-zone-${Date.now()}@example.com`;
  expect(await httpShopper(baseURL!, email)(KETTLE)).toBe(true);

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/settings");
  const zone = page.getByLabel(/^Time zone/);
  const before = await zone.inputValue();
  await zone.selectOption(ZONE);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(zone).toHaveValue(ZONE);
  await checkAdminScreen(page, "settings-time-zone");

  try {
    await page.goto(`/admin/orders?${new URLSearchParams({ q: email })}`);
    await page.getByRole("region", { name: "Orders" }).getByRole("link").first().click();
    const placed = page.getByText(/placed/).locator("time").first();
    const instant = await placed.getAttribute("datetime");
    await expect(placed).toHaveText(shopMoment(instant!, ZONE));
    expect(shopMoment(instant!, ZONE)).toMatch(/ GMT\+14$/);
    await checkAdminScreen(page, "order-time-zone");
  } finally {
    await page.goto("/admin/settings");
    await page.getByLabel(/^Time zone/).selectOption(before);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  }
});
