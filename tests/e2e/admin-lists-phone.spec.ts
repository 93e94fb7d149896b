/**
 * The back office's lists on a phone (issue 37): a table wider than the screen shows that it scrolls (a shadow at the
 * side it scrolls to), and an email or handle is never broken a few letters a line. Each list is scanned by axe at
 * 390 and 1280 px (/tmp/admin-shots/list-*.png).
 */
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { placeOrder } from "./place-order";
import { PHONE } from "./viewports";

test.use({ storageState: OWNER_STATE });

const LISTS = [
  ["/admin/orders", "Orders"],
  ["/admin/products", "Products"],
  ["/admin/inventory", "Inventory"],
  ["/admin/discounts", "Discounts"],
  ["/admin/customers", "Customers"],
] as const;

test("on a phone each list shows that it scrolls, and no email or handle is broken into letters", async ({ page }) => {
  test.setTimeout(120_000);
  await placeOrder(page, "maximilian.longname@example.com");
  for (const [path, title] of LISTS) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const table = page.getByRole("region").filter({ has: page.getByRole("table") }).first();
    const { scrolls, shadows } = await table.evaluate((region) => ({
      scrolls: region.scrollWidth > region.clientWidth,
      shadows: getComputedStyle(region).backgroundImage.includes("radial-gradient"),
    }));
    // The shadows show only where there is more to scroll to; the orders and products are wider than a phone.
    expect({ path, shadows }).toEqual({ path, shadows: true });
    if (path === "/admin/orders" || path === "/admin/products") expect({ path, scrolls }).toEqual({ path, scrolls: true });
    // An address may wrap after a hyphen, dot or @, never inside a part: each part fits the width it was given.
    for (const word of await table.getByText(/^[\w.-]+@[\w.-]+$|^[a-z0-9]+(?:-[a-z0-9]+)+$/).all()) {
      const fits = await word.evaluate((element) => {
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = getComputedStyle(element).font;
        const widest = Math.max(...element.textContent!.split(/(?<=[-@.])/).map((part) => context.measureText(part).width));
        return element.getBoundingClientRect().width + 1 >= widest;
      });
      expect({ text: await word.textContent(), fits }).toEqual({ text: await word.textContent(), fits: true });
    }
    await checkAdminScreen(page, `list${path.replaceAll("/", "-")}`);
  }
});
