import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP, PHONE } from "./viewports";

/** Sumatra, 12 oz whole bean: no other journey counts its stock. */
const SKU = "SUM-12OZ-WB";
const EMAIL = "guest.lookup@example.com";
const NOT_FOUND = "No order matches that number and email. Check both against your confirmation email.";

/** The lookup form, apart from the footer's newsletter box, which also asks for an email. */
const lookupForm = (page: Page) => page.getByRole("form", { name: "Find an order" });

async function lookUp(page: Page, number: string, email: string) {
  await lookupForm(page).getByLabel("Order number").fill(number);
  await lookupForm(page).getByLabel("Email").fill(email);
  await lookupForm(page).getByRole("button", { name: "Find Order" }).click();
}

test("a guest finds their order's status and tracking link by number and email, from a fresh browser", async ({ page, browser }) => {
  const number = await placeOrder(page, EMAIL, SKU);

  // The confirmation email says where to look.
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  await mailbox.goto("/dev/mailbox");
  const mail = mailbox.getByRole("article").filter({ hasText: `Order #${number} confirmed` });
  await expect(mail).toContainText(`Check your order's status: ${new URL("/orders/lookup", page.url()).href}`);

  const guest = await browser.newContext();
  const shopper = await guest.newPage();
  await shopper.setViewportSize(PHONE);
  await shopper.goto("/login");
  await shopper.getByRole("link", { name: "Check an order's status" }).click();
  await expect(shopper.getByRole("heading", { name: "Order status" })).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);

  await lookUp(shopper, `#${number}`, EMAIL.toUpperCase());
  await expect(shopper.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(shopper.getByText("Status: Paid")).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);

  // Malformed input is named beside its field.
  await lookUp(shopper, "abc", "not-an-email");
  await expect(shopper.getByText("Order number must be the number from your confirmation email")).toBeVisible();
  await expect(shopper.getByText("Invalid email address")).toBeVisible();
  await expect(lookupForm(shopper).getByLabel("Order number")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(shopper);

  // A known number with another email and an unknown number answer the same.
  await lookUp(shopper, number, "someone.else@example.com");
  await expect(shopper.getByRole("alert")).toHaveText(NOT_FOUND);
  await lookUp(shopper, String(Number(number) + 5000), "someone.else@example.com");
  await expect(shopper.getByRole("alert")).toHaveText(NOT_FOUND);
  const [unknown, wrongEmail] = await Promise.all([
    shopper.request.post("/api/orders/lookup", { data: { store_id: "demo", order_number: Number(number) + 5000, email: "x@example.com" } }),
    shopper.request.post("/api/orders/lookup", { data: { store_id: "demo", order_number: Number(number), email: "x@example.com" } }),
  ]);
  expect(unknown.status()).toBe(404);
  expect(wrongEmail.status()).toBe(404);
  expect(await wrongEmail.text()).toBe(await unknown.text());

  // Once the owner ships it, the lookup links the parcel.
  const desk = await owner.newPage();
  await desk.goto(`/admin/orders/${number}`);
  const ship = desk.getByRole("region", { name: "Ship the order" });
  await ship.getByLabel("Carrier").selectOption("UPS");
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456785");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(desk.getByRole("status")).toHaveText("Order marked shipped; the customer was emailed.");
  await owner.close();

  // By keyboard alone, at desktop width.
  await shopper.setViewportSize(DESKTOP);
  await shopper.goto("/orders/lookup");
  await lookupForm(shopper).getByLabel("Order number").focus();
  await shopper.keyboard.type(number);
  await shopper.keyboard.press("Tab");
  await expect(lookupForm(shopper).getByLabel("Email")).toBeFocused();
  await shopper.keyboard.type(EMAIL);
  await shopper.keyboard.press("Enter");
  await expect(shopper.getByText("Status: Fulfilled")).toBeVisible();
  await expect(shopper.getByText(/with UPS, tracking number 1Z999AA10123456785/)).toBeVisible();
  await expect(shopper.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute("href", /ups\.com\/track\?tracknum=1Z999AA10123456785/);
  await expectNoSeriousA11yViolations(shopper);
  await guest.close();
});

test("the lookup form works before JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/orders/lookup");
  await lookUp(page, "999999", "nobody@example.com");
  await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
  await context.close();
});
