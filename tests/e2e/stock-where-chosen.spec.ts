import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";
import { PHONE_AND_DESKTOP } from "./viewports";
import { skipWelcomePopup } from "./welcome-popup";

const EXCEEDS = "Requested quantity exceeds available stock";
/** Chamomile Honeybush's 250 g pouch has 3 in stock in the demo shop. */
const POUCH = { handle: "chamomile-honeybush", sku: "CHAM-250G", stock: 3 };

const drawer = (page: Page) => page.getByRole("dialog", { name: "Your cart" });
const line = (page: Page, text: string) => drawer(page).getByRole("listitem").filter({ hasText: text }).first();
/** Waits until the browser has stored a cart whose line holds this quantity (each change is sent in turn). */
const cartStoredWith = (page: Page, quantity: number) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/cart-items") &&
      response.request().method() === "POST" &&
      (response.request().postData() ?? "").includes(`"quantity":${quantity}`),
  );

async function stockOf(page: Page, handle: string, sku: string) {
  const response = await page.request.post("/api/search/by_handles", { data: { store_id: DEMO.storeId, handles: [handle] } });
  const body = (await response.json()) as { formattedProductData: { variants: { sku: string; total_stock: number }[] }[] };
  return body.formattedProductData[0].variants.find((variant) => variant.sku === sku)!.total_stock;
}

/** Issue 18: stock is told in the drawer and on the bundle page, not first at Pay Now. */
for (const { name, viewport } of PHONE_AND_DESKTOP) {
  test.describe(`stock where the choice is made, on a ${name}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await skipWelcomePopup(page);
    });

    test("the drawer's + stops at the pouch's stock, and a cart holding more says so on the line", async ({ page }) => {
      expect(await stockOf(page, POUCH.handle, POUCH.sku)).toBe(POUCH.stock);
      await page.goto(`/products/${POUCH.handle}`);
      await page.getByRole("group", { name: /^Size:/ }).getByText("250 g Pouch", { exact: true }).click();
      const synced = cartStoredWith(page, POUCH.stock);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const row = line(page, "Chamomile Honeybush");
      const increase = row.getByRole("button", { name: /Increase quantity/ });
      await increase.click();
      await increase.click();
      await expect(row.locator("output")).toHaveText(String(POUCH.stock));
      await expect(increase).toBeDisabled();
      await expect(row.getByText(EXCEEDS)).toHaveCount(0);
      await synced;

      // Stock can fall after a cart is saved (another shopper bought some): the line says so before checkout.
      const response = await page.request.post("/api/cart-items", {
        data: { cartItems: [{ kind: "product", sku: POUCH.sku, quantity: POUCH.stock + 3 }] },
      });
      expect(response.status()).toBe(200);
      await page.reload();
      await page.getByRole("button", { name: /^Cart/ }).click();
      await expect(row.getByText(EXCEEDS)).toBeVisible();
      await expect(increase).toBeDisabled();
      // Checkout waits until the line fits the shelf, rather than sending the shopper to a refusal at Pay Now.
      await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/drawer-over-stock-${name}.png` });
      await row.getByRole("button", { name: /Decrease quantity/ }).click();
      await expect(row.locator("output")).toHaveText(String(POUCH.stock));
      await expect(row.getByText(EXCEEDS)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Checkout" })).toBeEnabled();
    });

    test("a bundle is refused once the cart holds all of its dripper, and its line names each product's options", async ({ page }) => {
      const { sku, stock } = DEMO.lowStock;
      expect(await stockOf(page, DEMO.lowStock.productHandle, sku)).toBe(stock);
      await page.goto(`/bundles/${DEMO.bundleHandles.pourOverKit}`);
      const dripper = page.getByRole("list", { name: "Products in this bundle" }).getByRole("listitem").filter({ hasText: "Ceramic Pour-Over Dripper" });
      await dripper.getByText("Sage", { exact: true }).click();
      await expect(dripper.getByRole("radio", { name: "Sage" })).toBeChecked();
      const add = page.getByRole("button", { name: "Add Bundle to Cart" });
      await add.click();

      const row = line(page, "Pour-Over Starter Kit");
      await expect(row).toContainText("Bundle includes:");
      await expect(row).toContainText("1 × Ceramic Dripper — Sage");
      await expect(row).toContainText("1 × Cone Filters");
      await expect(row).toContainText("1 × House Blend — Whole Bean, 12 oz");
      const increase = row.getByRole("button", { name: /Increase quantity/ });
      await increase.click();
      await expect(row.locator("output")).toHaveText(String(stock));
      await expect(increase).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/drawer-bundle-${name}.png` });
      await page.keyboard.press("Escape");

      // Both drippers are in the cart: a third bundle with the Sage dripper is refused where it is chosen.
      await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
      await expect(page.getByText(EXCEEDS)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/bundle-page-over-stock-${name}.png`, fullPage: true });
      // Another colour has stock of its own.
      await dripper.getByText("Charcoal", { exact: true }).click();
      await expect(add).toBeEnabled();
      await expect(page.getByText(EXCEEDS)).toHaveCount(0);
    });
  });
}
