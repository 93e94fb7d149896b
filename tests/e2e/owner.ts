/**
 * The e2e shops' owner. A shop starts without staff; the first-run journey (first-run.spec.ts, which Playwright runs
 * before every other spec) creates this owner on every shop through its setup link and keeps the signed-in browser
 * state, one file per shop, so the other journeys open the owner's pages (/admin, /dev/mailbox in production) without
 * signing in again: every sign-in counts against the shared limits on sign-in attempts.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, BrowserContext, TestInfo } from "@playwright/test";
import type { E2EShop } from "../../playwright.config";
import { currentShop, shopFor } from "./fixtures";

/** Where the first run keeps the owner's signed-in browser state for `shop`. */
const ownerStateOf = (shop: E2EShop) => `test-results/e2e-owner-${shop.port}.json`;

/** The owner's signed-in state on the running test's shop, for a context the test opens itself. */
export function ownerState(): string {
  return ownerStateOf(currentShop());
}

/**
 * `test.use({ storageState: OWNER_STATE })`: the test's pages are the owner's, on its own shop. A fixture, since the
 * shop is known only once a worker runs the test.
 */
// Playwright reads the fixtures a function needs from its first parameter's pattern: this one needs none.
// eslint-disable-next-line no-empty-pattern
export const OWNER_STATE = async ({}, provideState: (file: string) => Promise<void>, testInfo: TestInfo) =>
  provideState(ownerStateOf(shopFor(testInfo)));

export const E2E_OWNER = { email: "olive@example.com", name: "Olive Owner", password: "a long owner passphrase" };

const run = promisify(execFile);

/** The owner's command as the owner runs it beside the running test's shop (its DATA_DIR): handed to it. */
export async function ownerCommand(args: string[], input?: string): Promise<string> {
  const shop = currentShop();
  const child = run(process.execPath, ["--import", "tsx", "scripts/shop.ts", ...args], {
    env: { ...process.env, DATA_DIR: shop.dataDir, PUBLIC_URL: shop.url, NODE_ENV: "production" },
  });
  child.child.stdin!.end(input ?? "");
  return (await child).stdout;
}

/** A browser context signed in as the owner: their pages open as they would in the owner's own browser. */
export function ownerContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ storageState: ownerState() });
}
