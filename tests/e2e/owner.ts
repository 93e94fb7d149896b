/**
 * The e2e shop's owner. The shop starts without staff; the first-run journey (first-run.spec.ts, which Playwright
 * runs before every other spec) creates this owner through the setup link and keeps the signed-in browser state, so
 * the other journeys open the owner's pages (/admin, /dev/mailbox in production) without signing in again: every
 * sign-in counts against the shared limits on sign-in attempts.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, BrowserContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";

/** Where the first run keeps the owner's signed-in browser state. */
export const OWNER_STATE = `test-results/e2e-owner-${new URL(baseURL).port}.json`;

export const E2E_OWNER = { email: "olive@example.com", name: "Olive Owner", password: "a long owner passphrase" };

const run = promisify(execFile);

/** The owner's command as the owner runs it beside the e2e shop (playwright.config.ts's DATA_DIR): handed to it. */
export async function ownerCommand(args: string[], input?: string): Promise<string> {
  const port = new URL(baseURL).port;
  const child = run(process.execPath, ["--import", "tsx", "scripts/shop.ts", ...args], {
    env: { ...process.env, DATA_DIR: `test-results/e2e-data-${port}`, PUBLIC_URL: baseURL, NODE_ENV: "production" },
  });
  child.child.stdin!.end(input ?? "");
  return (await child).stdout;
}

/** A browser context signed in as the owner: their pages open as they would in the owner's own browser. */
export function ownerContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ storageState: OWNER_STATE });
}
