import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SIGNED_UP_MESSAGE } from "../../core/account-messages";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { placeOrder } from "./place-order";

const PASSWORD = "roasted beans 42";

function uniqueEmail(name: string) {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signup");
  await page.getByRole("main").getByLabel("First Name", { exact: true }).fill("Grace");
  await page.getByRole("main").getByLabel("Last Name", { exact: true }).fill("Hopper");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?created=1$/);
}

async function newestMail(browser: Browser, email: string, kind: string, subject: string): Promise<string> {
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  const mail = mailbox.getByRole("article").filter({ hasText: `To ${email}` }).filter({ hasText: kind }).first();
  // The shop sends the mail just after answering the request, so the mailbox may need a second look.
  await expect(async () => {
    await mailbox.goto("/dev/mailbox");
    await expect(mail).toContainText(subject, { timeout: 1000 });
  }).toPass();
  const text = (await mail.textContent())!;
  await owner.close();
  return text;
}

/** The link of the newest password-reset email to `email`. */
async function resetLinkFor(browser: Browser, email: string): Promise<string> {
  const text = await newestMail(browser, email, "password-reset", "Reset your");
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(text);
  expect(link, "reset link in the mail").not.toBeNull();
  return new URL(link![1]).pathname + new URL(link![1]).search;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a shopper signs up, signs in, sees the profile and logs out", async ({ page }) => {
  // Sign-up, two sign-ins, a whole checkout and six accessibility scans: longer than one page's budget.
  test.setTimeout(120_000);
  const email = uniqueEmail("grace");
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signUp(page, email);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(SIGNED_UP_MESSAGE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
  await expectNoSeriousA11yViolations(page);

  await signIn(page, email, "not my password");
  const alert = page.getByRole("dialog", { name: "Account Not Found" });
  await expect(alert).toBeVisible();
  await expect(alert.getByText("Please check your email and password and try again.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toBeHidden();

  await signIn(page, email.toUpperCase());
  const card = page.getByRole("group", { name: "Your profile" });
  await expect(card.getByText("Grace Hopper")).toBeVisible();
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText("Account Status")).toBeVisible();
  await expect(card.getByText("Active")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Account (signed in)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const number = await placeOrder(page, email);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your Profile" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Orders" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Order #${number}` });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("$40.31");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("link", { name: `Order #${number}` }).click();
  await expect(page.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText("House Blend").first()).toBeVisible();
  await expect(page.getByText("1 Main St")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "← Back to your profile" }).click();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("/profile and order pages redirect to /login when signed out", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/profile/orders/1001");
  await expect(page).toHaveURL(/\/login$/);
});

test("signing up with an email that has an account looks like any sign-up, changes nothing and mails its owner", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("again");
  await signUp(page, email);
  // The address bar moves before the sign-in page has drawn, so read the answer once its words are there.
  await expect(page.getByText(SIGNED_UP_MESSAGE)).toBeVisible();
  const firstAnswer = await page.getByRole("main").textContent();
  // Someone else, with another password: the same page and words, and nobody is signed in.
  await signUp(page, email, "someone else's 99");
  await expect(page.getByText(SIGNED_UP_MESSAGE)).toBeVisible();
  expect(await page.getByRole("main").textContent()).toBe(firstAnswer);
  await expect(page.getByRole("banner").getByRole("link", { name: "Account", exact: true })).toBeVisible();

  const mail = await newestMail(browser, email, "signup-attempt", "Someone tried to create");
  expect(mail).toContain("You already have an account");
  expect(mail).toMatch(/\/login/);
  expect(mail).toMatch(/\/reset-password\?token=/);

  await signIn(page, email, "someone else's 99");
  await expect(page.getByRole("dialog", { name: "Account Not Found" })).toBeVisible();
  await page.getByRole("dialog", { name: "Account Not Found" }).getByRole("button", { name: "OK" }).click();
  await signIn(page, email);
  await expect(page.getByText("Account Status")).toBeVisible();
});

test("the forgot-password page answers the same for any email and the reset page refuses a bad link", async ({ page }) => {
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expect(
    page.getByText("Enter your email address and we'll send you instructions to reset your password."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByText("This reset link is invalid or has expired. Please request a new one.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  await expectNoSeriousA11yViolations(page);
});

test("a forgotten password is reset through the emailed link, which works once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("forgetful");
  await signUp(page, email);
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();

  const link = await resetLinkFor(browser, email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const main = page.getByRole("main");
  await main.getByLabel("New Password", { exact: true }).fill("password1");
  await main.getByLabel("Confirm New Password", { exact: true }).fill("password1");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("This password is too common. Please choose a less common password.")).toBeVisible();
  await main.getByLabel("New Password", { exact: true }).fill("fresh kettle 77");
  await main.getByLabel("Confirm New Password", { exact: true }).fill("fresh kettle 77");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText("Your password has been changed. Please sign in with your new password.")).toBeVisible();

  await signIn(page, email);
  await expect(page.getByRole("dialog", { name: "Account Not Found" })).toBeVisible();
  await page.getByRole("dialog", { name: "Account Not Found" }).getByRole("button", { name: "OK" }).click();
  await signIn(page, email, "fresh kettle 77");
  await expect(page.getByText("Account Status")).toBeVisible();

  await page.goto(link);
  await expect(page.getByText("This reset link is invalid or has expired. Please request a new one.")).toBeVisible();
});

test("the guest cart joins the account at sign-in and stays with it after logout", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("cart");
  await signUp(page, email);
  const cartButton = page.getByRole("banner").getByRole("button", { name: /^Cart/ });
  const saved = await page.request.post("/api/cart-items", {
    data: { cartItems: [{ kind: "product", sku: DEMO.subscriptions.houseBlend.sku, quantity: 2 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto("/login");
  await expect(cartButton).toHaveAccessibleName("Cart, 2 items");
  await signIn(page, email);
  await expect(page.getByText("Account Status")).toBeVisible();
  await expect(cartButton).toHaveAccessibleName("Cart, 2 items");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toBeVisible();
  await expect(cartButton).toHaveAccessibleName("Cart");

  // A new guest cart: one more bag, merged into the saved two at sign-in.
  const guest = await page.request.post("/api/cart-items", {
    data: { cartItems: [{ kind: "product", sku: DEMO.subscriptions.houseBlend.sku, quantity: 1 }] },
  });
  expect(guest.status(), await guest.text()).toBe(200);
  await page.reload();
  await expect(cartButton).toHaveAccessibleName("Cart, 1 item");
  await signIn(page, email);
  await expect(page.getByText("Account Status")).toBeVisible();
  await expect(cartButton).toHaveAccessibleName("Cart, 3 items");
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-up and sign-in forms work and show their errors", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/signup");
    await page.getByRole("main").getByLabel("First Name", { exact: true }).fill("Ada");
    await page.getByRole("main").getByLabel("Last Name", { exact: true }).fill("Lovelace");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue(email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/login\?created=1$/);

    await signIn(page, email, "wrong password");
    await expect(page.getByText("Account not found. Please check your email and password and try again.")).toBeVisible();
    await signIn(page, email);
    await expect(page.getByText("Account Status")).toBeVisible();
  });
});
