import { expect, test, type Page } from "@playwright/test";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";

const SKU = DEMO.subscriptions.houseBlend.sku; // $16.00 a bag
const OWNER = { username: "owner", password: "e2e-owner-password" };

const drawer = (page: Page) => page.getByRole("dialog", { name: "Your cart" });

async function storeCart(page: Page, quantity: number, sku = SKU) {
  await page.goto("/");
  const response = await page.request.post("/api/cart-items", { data: { cartItems: [{ kind: "product", sku, quantity }] } });
  expect(response.status(), await response.text()).toBe(200);
  await page.reload();
}

async function goToCheckout(page: Page) {
  await page.getByRole("button", { name: /^Cart/ }).click();
  await drawer(page).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_/);
  await expect(page.getByText("Test mode: no real payments are taken")).toBeVisible();
}

const form = (page: Page) => page.getByRole("form", { name: "Checkout" });

async function fillDetails(page: Page, email = "shopper@example.com") {
  await form(page).getByLabel("Email").fill(email);
  await form(page).getByLabel("Full name").fill("Sam Shopper");
  await form(page).getByLabel("Address", { exact: true }).fill("1 Main St");
  await form(page).getByLabel("City").fill("Sacramento");
  await form(page).getByLabel("State").fill("CA");
  await form(page).getByLabel("ZIP code").fill("95814");
}

async function payWith(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
}

async function stockOf(page: Page, handle: string, sku: string) {
  const response = await page.request.post("/api/search/by_handles", { data: { store_id: "demo", handles: [handle] } });
  const body = (await response.json()) as { formattedProductData: { variants: { sku: string; total_stock: number }[] }[] };
  return body.formattedProductData[0].variants.find((variant) => variant.sku === sku)!.total_stock;
}

test.describe("checkout with the simulated provider", () => {
  test("add to cart, pay with 4242, see the order, get the email, and the cart is empty", async ({ page, browser }) => {
    // The longest journey of the shop: product page, three checkout validations, payment, mailbox.
    test.setTimeout(90_000);
    await page.goto(`/products/${DEMO.productHandles.houseBlend}`);
    const add = page.getByRole("button", { name: "Add to Cart" });
    await add.click();
    await expect(drawer(page)).toBeVisible();
    await drawer(page).getByRole("button", { name: /^Increase quantity/ }).first().click();
    await expect(drawer(page).getByText("$32.00").first()).toBeVisible();
    await drawer(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout\?session_id=cs_/);

    await expect(page.getByText("Enter shipping address")).toBeVisible();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email");
    await form(page).getByLabel("Email").fill("shopper@example.com");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please complete the address");
    await fillDetails(page);
    const standard = page.getByRole("radio", { name: /Standard Shipping/ });
    await expect(standard).toBeVisible();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields");
    await standard.check();
    await expect(page.getByText("$5.99").last()).toBeVisible();
    // $32.00 + $5.99 shipping + 7.25 % California tax on the goods ($2.32).
    await expect(page.getByText("$40.31")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Emptying the address takes the shipping methods away again.
    await form(page).getByLabel("City").fill("");
    await expect(standard).toBeHidden();
    await form(page).getByLabel("City").fill("Sacramento");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(page.getByText("$40.31")).toBeVisible();

    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText("Thank you for your purchase.")).toBeVisible();
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const number = (await page.getByText(/Order number: \d+/).textContent())!.match(/\d+/)![0];
    await expect(page.getByRole("button", { name: "Cart" })).toBeVisible();

    const cart = await page.request.get("/api/cart-items");
    expect(((await cart.json()) as { cartItems: unknown[] }).cartItems).toEqual([]);

    const owner = await browser.newContext({ httpCredentials: OWNER });
    const mailbox = await owner.newPage();
    await mailbox.goto("/dev/mailbox");
    const mail = mailbox.getByRole("article").filter({ hasText: `Order #${number} confirmed` });
    await expect(mail).toContainText("To shopper@example.com");
    await expect(mail).toContainText("Total: $40.31");
    await expectNoSeriousA11yViolations(mailbox);
    await owner.close();

    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a declined card ends on 'Purchase Failed' and leaves the stock as it was", async ({ page }) => {
    const before = await stockOf(page, DEMO.productHandles.houseBlend, SKU);
    await storeCart(page, 2);
    await goToCheckout(page);
    await fillDetails(page, "declined@example.com");
    await page.getByRole("radio", { name: /Express Shipping/ }).check();
    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("heading", { name: "Purchase Failed" })).toBeVisible();
    await expect(page.getByText("We're sorry, but your purchase could not be completed. Please try again.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect.poll(() => stockOf(page, DEMO.productHandles.houseBlend, SKU)).toBe(before);
  });

  test("shipping is free above $40", async ({ page }) => {
    await storeCart(page, 3);
    await goToCheckout(page);
    await fillDetails(page);
    const standard = page.getByRole("radio", { name: /Standard Shipping/ });
    await expect(page.getByText("FREE").first()).toBeVisible();
    await standard.check();
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("FREE")).toBeVisible();
    // $48.00 and 7.25 % tax ($3.48), no shipping.
    await expect(summary.getByText("$51.48")).toBeVisible();
  });

  test("a cart with a subscription checks out without a session and is confirmed", async ({ page }) => {
    await page.goto("/");
    const sub = DEMO.subscriptions.houseBlend;
    const response = await page.request.post("/api/cart-items", {
      data: { cartItems: [{ kind: "product", sku: sub.sku, quantity: 2, subscription: { subscription_id: sub.everyTwoWeeks } }] },
    });
    expect(response.status()).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: /^Cart/ }).click();
    await drawer(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("Recurring every 2 weeks");
    await fillDetails(page, "subscriber@example.com");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(page.getByRole("complementary", { name: "Order summary" }).getByText("Enter shipping address")).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await payWith(page, "4242424242424242");
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
  });

  test("the mailbox asks the owner to sign in", async ({ page }) => {
    const response = await page.request.get("/dev/mailbox");
    expect(response.status()).toBe(401);
    expect(response.headers()["www-authenticate"]).toBe('Basic realm="mailbox"');
    const wrong = await page.request.get("/dev/mailbox", {
      headers: { authorization: `Basic ${Buffer.from("owner:not-the-password").toString("base64")}` },
    });
    expect(wrong.status()).toBe(401);
  });
});
