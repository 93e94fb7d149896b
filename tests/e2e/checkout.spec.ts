import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const SKU = DEMO.subscriptions.houseBlend.sku; // $16.00 a bag
const ETHIOPIA = "ETH-12OZ-WB"; // $19.50 a bag

const drawer = (page: Page) => page.getByRole("dialog", { name: "Your cart" });

async function storeCart(page: Page, quantity: number, sku: string = SKU, discountCode?: string) {
  await page.goto("/");
  const response = await page.request.post("/api/cart-items", {
    data: { cartItems: [{ kind: "product", sku, quantity }], ...(discountCode ? { discount_code: discountCode } : {}) },
  });
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
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const payNow = (page: Page) => page.getByRole("button", { name: "Pay Now" });

async function fillDetails(page: Page, email = "shopper@example.com", name = "Sam Shopper") {
  await form(page).getByLabel("Email", { exact: true }).fill(email);
  await form(page).getByLabel("Full name").fill(name);
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
    await form(page).getByLabel("Email", { exact: true }).fill("shopper@example.com");
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
    await expect(summary(page).getByRole("definition").last()).toHaveText("$40.31");
    await expectNoSeriousA11yViolations(page);

    // Emptying the address takes the shipping methods away again.
    await form(page).getByLabel("City").fill("");
    await expect(standard).toBeHidden();
    await form(page).getByLabel("City").fill("Sacramento");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(summary(page).getByRole("definition").last()).toHaveText("$40.31");

    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText("Thank you for your purchase.")).toBeVisible();
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
    // What was bought, with the options chosen, as the email and the order say it.
    await expect(page.getByText(/^2 × Tidewater House Blend \([^)]+, 12 oz\)$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const number = (await page.getByText(/Order number: \d+/).textContent())!.match(/\d+/)![0];
    await expect(page.getByRole("button", { name: "Cart" })).toBeVisible();

    const cart = await page.request.get("/api/cart-items");
    expect(((await cart.json()) as { cartItems: unknown[] }).cartItems).toEqual([]);

    const owner = await ownerContext(browser);
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

  test("a declined card keeps the shopper on checkout with the provider's reason, and another card pays", async ({ page }) => {
    const before = await stockOf(page, DEMO.productHandles.ethiopia, ETHIOPIA);
    await storeCart(page, 2, ETHIOPIA);
    await goToCheckout(page);
    const checkout = page.url();
    await fillDetails(page, "declined@example.com");
    await page.getByRole("radio", { name: /Express Shipping/ }).check();
    await payWith(page, "4000 0000 0000 0002");
    await expect(form(page).getByRole("alert")).toHaveText("Your card was declined.");
    expect(page.url()).toBe(checkout);
    await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/checkout-declined.png", fullPage: true });
    // The declined attempt holds nothing back from the shelf.
    await expect.poll(() => stockOf(page, DEMO.productHandles.ethiopia, ETHIOPIA)).toBe(before);

    await payWith(page, "4000 0000 0000 9995");
    await expect(form(page).getByRole("alert")).toHaveText("Your card has insufficient funds.");
    // Typing another card takes the old reason away.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
    await expect.poll(() => stockOf(page, DEMO.productHandles.ethiopia, ETHIOPIA)).toBe(before - 2);
  });

  test("'Purchase Failed' from the provider's redirect offers the way back to the checkout while the cart is there", async ({ page, browser }) => {
    await storeCart(page, 2, ETHIOPIA);
    await goToCheckout(page);
    const checkout = page.url();
    const sessionId = new URL(checkout).searchParams.get("session_id")!;
    const session = await page.request.get(`/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`);
    const { client_secret: secret } = ((await session.json()) as { session_data: { client_secret: string } }).session_data;
    const failed = `/checkout-confirmation?ref=${secret.split("_secret_")[0]}&redirect_status=failed`;

    await page.goto(failed);
    await expect(page.getByRole("heading", { name: "Purchase Failed" })).toBeVisible();
    await expect(page.getByText("We're sorry, but your purchase could not be completed. Please try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Return to checkout" }).click();
    await expect(page).toHaveURL(checkout);
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();

    // Once the cart is paid for, and for a browser without that cart, there is nothing to go back to.
    await page.goto(failed);
    await expect(page.getByRole("heading", { name: "Purchase Failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to checkout" })).toHaveCount(0);
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(failed);
    await expect(other.getByRole("heading", { name: "Purchase Failed" })).toBeVisible();
    await expect(other.getByRole("link", { name: "Return to checkout" })).toHaveCount(0);
    await stranger.close();
  });

  test("a subscription cart's declined card stays on checkout, and its failed redirect goes back through the cart", async ({ page }) => {
    await page.goto("/");
    const tea = DEMO.subscriptions.breakfastTea;
    const stored = await page.request.post("/api/cart-items", {
      data: { cartItems: [{ kind: "product", sku: tea.sku, quantity: 3, subscription: { subscription_id: tea.everyTwoWeeks } }] },
    });
    expect(stored.status()).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: /^Cart/ }).click();
    await drawer(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillDetails(page, "tea-subscriber@example.com");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    const submitted = page.waitForResponse("**/api/stripe/confirm_subscription");
    await payWith(page, "4000 0000 0000 0002");
    const { payment_reference: reference } = (await (await submitted).json()) as { payment_reference: string };
    await expect(form(page).getByRole("alert")).toHaveText("Your card was declined.");

    // The provider's redirect with a failure: a subscription checkout has no session, so the way back is the cart.
    await page.goto(`/checkout-confirmation?ref=${reference}&redirect_status=failed`);
    await expect(page.getByRole("heading", { name: "Purchase Failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to checkout" })).toHaveCount(0);
    await page.getByRole("button", { name: "Return to checkout" }).click();
    await drawer(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillDetails(page, "tea-subscriber@example.com");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await payWith(page, "4000 0000 0000 9995");
    await expect(form(page).getByRole("alert")).toHaveText("Your card has insufficient funds.");
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
  });

  test("shipping is free above $40", async ({ page }) => {
    await storeCart(page, 3);
    await goToCheckout(page);
    await fillDetails(page);
    const standard = page.getByRole("radio", { name: /Standard Shipping/ });
    await standard.check();
    await expect(page.getByRole("radio", { name: /Standard Shipping.*FREE/ })).toBeChecked();
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("FREE")).toBeVisible();
    // $48.00 and 7.25 % tax ($3.48), no shipping.
    await expect(summary.getByRole("definition").last()).toHaveText("$51.48");
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
    await page.goto("/dev/mailbox");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fdev%2Fmailbox$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a paid checkout reopened with Back or its link says it is paid and offers no second payment", async ({ page }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    const link = page.url();
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByText(/Order number: \d+/)).toBeVisible();
    const number = (await page.getByText(/Order number: \d+/).textContent())!;

    await page.goBack();
    await expect(page.getByRole("alert")).toHaveText("This order has already been paid.");
    await expect(page.getByText(number)).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("This order has already been paid.");
    await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("the summary takes the cart's discount off the total before a shipping method is chosen", async ({ page }) => {
    await storeCart(page, 2, SKU, "SAVE15");
    await goToCheckout(page);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("Discount (SAVE15)")).toBeVisible();
    // $32.00 less 15 % ($4.80), as the cart drawer's estimated total.
    await expect(summary.getByText("-$4.80")).toBeVisible();
    await expect(summary.getByRole("definition").last()).toHaveText("$27.20");
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    // $27.20 + $5.99 shipping + 7.25 % tax on the goods ($1.97).
    await expect(summary.getByRole("definition").last()).toHaveText("$35.16");
  });

  test("another browser opening the checkout link gets the not-found page, and the shopper keeps the checkout", async ({ page, browser }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    const link = page.url();
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    const response = await other.goto(link);
    expect(response?.status()).toBe(404);
    await expect(other.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(other.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(other);
    await stranger.close();
    await page.reload();
    await expect(page.getByRole("button", { name: "Pay Now" })).toBeVisible();
  });

  test("a free-shipping code applied at checkout shows the server's $0 shipping on the chosen method and in the total", async ({ page }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Discount code").fill(DEMO.discountCodes.freeShipping);
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByText(`Discount (${DEMO.discountCodes.freeShipping})`)).toBeVisible();
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(page.getByRole("radio", { name: /Standard Shipping.*FREE/ })).toBeChecked();
    await expect(summary.getByText("FREE", { exact: true })).toBeVisible();
    // $32.00 of goods and 7.25 % tax ($2.32), no shipping.
    await expect(summary.getByRole("definition").last()).toHaveText("$34.32");
    await expectNoSeriousA11yViolations(page);
  });

  test("a code that takes the order below the minimum is refused with the minimum's message", async ({ page }) => {
    await page.goto("/");
    // $16 of coffee and $7 of filters: $23, and $13 once TENOFF takes $10 off, as the drawer would refuse.
    const stored = await page.request.post("/api/cart-items", {
      data: { cartItems: [{ kind: "product", sku: SKU, quantity: 1 }, { kind: "product", sku: "FILT-100", quantity: 1 }] },
    });
    expect(stored.status(), await stored.text()).toBe(200);
    await page.reload();
    await goToCheckout(page);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Discount code").fill(DEMO.discountCodes.fixedAmount);
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByText(`Discount (${DEMO.discountCodes.fixedAmount})`)).toBeVisible();
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(form(page).getByRole("alert")).toHaveText("Minimum order amount is $20.00");
    await payWith(page, "4242 4242 4242 4242");
    await expect(form(page).getByRole("alert")).toHaveText("Minimum order amount is $20.00");
    await expect(page).toHaveURL(/\/checkout\?session_id=/);
    await expectNoSeriousA11yViolations(page);
  });

  test("a rate-limited code is not called invalid at checkout either", async ({ page }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    // The server's limiter counts per address, shared by every journey: answer 429 here instead of spending it.
    await page.route("**/api/discount/**", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "Slow down, please." }) }),
    );
    await summary.getByLabel("Discount code").fill("SAVE15");
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByRole("alert")).toHaveText("Slow down, please.");
    await expect(summary.getByText("Discount (SAVE15)")).toBeHidden();
  });

  test("a welcome code used with another email says whose code it is", async ({ page, browser }) => {
    const owner = `welcome-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/discount/sendWelcomeEmail", { data: { store_id: "demo", customer_email: owner } });
    expect(signup.status()).toBe(200);
    const mailbox = await ownerContext(browser);
    const mail = await mailbox.newPage();
    await mail.goto("/dev/mailbox");
    const message = mail.getByRole("article").filter({ hasText: owner });
    await expect(message).toContainText("Your discount code: WELCOME-");
    const code = /Your discount code: (WELCOME-[A-Z2-9]{8})/.exec(await message.innerText())![1];
    await mailbox.close();

    await storeCart(page, 2);
    await goToCheckout(page);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Discount code").fill(code);
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
    await fillDetails(page, "someone-else@example.com");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await expect(summary.getByRole("alert")).toHaveText(
      "This code only works with the email address it was sent to, and only on that address's first order",
    );
    await expect(page.getByText(/discount_code/)).toHaveCount(0);
    await summary.getByRole("button", { name: "Remove" }).click();
    await expect(summary.getByRole("alert")).toHaveCount(0);
    await expect(summary.getByRole("definition").last()).toHaveText("$40.31");
  });

  test("inputs stop at the server's limits and a refused field is named beside it", async ({ page }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    const name = form(page).getByLabel("Full name");
    await expect(name).toHaveAttribute("maxlength", "200");
    await fillDetails(page, "sam@localhost", "S".repeat(250));
    await expect(name).toHaveValue("S".repeat(200));
    // The page's check (an @) passes; the server's does not, and says which field.
    const email = form(page).getByLabel("Email", { exact: true });
    await expect(email).toHaveAccessibleDescription("Email: Please enter a valid email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Failed to fetch shipping options")).toHaveCount(0);
    await email.fill("sam@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("radio", { name: /Standard Shipping/ })).toBeVisible();
  });

  test("a validation message goes once what it asks for is filled in", async ({ page }) => {
    await storeCart(page, 2);
    await goToCheckout(page);
    await form(page).getByLabel("Email", { exact: true }).fill("shopper@example.com");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please complete the address");
    await fillDetails(page);
    await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields");
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

/**
 * Two bags of drip-ground House Blend and the Tea Lover's Sampler as its page chooses it, taken to checkout from the
 * drawer: goods no other journey here buys, so their stock is the seed's whatever ran before.
 */
async function checkoutWithBundle(page: Page) {
  await page.goto("/");
  const stored = await page.request.post("/api/cart-items", {
    data: { cartItems: [{ kind: "product", sku: "HOUSE-12OZ-DRIP", quantity: 2 }] },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  await page.goto(`/bundles/${DEMO.bundleHandles.teaSampler}`);
  await page.getByRole("button", { name: "Add Bundle to Cart" }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByText("$74.00").first()).toBeVisible();
  await drawer(page).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_/);
}

async function expectLinesPriced(page: Page) {
  const blend = summary(page).getByRole("listitem").filter({ hasText: "2 × Tidewater House Blend" });
  await expect(blend).toContainText("$32.00");
  await expect(blend).toContainText("Grind: Drip Grind");
  await expect(blend).toContainText("Weight: 12 oz");
  const sampler = summary(page).getByRole("listitem").filter({ hasText: "1 × Tea Lover's Sampler" });
  await expect(sampler).toContainText("$42.00");
  await expect(sampler).toContainText("1 × Highland Breakfast Tea — 50 g Tin");
  await expect(sampler).toContainText("1 × Chamomile Honeybush — 50 g Tin");
  for (const label of ["Subtotal", "Shipping", "Tax", "Total"]) {
    await expect(summary(page).getByText(label, { exact: true })).toBeVisible();
  }
  // Subtotal and, before any shipping is known, the total.
  await expect(summary(page).getByRole("definition").first()).toHaveText("$74.00");
  await expect(summary(page).getByRole("definition").last()).toHaveText("$74.00");
}

async function top(page: Page, locator: ReturnType<Page["getByRole"]>) {
  const box = await locator.boundingBox();
  expect(box, "laid out on the page").not.toBeNull();
  return box!;
}

test.describe("checkout summary on a phone", () => {
  test.use({ viewport: PHONE });

  test("the summary comes before Pay Now, opens to each line's options, quantity and price, and has the discount box", async ({ page }) => {
    await checkoutWithBundle(page);
    const disclosure = summary(page).getByRole("button", { name: "Show order summary $74.00" });
    await expect(disclosure).toHaveAttribute("aria-expanded", "false");
    expect((await top(page, disclosure)).y + (await top(page, disclosure)).height).toBeLessThan((await top(page, payNow(page))).y);
    await expect(summary(page).getByLabel("Discount code")).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/checkout-phone-closed.png", fullPage: true });

    await disclosure.click();
    await expect(summary(page).getByRole("button", { name: "Hide order summary $74.00" })).toHaveAttribute("aria-expanded", "true");
    await expectLinesPriced(page);
    const whole = await top(page, summary(page));
    const code = await top(page, summary(page).getByLabel("Discount code"));
    const pay = await top(page, payNow(page));
    expect(whole.y + whole.height).toBeLessThan(pay.y);
    expect(code.y).toBeLessThan(pay.y);
    // Nothing of the summary runs past the phone's width.
    expect(whole.x + whole.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/checkout-phone-open.png", fullPage: true });

    // A code applied from the open summary is priced by the server there, above the form, and the disclosure's
    // total follows the server's.
    await summary(page).getByLabel("Discount code").fill("SAVE15");
    await summary(page).getByRole("button", { name: "Apply" }).click();
    await expect(summary(page).getByText("Discount (SAVE15)")).toBeVisible();
    await fillDetails(page);
    await page.getByRole("radio", { name: /Standard Shipping/ }).check();
    // 15 % of $74.00 is $11.10, capped at $10.00; $64.00 ships free, and 7.25 % tax is $4.64.
    await expect(summary(page).getByText("-$10.00")).toBeVisible();
    await expect(summary(page).getByRole("definition").last()).toHaveText("$68.64");
    await summary(page).getByRole("button", { name: "Hide order summary $68.64" }).click();
    await expect(summary(page).getByRole("button", { name: "Show order summary $68.64" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("checkout summary on a wide screen", () => {
  test.use({ viewport: DESKTOP });

  test("the summary stays beside the form, open, with each line's price", async ({ page }) => {
    await checkoutWithBundle(page);
    await expect(summary(page).getByRole("button", { name: /order summary/ })).toBeHidden();
    await expect(summary(page).getByRole("heading", { name: "Order summary" })).toBeVisible();
    await expectLinesPriced(page);
    const aside = await top(page, summary(page));
    const form = await top(page, page.getByRole("form", { name: "Checkout" }));
    expect(aside.x).toBeGreaterThanOrEqual(form.x + form.width);
    expect(Math.abs(aside.y - form.y)).toBeLessThan(40);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/checkout-desktop.png", fullPage: true });
  });
});
