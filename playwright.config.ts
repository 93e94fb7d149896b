import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

/** Journeys run against the production build in Debian's Chromium, on a freshly seeded shop. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? "list" : [["list"]],
  // A journey is a whole errand with axe scans at two widths; speed is measured by the benchmarks, not here, so the
  // limit only stops a journey that hangs, on a two-core machine that may be busy.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
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
    // A fresh shop has no staff: its first run makes the owner the other journeys sign in as (tests/e2e/owner.ts).
    { name: "first-run", testMatch: "first-run.spec.ts", use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "chromium",
      testIgnore: "first-run.spec.ts",
      dependencies: ["first-run"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: `rm -rf test-results/e2e-data-${port} && node scripts/start.mjs`,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: `test-results/e2e-data-${port}`,
      BUILD_DIR: `build-e2e-${port}`,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
    },
  },
});
