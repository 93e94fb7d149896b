import { defineConfig, devices } from "@playwright/test";

const basePort = Number(process.env.E2E_PORT ?? 4173);
// Two shops, a worker on each (decision 0048): on two cores the journeys took 8.2 min where one worker took 11.0,
// because one worker leaves a core idle whenever its journey waits (a shop's minute job, a mail, a server start).
// `E2E_SHOPS=1` runs them one after another.
const shopCount = Number(process.env.E2E_SHOPS ?? 2);

export interface E2EShop {
  index: number;
  port: number;
  url: string;
  dataDir: string;
}

/**
 * The freshly seeded shops the journeys run against, one per worker (tests/e2e/fixtures.ts's shopFor): a journey
 * changes its shop (orders, stock, settings), so two workers never share one. Each shop has its own data folder.
 */
export const E2E_SHOPS: E2EShop[] = Array.from({ length: shopCount }, (_, index) => {
  const port = basePort + index;
  return { index, port, url: `http://localhost:${port}`, dataDir: `test-results/e2e-data-${port}` };
});

/** One production build for every shop, where scripts/test.sh builds it before the journeys. */
export const BUILD_DIR = `build-e2e-${basePort}`;

/** Journeys run against the production build in Debian's Chromium, on freshly seeded shops. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${basePort}`,
  // A file is the unit a worker takes: its journeys run in order on that worker's shop.
  fullyParallel: false,
  workers: E2E_SHOPS.length,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? "list" : [["list"]],
  // A journey is a whole errand with axe scans at two widths; speed is measured by the benchmarks, not here, so the
  // limit only stops a journey that hangs, on a two-core machine that may be busy.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    // No baseURL here: each worker's is its own shop's (tests/e2e/fixtures.ts).
    // A failed journey keeps its trace: actions, console, network and the screencast. Not the DOM snapshot Playwright
    // takes before and after every action: those cost about a tenth of the journeys' time (decision 0048).
    trace: { mode: "retain-on-failure", snapshots: false },
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // A fresh shop has no staff: its first run makes the owner the other journeys sign in as (tests/e2e/owner.ts),
    // on every shop.
    { name: "first-run", testMatch: "first-run.spec.ts", use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "chromium",
      testIgnore: "first-run.spec.ts",
      dependencies: ["first-run"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  // Playwright starts these one after another, each once the one before is ready: a shop that finds the build
  // missing or stale builds it, and the next finds it built rather than building into the same folder at once.
  webServer: E2E_SHOPS.map((shop) => ({
    command: `rm -rf ${shop.dataDir} && node scripts/start.mjs`,
    url: `${shop.url}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(shop.port),
      DATA_DIR: shop.dataDir,
      BUILD_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PUBLIC_URL: shop.url,
    },
  })),
});
