import { type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";

/** Where the checkout ships to: Sacramento unless a journey names another address. */
export type ShipTo = { line1: string; city: string; state: string; zip: string };
const SACRAMENTO: ShipTo = { line1: "1 Main St", city: "Sacramento", state: "CA", zip: "95814" };

/**
 * Two units of each of `skus` (House Blend unless named: over the $20 minimum order either way) bought through the checkout
 * with the test card by a guest or the signed-in page, shipped to `shipTo`; the order's number. `beforePaying` looks
 * at the filled-in checkout (its quote) before the card is paid.
 */
export async function placeOrder(
  page: Page,
  email: string,
  skus: string | readonly string[] = DEMO.subscriptions.houseBlend.sku,
  { shipTo = SACRAMENTO, beforePaying }: { shipTo?: ShipTo; beforePaying?: (page: Page) => Promise<void> } = {},
): Promise<string> {
  const cartItems = [skus].flat().map((sku) => ({ kind: "product", sku, quantity: 2 }));
  return buyCart(page, email, cartItems, /\/checkout\?session_id=cs_/, undefined, shipTo, beforePaying);
}

/**
 * Two bags of House Blend every two weeks, subscribed to through the checkout and paid with `card` (a test card);
 * the first order's number.
 */
export async function placeSubscriptionOrder(page: Page, email: string, card = "4242 4242 4242 4242"): Promise<string> {
  const { sku, everyTwoWeeks } = DEMO.subscriptions.houseBlend;
  return buyCart(page, email, [{ kind: "product", sku, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }], /\/checkout$/, card);
}

/** The cart stored with `cartItems`, checked out from the cart drawer (to `checkoutAddress`) and paid. */
async function buyCart(
  page: Page,
  email: string,
  cartItems: object[],
  checkoutAddress: RegExp,
  card = "4242 4242 4242 4242",
  shipTo = SACRAMENTO,
  beforePaying?: (page: Page) => Promise<void>,
): Promise<string> {
  await page.goto("/");
  const cart = await page.request.post("/api/cart-items", { data: { cartItems } });
  expect(cart.status(), await cart.text()).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: /^Cart/ }).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(checkoutAddress);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Full name").fill("Grace Hopper");
  await form.getByLabel("Address", { exact: true }).fill(shipTo.line1);
  await form.getByLabel("City").fill(shipTo.city);
  await form.getByLabel("State").fill(shipTo.state);
  await form.getByLabel("ZIP code").fill(shipTo.zip);
  await page.getByRole("radio", { name: /Standard Shipping/ }).check();
  await beforePaying?.(page);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/Order number: \d+/).textContent())!.match(/\d+/)![0];
}

/** What the checkout would charge now for `items` shipped by Standard Shipping to `address`, in cents; nothing is bought. */
export async function previewQuote(
  page: Page,
  address: { line1: string; city: string; state: string; postal_code: string; country: string },
  items: { sku: string; quantity: number; subscription?: string }[],
) {
  const cartItems = items.map(({ sku, quantity, subscription }) => ({ kind: "product", sku, quantity, ...(subscription === undefined ? {} : { subscription: { subscription_id: subscription } }) }));
  const cart = await page.request.post("/api/cart-items", { data: { cartItems } });
  expect(cart.status()).toBe(200);
  const preview = await page.request.post("/api/stripe/preview_tax_and_shipping", {
    data: { address, shipping_option: "standard", email: "quote@example.com", store_id: "demo", fullName: "Quote", checkout_items: items },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  return ((await preview.json()) as { price_info: { subtotal: number; discount: number; shipping: number; tax: number } }).price_info;
}
