/**
 * The back office's staff and security screens (issue 21), as an owner and a fulfilment member use them, on a phone
 * and a laptop, each screen scanned by axe. The owner is the one the first-run journey made (first-run.spec.ts).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { E2E_OWNER as OWNER } from "./owner";
import { PHONE } from "./viewports";

const PACKER = { email: "pat@example.com", name: "Pat Packer", password: "a long packing passphrase" };

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office" });

test.describe.configure({ mode: "serial" });

test("the owner signs in, adds a packer, makes and revokes a token, finds it all in the audit trail, signs out", async ({ page }) => {
  await page.goto("/admin/staff");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fstaff$/);
  await expectNoSeriousA11yViolations(page);
  await signIn(page, { ...OWNER, password: "not the password" });
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const add = page.getByRole("region", { name: "Add a staff member" });
  await add.getByLabel("Email").fill(PACKER.email);
  await add.getByLabel("Name").fill(PACKER.name);
  await add.getByLabel("Role").selectOption("fulfilment");
  await add.getByLabel("Initial password").fill(PACKER.password);
  await add.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByRole("status")).toHaveText("Staff member added.");
  const packerCard = page.getByRole("listitem").filter({ hasText: PACKER.email });
  await expect(packerCard).toContainText("Fulfilment");

  // The last owner stays: the server's refusal is shown where it was asked.
  const ownerCard = page.getByRole("listitem").filter({ hasText: OWNER.email });
  await ownerCard.getByRole("link", { name: `Remove ${OWNER.name}` }).click();
  await expect(ownerCard.getByText(`Remove ${OWNER.name}?`)).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await ownerCard.getByRole("button", { name: `Remove ${OWNER.name}` }).click();
  await expect(ownerCard.getByRole("alert")).toHaveText("The store's last owner cannot be removed or given another role");

  await nav(page).getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await page.getByLabel("Name").fill("Stock sync");
  await page.getByLabel("Role").selectOption("manager");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = page.getByRole("region", { name: "New token" }).getByLabel("Token");
  await expect(token).toHaveValue(/^shop_admin_/);
  await expectNoSeriousA11yViolations(page);
  const tokenCard = page.getByRole("listitem").filter({ hasText: "Stock sync" });
  await tokenCard.getByRole("link", { name: "Revoke Stock sync" }).click();
  await expect(page.getByRole("region", { name: "New token" })).toHaveCount(0);
  await tokenCard.getByRole("button", { name: "Revoke Stock sync" }).click();
  await expect(page.getByRole("status")).toHaveText("Token revoked.");
  await expect(tokenCard.getByRole("definition").nth(3)).not.toHaveText("No");

  await nav(page).getByRole("link", { name: "Audit trail" }).click();
  const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
  await expect(events.nth(0).getByRole("heading")).toHaveText("token.revoke · token #1");
  await expect(events.nth(1).getByRole("heading")).toHaveText("token.create · token #1");
  await expect(events.nth(2).getByRole("heading")).toContainText("staff.create · staff");
  await expect(events.nth(0).getByRole("row", { name: /^Revoked / }).getByRole("cell").first()).toHaveText("—");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/^Entity/).fill("staff");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/entity=staff/);
  await expect(events).toHaveCount(2);

  await nav(page).getByRole("link", { name: "Your account" }).click();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByText("Or use the setup address (otpauth)")).toBeVisible();
  await expect(page.getByLabel("Code from your authenticator app")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await nav(page).getByRole("link", { name: "Home", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${OWNER.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
});

test("a fulfilment member on a phone sees its own screens and is refused staff and tokens", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/admin/login");
  await signIn(page, PACKER);
  await expect(page.getByRole("heading", { name: `Welcome, ${PACKER.name}` })).toBeVisible();
  // On a phone the back office's navigation is a menu to open; the role's groups alone are in it.
  await nav(page).getByText("Menu").click();
  await expect(nav(page).getByRole("heading")).toHaveText(["Sales", "Inbox"]);
  await expect(nav(page).getByRole("link")).toHaveText(["Home", "Orders", "Drafts", "Returns", "Subscriptions", "Customers", "Messages", "Subscribers", "Your account"]);
  await expectNoSeriousA11yViolations(page);
  // Nothing on the phone's page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  for (const path of ["/admin/staff", "/admin/tokens"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await nav(page).getByText("Menu").click();
  await nav(page).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByText(PACKER.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner signs in, changes a role, and a Remove link only asks", async ({ page }) => {
    await page.goto("/admin/login");
    await signIn(page, OWNER);
    await expect(page.getByRole("heading", { name: `Welcome, ${OWNER.name}` })).toBeVisible();
    await nav(page).getByRole("link", { name: "Staff" }).click();
    const packerCard = page.getByRole("listitem").filter({ hasText: PACKER.email });
    await packerCard.getByLabel("Role").selectOption("manager");
    await packerCard.getByRole("button", { name: `Change role of ${PACKER.name}` }).click();
    await expect(page.getByRole("status")).toHaveText("Role changed.");
    await expect(packerCard).toContainText("Manager");
    await packerCard.getByRole("link", { name: `Remove ${PACKER.name}` }).click();
    await packerCard.getByRole("link", { name: "Cancel" }).click();
    await expect(packerCard).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("status")).toHaveText("You are signed out.");
  });
});
