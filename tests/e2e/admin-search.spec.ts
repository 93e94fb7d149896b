/**
 * The back office's search (issue 37): from any screen, `/` puts the cursor in the header's search box, and one search
 * finds the order, its customer and a product, each linking to its screen and to the whole list; axe at 390 and
 * 1280 px (/tmp/admin-shots/search-*.png).
 */
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP } from "./viewports";

test.use({ storageState: OWNER_STATE });

test("the owner presses / on any screen, finds an order and its customer by email, and a product by its SKU", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `sol.search.${Date.now().toString(36)}@example.com`;
  const number = await placeOrder(page, email);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  const search = page.getByRole("search").getByRole("searchbox", { name: "Search orders, customers and products" });
  await page.locator("body").press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(page.getByText(`Matches for “${email}”`)).toBeVisible();
  const orders = page.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link", { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Customers" }).getByRole("listitem")).toContainText(email);
  await expect(page.getByRole("region", { name: "Products" })).toContainText("None found.");
  await checkAdminScreen(page, "search");

  // A slash typed inside a field stays in the field.
  await search.fill("HOUSE-12OZ");
  await search.press("/");
  await expect(search).toHaveValue("HOUSE-12OZ/");
  await search.fill("HOUSE-12OZ");
  await search.press("Enter");
  await expect(page.getByRole("region", { name: "Products" }).getByRole("link", { name: /House Blend/ })).toBeVisible();
  await orders.getByRole("link", { name: "All matching orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=HOUSE-12OZ/);
});
