/**
 * `npm run audit`: Lighthouse (mobile and desktop, median of 3 runs) on the shop's key pages, an axe scan of every
 * route, and first-load JavaScript per route, against the production server started on a fresh demo shop.
 */
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import path from "node:path";
import { measureRouteSizes } from "./bundle-size";
import { startServer } from "./bench/server";

const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);

const LIGHTHOUSE_PAGES = [
  { name: "home", path: "/" },
  { name: "product", path: "/products/house-blend" },
  { name: "bundle", path: "/bundles/pour-over-starter-kit" },
  { name: "search", path: "/search?query=coffee&type=search" },
  { name: "blog post", path: "/blog/brewing-better-coffee-at-home" },
  { name: "checkout", path: "/checkout" },
];

const AXE_ROUTES = [
  "/", "/shop", "/search?query=coffee&type=search", "/products/house-blend", "/bundles/pour-over-starter-kit",
  "/pages/about", "/pages/shipping", "/blog", "/blog/brewing-better-coffee-at-home", "/contact", "/login", "/signup",
  "/forgot-password", "/checkout", "/checkout-confirmation?redirect_status=succeeded", "/verified_review_submission",
  "/no-such-page",
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type RunFigures = { performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; tbtMs: number; cls: number };

async function lighthouseFigures(url: string, preset: "mobile" | "desktop", port: number) {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" }, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    runs.push({
      performance: (categories.performance.score ?? 0) * 100,
      accessibility: (categories.accessibility.score ?? 0) * 100,
      bestPractices: (categories["best-practices"].score ?? 0) * 100,
      seo: (categories.seo.score ?? 0) * 100,
      lcpMs: audits["largest-contentful-paint"].numericValue ?? 0,
      tbtMs: audits["total-blocking-time"].numericValue ?? 0,
      cls: audits["cumulative-layout-shift"].numericValue ?? 0,
    });
  }
  const pick = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcpMs")),
    tbtMs: Math.round(pick("tbtMs")),
    cls: Math.round(pick("cls") * 1000) / 1000,
  };
}

async function main() {
  const server = await startServer({ port: 4410, dataDir: path.resolve("bench-results/data-audit") });
  try {
    const sizes = await measureRouteSizes(path.resolve(process.env.BUILD_DIR ?? "build"));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const rows = [];
    try {
      for (const page of LIGHTHOUSE_PAGES) {
        for (const preset of ["mobile", "desktop"] as const) {
          const figures = await lighthouseFigures(server.url + page.path, preset, chrome.port);
          rows.push({ page: page.name, preset, ...figures });
        }
      }
    } finally {
      chrome.kill();
    }
    console.log("\n## Lighthouse (median of %d runs)", RUNS);
    console.table(rows);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    const axeRows = [];
    try {
      const page = await browser.newPage();
      for (const route of AXE_ROUTES) {
        const response = await page.goto(server.url + route);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        axeRows.push({ route, status: response?.status(), violations: results.violations.length, seriousOrCritical: serious.map((v) => v.id).join(", ") || "none" });
      }
    } finally {
      await browser.close();
    }
    console.log("\n## axe");
    console.table(axeRows);
    console.log("\n## First-load JavaScript and CSS per route (gzip KB)");
    console.table(sizes);
  } finally {
    await server.stop();
  }
}

await main();
