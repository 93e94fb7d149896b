/**
 * A staff member's own security (issue 37, decision 0070), in a real browser at 390 and 1280 px with axe on every
 * screen: two-step sign-in set up from the QR code beside the key, the backup codes shown once and one used to sign
 * in, a set made anew; a password changed (another browser is signed out); a reset link the owner emails from the
 * staff screen, used once; and "Forgot your password?" at the sign-in page. The owner is the first run's (owner.ts).
 */
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerContext } from "./owner";

const PASSWORD = "a long member passphrase";
const NEW_PASSWORD = "another private passphrase";

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The owner adds a member from the staff screen, in the owner's own browser. */
async function addMember(browser: Browser, member: { email: string; name: string }) {
  const owner = await ownerContext(browser);
  const page = await owner.newPage();
  await page.goto("/admin/staff");
  const add = page.getByRole("region", { name: "Add a staff member" });
  await add.getByLabel("Email", { exact: true }).fill(member.email);
  await add.getByLabel("Name", { exact: true }).fill(member.name);
  await add.getByLabel("Role", { exact: true }).selectOption("fulfilment");
  await add.getByLabel("Initial password", { exact: true }).fill(PASSWORD);
  await add.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByRole("status")).toHaveText("Staff member added.");
  await owner.close();
}

