/**
 * Starting clean (issue 37, decision 0067): a new owner who chooses an empty shop on the setup page finds no demo
 * product, code or review in it; another removes the demo content from the demo shop after its preview. The other
 * journeys need the demo on their worker's shop, so each of these runs a new shop of its own, `npm start` in a fresh
 * data folder on a port beside the worker's (reviews.spec.ts takes +1000, server-lifecycle.spec.ts +2000 and +3000).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { BUILD_DIR } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./a11y";
import { currentShop, expect, test } from "./fixtures";
import { E2E_OWNER } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

type OwnShop = { url: string; setupLink: string; stop(): void };

/** A new shop as `npm start` makes it, with the setup link it prints. */
async function startNewShop(offset: number): Promise<OwnShop> {
  const port = currentShop().port + offset;
  const url = `http://localhost:${port}`;
  const dataDir = path.resolve(`test-results/e2e-start-clean-${port}`);
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
async function axeAtBothWidths(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
}

async function setUpOwner(page: Page, shop: OwnShop, start: "The demo shop" | "An empty shop") {
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

/** The shop's home, its search and the owner's lists hold nothing of the demo. */
async function expectNoDemo(page: Page, shop: OwnShop) {
  await page.goto(`${shop.url}/`);
  await expect(page.getByRole("heading", { name: "Welcome to My shop", level: 1 })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/Tidewater|House Blend|Testimonials|What our customers say/);
  await axeAtBothWidths(page);
  await page.goto(`${shop.url}/search?query=coffee&type=search`);
  await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
  await page.goto(`${shop.url}/admin/products`);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/House Blend|Dripper|Sencha/);
  await axeAtBothWidths(page);
  await page.goto(`${shop.url}/admin/discounts`);
  await expect(page.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/TENOFF|FREESHIP|SAVE15/);
  await page.goto(`${shop.url}/admin/reviews`);
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/Fiona G\.|Proper strong tea|Grace P\./);
}

test.describe("a new owner who chooses an empty shop", () => {
  let shop: OwnShop;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    shop = await startNewShop(4000);
  });
  test.afterAll(() => shop?.stop());

  test("finds no demo product, discount code or review in it", async ({ page }) => {
    test.setTimeout(150_000);
    await setUpOwner(page, shop, "An empty shop");
    await expectNoDemo(page, shop);
    // Nothing is left to remove, so Store settings does not offer it.
    await page.goto(`${shop.url}/admin/settings`);
    await expect(page.getByRole("heading", { name: "Store settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove the demo content…" })).toHaveCount(0);
  });
});

test.describe("an owner who started with the demo", () => {
  let shop: OwnShop;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    shop = await startNewShop(5000);
  });
  test.afterAll(() => shop?.stop());

  test("removes the demo content from Store settings after its preview", async ({ page }) => {
    test.setTimeout(150_000);
    await setUpOwner(page, shop, "The demo shop");
    await page.goto(`${shop.url}/`);
    await expect(page.locator("body")).toContainText("Tidewater");

    await page.goto(`${shop.url}/admin/settings`);
    await page.getByRole("link", { name: "Remove the demo content…" }).click();
    await expect(page.getByRole("heading", { name: "Remove the demo content", level: 1 })).toBeVisible();
    const going = page.getByRole("region", { name: "What goes" });
    await expect(going.getByRole("heading", { name: "Products (18)" })).toBeVisible();
    await expect(going).toContainText("Tidewater House Blend");
    for (const code of ["TENOFF", "FREESHIP", "SAVE15"]) await expect(going.getByRole("listitem").filter({ hasText: code })).toHaveCount(1);
    await expect(going).toContainText("Brewing Better Coffee at Home");
    await expect(going).toContainText("About Tidewater");
    await expect(going).toContainText("Minimum order: $20.00 → none");
    await axeAtBothWidths(page);

    await page.getByRole("button", { name: "Remove the demo content" }).click();
    await expect(page.getByText("The demo content was removed. Orders and customers are kept.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove the demo content…" })).toHaveCount(0);
    await axeAtBothWidths(page);
    await expectNoDemo(page, shop);
  });
});
