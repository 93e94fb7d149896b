/**
 * A shop of a journey's own, as `npm start` makes it in a fresh data folder on a port beside the worker's, for the
 * journeys whose shop must differ from the worker's demo shop (start-clean.spec.ts takes +4000 and +5000,
 * shop-pages.spec.ts +6000; reviews.spec.ts takes +1000, server-lifecycle.spec.ts +2000 and +3000).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { BUILD_DIR } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./a11y";
import { currentShop, expect } from "./fixtures";
import { E2E_OWNER } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

export type OwnShop = { url: string; setupLink: string; stop(): void };

/** A new shop as `npm start` makes it, with the setup link it prints. */
export async function startNewShop(offset: number): Promise<OwnShop> {
  const port = currentShop().port + offset;
  const url = `http://localhost:${port}`;
  const dataDir = path.resolve(`test-results/e2e-own-shop-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: "warn" },
  });
  let output = "";
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => /http\S+\/admin\/setup\?token=\S+/.exec(output)?.[0], { timeout: 100_000 }).toBeTruthy();
  return { url, setupLink: /http\S+\/admin\/setup\?token=\S+/.exec(output)![0], stop: () => server.kill("SIGTERM") };
}

/** Both widths the issue was walked at, ending at the laptop's. */
export async function axeAtBothWidths(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
}

export async function setUpOwner(page: Page, shop: OwnShop, start: "The demo shop" | "An empty shop") {
  await page.goto(shop.setupLink);
  await expect(page.getByRole("group", { name: "Start with the demo shop or an empty one?" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "The demo shop" })).toHaveAccessibleDescription(/Sample coffee products, bundles, blog posts, reviews and discount codes/);
  await expect(page.getByRole("radio", { name: "An empty shop" })).toHaveAccessibleDescription(/Your own products from the start/);
  await axeAtBothWidths(page);
  await page.getByLabel("Email").fill(E2E_OWNER.email);
  await page.getByLabel("Name").fill(E2E_OWNER.name);
  await page.getByLabel("Password", { exact: true }).fill(E2E_OWNER.password);
  await page.getByLabel("Confirm password").fill(E2E_OWNER.password);
  await page.getByRole("radio", { name: start }).check();
  await page.getByRole("button", { name: "Create the owner and sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${E2E_OWNER.name}` })).toBeVisible();
}
