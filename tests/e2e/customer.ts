/** A shopper's own account, as the journeys make one: a fresh address, signed up and signed in through the pages. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** An address no other journey (nor another run on the same shop) has used. */
export function uniqueEmail(name: string) {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up with `email` on /signup, then signs in: the page ends on the profile card. */
export async function signUpAndIn(page: Page, email: string, { password, firstName, lastName }: { password: string; firstName: string; lastName: string }) {
  await page.goto("/signup");
  const main = page.getByRole("main");
  await main.getByLabel("First Name", { exact: true }).fill(firstName);
  await main.getByLabel("Last Name", { exact: true }).fill(lastName);
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?created=1$/);
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("group", { name: "Your profile" })).toBeVisible();
}