/** Waits for the answer: a page loaded while the sign-out is in flight would stop it and keep the member signed in. */
async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The text of the newest mail of `kind` to `email` in the shop's mailbox, read in the owner's browser. */
async function newestMail(browser: Browser, email: string, kind: string): Promise<string> {
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  const mail = mailbox.getByRole("article").filter({ hasText: `To ${email}` }).filter({ hasText: kind }).first();
  // A mail asked for at the sign-in page goes just after the answer, so the mailbox may need a second look.
  await expect(async () => {
    await mailbox.goto("/dev/mailbox");
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass();
  const text = (await mail.textContent())!;
  await owner.close();
  return text;
}

const resetLinkIn = (text: string) => {
  const link = /(http\S+\/admin\/reset-password\?token=[\w-]+)/.exec(text);
  expect(link, "a reset link in the mail").not.toBeNull();
  return new URL(link![1]).pathname + new URL(link![1]).search;
};

/** The ten codes on screen, once the answer that shows them has come. */
async function backupCodesOf(page: Page): Promise<string[]> {
  const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return codes.allTextContents();
}

test("a member sets up two-step sign-in from the QR code, keeps the backup codes and signs in with one", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const member = { email: uniqueEmail("sam"), name: "Sam Second-Step" };
  await addMember(browser, member);
  await signIn(page, member.email, PASSWORD);
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();

  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const qr = page.getByRole("img", { name: "QR code of your two-step sign-in key, for your authenticator app's camera" });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  // The key stays readable beside it, for an app without a camera.
  const uri = (await page.getByText(/^otpauth:\/\/totp\//).textContent())!;
  const secret = new URL(uri).searchParams.get("secret")!;
  await expect(page.getByText(secret.replace(/(.{4})/g, "$1 ").trim(), { exact: true })).toBeVisible();
  await checkAdminScreen(page, "account-two-step-qr");

  await page.getByLabel("Code from your authenticator app").fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("region", { name: "Your backup codes" })).toBeVisible();
  const codes = await backupCodesOf(page);
  expect(codes).toHaveLength(10);
  await expect(page.getByText("10 of 10 left.")).toBeVisible();
  await checkAdminScreen(page, "account-backup-codes");

  // Signing in again: the password, then a backup code in place of the app's, typed and sent from the keyboard.
  await signOut(page);
  await signIn(page, member.email, PASSWORD);
  await page.getByLabel("Authenticator code").focus();
  await page.keyboard.type(codes[0]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();

  await page.goto("/admin/account");
  await expect(page.getByText("9 of 10 left.")).toBeVisible();
  const renew = page.getByRole("button", { name: "Make new backup codes" });
  await page.getByLabel("Code from your authenticator app, or a backup code").first().fill(codes[1]);
  await renew.click();
  const fresh = await backupCodesOf(page);
  expect(fresh).toHaveLength(10);
  expect(fresh.filter((one) => codes.includes(one))).toEqual([]);
  await checkAdminScreen(page, "account-new-backup-codes");

  // A used code, and one of the voided set, are refused at the second step.
  await signOut(page);
  await signIn(page, member.email, PASSWORD);
  await page.getByLabel("Authenticator code").fill(codes[2]);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authenticator code")).toHaveAccessibleDescription("The code is not valid");
  await checkAdminScreen(page, "sign-in-backup-code-refused");
});

test("a member changes the password, the owner emails a reset link, and a forgotten password is asked for at sign-in", async ({ browser, page }) => {
  // Eight screens, each scanned at two sizes, and four browsers: longer than one page's budget.
  test.setTimeout(180_000);
  const member = { email: uniqueEmail("robin"), name: "Robin Reset" };
  await addMember(browser, member);
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, member.email, PASSWORD);
  await expect(elsewhere.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();
  await signIn(page, member.email, PASSWORD);
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();
  await page.goto("/admin/account");

  const passwordSection = page.getByRole("region", { name: "Password" });
  await passwordSection.getByLabel("Current password").fill("not my password");
  await passwordSection.getByLabel("New password").fill(NEW_PASSWORD);
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(passwordSection.getByLabel("Current password")).toHaveAccessibleDescription("The current password is not right");
  await checkAdminScreen(page, "account-password-refused");
  await passwordSection.getByLabel("Current password").fill(PASSWORD);
  await passwordSection.getByLabel("New password").fill(NEW_PASSWORD);
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password is changed. Any other browser signed in as you is signed out.");
  await checkAdminScreen(page, "account-password-changed");
  // The other browser is signed out; this one is not.
  await elsewhere.goto("/admin");
  await expect(elsewhere).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();

  // The owner sends the link from the staff screen.
  const owner = await (await ownerContext(browser)).newPage();
  await owner.goto("/admin/staff");
  await owner.getByRole("button", { name: `Email a password reset link to ${member.name}` }).click();
  await expect(owner.getByRole("status")).toHaveText("A link to choose a new password was emailed. It works once, for an hour.");
  await checkAdminScreen(owner, "staff-reset-sent");
  await owner.context().close();

  const link = resetLinkIn(await newestMail(browser, member.email, "staff-password-reset"));
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await checkAdminScreen(stranger, "reset-password");
  await stranger.getByLabel("New password").fill("password");
  await stranger.getByRole("button", { name: "Set the new password" }).click();
  await expect(stranger.getByLabel("New password")).toHaveAccessibleDescription(/at least 8 characters|too common/);
  await stranger.getByLabel("New password").fill("a third private passphrase");
  await stranger.getByRole("button", { name: "Set the new password" }).click();
  await expect(stranger.getByRole("status")).toHaveText(/Your new password is set/);
  await checkAdminScreen(stranger, "sign-in-after-reset");
  // Every session of the member ended, this browser's too; the link works once.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
  await stranger.goto(link);
  await expect(stranger.getByText("This link to choose a new password is not valid any more")).toBeVisible();
  await checkAdminScreen(stranger, "reset-password-used");
  await signIn(stranger, member.email, "a third private passphrase");
  await expect(stranger.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();

  // Forgot your password? from the sign-in page: the same answer for any address, and the mail to the member.
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await checkAdminScreen(page, "forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  const answer = "If a staff account has this email, a link to choose a new password is on its way. It works once, for 60 minutes.";
  await expect(page.getByRole("status")).toHaveText(answer);
  await checkAdminScreen(page, "forgot-password-sent");
  expect(await newestMail(browser, member.email, "staff-password-reset")).toContain("Someone, probably you, asked");
});
