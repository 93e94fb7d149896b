/**
 * The navigation screen's link picker (issue 37): the owner names a new footer link, types part of a product's title
 * in its address field, picks the product from the list by keyboard, saves with Enter, and the shop's footer links
 * to the product. The screen with the list open is scanned by axe on a phone and a laptop. The journey removes its
 * link again: other journeys (site-layout.spec.ts) read the footer.
 */
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);
const LINK = `Our house blend ${stamp}`;

test.use({ storageState: OWNER_STATE });

test("the owner picks a product for a footer link by keyboard, and the shop's footer links to it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/navigation");
  await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();
  const newLink = page.getByRole("region", { name: "Footer links", exact: true }).getByRole("group", { name: "New link" });
  await newLink.getByLabel("Name", { exact: true }).fill(LINK);
  const address = newLink.getByRole("combobox", { name: /^Address/ });
  await address.pressSequentially("house bl");
  const choices = page.getByRole("listbox", { name: /^Pages, products, collections and posts/ }).filter({ visible: true });
  const houseBlend = choices.getByRole("option", { name: /Tidewater House Blend/ });
  await expect(houseBlend).toBeVisible();
  await expect(address).toHaveAttribute("aria-expanded", "true");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `/tmp/admin-shots/navigation-link-picker-${size.width}.png`, fullPage: true });
  }

  await address.press("ArrowDown");
  await expect(houseBlend).toHaveAttribute("aria-selected", "true");
  await expect(address).toHaveAttribute("aria-activedescendant", (await houseBlend.getAttribute("id"))!);
  await address.press("Enter");
  await expect(address).toHaveValue("/products/house-blend");
  await expect(address).toHaveAttribute("aria-expanded", "false");
  await expect(newLink.getByLabel("Name", { exact: true })).toHaveValue(LINK);
  // With the list closed, Enter saves the form as before.
  await address.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows it now." })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LINK })).toHaveAttribute("href", "/products/house-blend");

  await page.goto("/admin/navigation");
  await page.getByRole("button", { name: `Remove ${LINK}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows it now." })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LINK })).toHaveCount(0);
});
