import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { PHONE_AND_DESKTOP } from "./viewports";
import { skipWelcomePopup } from "./welcome-popup";

/** Issue 18: after one quick add, the card's pickers come back for the next one (hover on a desktop, tap on a phone). */
for (const { name, viewport } of PHONE_AND_DESKTOP) {
  test.describe(`quick shop on a ${name}`, () => {
    test.use({ viewport, hasTouch: name === "phone" });

    test("a card's pickers come back after 'Added to cart!' for a second add", async ({ page }) => {
      await skipWelcomePopup(page);
      await page.goto("/shop");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ceramic Pour-Over Dripper" }) });
      const pickers = card.getByRole("group", { name: "Quick shop Ceramic Pour-Over Dripper" });
      const drawer = page.getByRole("dialog", { name: "Your cart" });
      const choose = async (colour: string) => {
        if (name === "phone") {
          await card.scrollIntoViewIfNeeded();
          await pickers.getByText(colour, { exact: true }).tap();
        } else {
          await card.hover();
          await pickers.getByText(colour, { exact: true }).click();
        }
      };

      await choose("Charcoal");
      await expect(card.getByText("Added to cart!")).toBeVisible();
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      // The 1.5 s of 'Added to cart!' end with the choices reset.
      await expect(card.getByText("Added to cart!")).toBeHidden();

      if (name === "desktop") {
        // The pointer that made the add leaves the card, and the next hover brings the pickers back.
        await page.mouse.move(0, 0);
      }
      await choose("Matte White");
      await expect(card.getByText("Added to cart!")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
      await expect(card.getByText("Added to cart!")).toBeHidden();
      if (name === "desktop") {
        // The spec's overlay closes after the add while the pointer stays; leaving and coming back opens it again.
        await expect(pickers).toBeHidden();
        await page.mouse.move(0, 0);
        await card.hover();
      }
      await expect(pickers).toBeVisible();
      await expect(pickers.getByRole("radio", { name: "Matte White" })).not.toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/quick-shop-${name}.png` });
    });
  });
}
