import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { PHONE_AND_DESKTOP } from "./viewports";
import { signUpAndIn as signUp, uniqueEmail } from "./customer";

const PASSWORD = "saved for later 7";
const MUG = "Enamel Camp Mug";
const PRESS = "Glass French Press";

const heart = (page: Page, title: string) => page.getByRole("button", { name: `Save ${title} to wishlist` }).first();

const signUpAndIn = (page: Page, email: string) => signUp(page, email, { password: PASSWORD, firstName: "Willa", lastName: "Wish" });

test("a guest saves products with the heart, signs in and finds them saved, in the account on any device", async ({ page, browser }) => {
  await page.goto("/shop");
  await heart(page, MUG).click();
  await expect(heart(page, MUG)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Wishlist, 1 saved" })).toBeVisible();

  // The product page's heart is the same saved state, and works from the keyboard.
  await page.goto("/products/french-press");
  await expect(page.getByRole("heading", { level: 1, name: PRESS })).toBeVisible();
  await heart(page, PRESS).focus();
  await page.keyboard.press("Enter");
  await expect(heart(page, PRESS)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Wishlist, 2 saved" })).toBeVisible();

  await page.getByRole("link", { name: "Wishlist, 2 saved" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  const saved = page.getByRole("main").getByRole("listitem");
  await expect(saved).toHaveCount(2);
  await expect(saved.filter({ hasText: MUG })).toContainText("$16.00");
  await expect(saved.filter({ hasText: MUG })).toContainText("In stock");

  const email = uniqueEmail("wisher");
  await signUpAndIn(page, email);
  await page.goto("/wishlist");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);

  // Another browser: signed in, the same two.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto("/login");
  await other.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await other.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other.getByRole("group", { name: "Your profile" })).toBeVisible();
  await other.goto("/wishlist");
  const there = other.getByRole("main").getByRole("listitem");
  await expect(there).toHaveCount(2);

  // Into the cart from the wishlist: the mug's colour, then it is added.
  await there.filter({ hasText: MUG }).getByText("Navy", { exact: true }).click();
  await expect(there.filter({ hasText: MUG }).getByText("Added to cart!")).toBeVisible();
  await expect(other.getByRole("dialog", { name: "Your cart" })).toContainText(MUG);
  await other.keyboard.press("Escape");
  await expect(other.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();

  // Price-drop emails: off until asked for.
  await other.getByRole("button", { name: "Email me when a price drops" }).click();
  await expect(other.getByRole("button", { name: "Stop price-drop emails" })).toBeVisible();
  await other.getByRole("button", { name: "Stop price-drop emails" }).click();
  await expect(other.getByRole("button", { name: "Email me when a price drops" })).toBeVisible();

  // Taken off with its heart, in place.
  await heart(other, PRESS).click();
  await expect(there).toHaveCount(1);
  await elsewhere.close();
});

test("the heart works before the page's script runs: the shopper lands on the wishlist", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/products/enamel-camp-mug");
  await heart(page, MUG).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: MUG })).toBeVisible();
  await expect(heart(page, MUG)).toHaveAttribute("aria-pressed", "true");
  await context.close();
});

for (const { name, viewport } of PHONE_AND_DESKTOP) {
  test(`the wishlist passes axe on a ${name}, empty and with a product`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/wishlist");
    await expect(page.getByText("Nothing saved yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/products/enamel-camp-mug");
    await heart(page, MUG).click();
    // The navbar's count comes from the server, once it holds the save.
    await expect(page.getByRole("link", { name: "Wishlist, 1 saved" })).toBeVisible();
    await page.goto("/wishlist");
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });
}

test("the owner sees the most wished-for products and the alerts waiting, at phone and desktop", async ({ page, browser }) => {
  await page.goto("/products/enamel-camp-mug");
  await heart(page, MUG).click();
  await expect(page.getByRole("link", { name: "Wishlist, 1 saved" })).toBeVisible();

  const owner = await ownerContext(browser);
  const admin = await owner.newPage();
  for (const { viewport } of PHONE_AND_DESKTOP) {
    await admin.setViewportSize(viewport);
    await admin.goto("/admin/wishlists");
    await expect(admin.getByRole("heading", { level: 1, name: "Wishlists" })).toBeVisible();
    await expect(admin.getByRole("term").filter({ hasText: "Back-in-stock alerts waiting" })).toBeVisible();
    const row = admin.getByRole("region", { name: "Most wished for" }).getByRole("row").filter({ hasText: MUG });
    await expect(row.getByRole("cell").first()).not.toHaveText("0");
    await expectNoSeriousA11yViolations(admin);
  }
  await admin.getByRole("link", { name: MUG }).click();
  await expect(admin).toHaveURL(/\/admin\/inventory\?q=Enamel/);
  await owner.close();
});
