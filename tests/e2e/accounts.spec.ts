import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";

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

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a shopper signs up, signs in, sees the profile and logs out", async ({ page }) => {
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
  await expect(page.getByText("Your account has been created. Please sign in.")).toBeVisible();
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
  await expectNoSeriousA11yViolations(page);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your Profile" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Orders" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
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
