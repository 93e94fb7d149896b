/**
 * `npm run audit`: Lighthouse (mobile and desktop, median of 3 runs) on the shop's key pages, an axe scan of every
 * route, and first-load JavaScript per route, against the production server started on a fresh demo shop.
 *
 * For a quick round while fixing one page: `AUDIT_PAGES=product AUDIT_PRESETS=mobile AUDIT_RUNS=1 npm run audit`
 * (naming pages also skips the axe scan). AUDIT_PORT moves the server off 4410; each page's median-scoring report is
 * written to bench-results/lighthouse/ for the details behind a score.
 */
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result as LighthouseResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { measureRouteSizes } from "./bundle-size";
import { CHROMIUM, CHROMIUM_ARGS, median } from "./bench/chromium";
import { startServer, storeTwoBagCart } from "./bench/server";
import { measureUsableMs } from "./bench/usable";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const PORT = Number(process.env.AUDIT_PORT ?? 4410);
const ONLY_PAGES = process.env.AUDIT_PAGES?.split(",").map((name) => name.trim());
const PRESETS = (process.env.AUDIT_PRESETS?.split(",") ?? ["mobile", "desktop"]) as Preset[];
const REPORTS_DIR = path.resolve("bench-results/lighthouse");

type Preset = "mobile" | "desktop";

/**
 * Checkout without a cart shows only "your cart is empty", and with one but no session only "please start checkout
 * from your cart": the audited checkout is the one the cart's Checkout button opens (`withCheckout`).
 */
const LIGHTHOUSE_PAGES: { name: string; path: string; withCheckout?: true; mainButton?: string }[] = [
  { name: "home", path: "/" },
  { name: "product", path: "/products/house-blend", mainButton: "Add to Cart" },
  { name: "bundle", path: "/bundles/pour-over-starter-kit", mainButton: "Add Bundle to Cart" },
  { name: "search", path: "/search?query=coffee&type=search" },
  { name: "blog post", path: "/blog/brewing-better-coffee-at-home" },
  { name: "checkout", path: "/checkout", withCheckout: true },
];

const AXE_ROUTES = [
  "/", "/shop", "/search?query=coffee&type=search", "/products/house-blend", "/bundles/pour-over-starter-kit",
  "/pages/about", "/pages/shipping", "/blog", "/blog/brewing-better-coffee-at-home", "/contact", "/login", "/signup",
  "/forgot-password", "/checkout", "/checkout-confirmation?redirect_status=succeeded", "/verified_review_submission",
  "/no-such-page",
];

/** Audits that cost points in the non-performance categories: what stands between a page and 100. */
function failingAudits(lhr: LighthouseResult): string {
  const ids = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return ids.join(", ");
}

type RunFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
};

async function lighthouseFigures(url: string, preset: Preset, flags: Flags, reportName: string) {
  const runs: { figures: RunFigures; report: string }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { ...flags, output: "json", logLevel: "error" }, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A page that failed to load scores nothing; a row of zeros would hide why.
    if (runtimeError) throw new Error(`Lighthouse could not audit ${url} (${preset}): ${runtimeError.code} ${runtimeError.message}`);
    const resources = audits["resource-summary"].details;
    const scripts = resources?.type === "table" ? resources.items.find((item) => item.resourceType === "script") : undefined;
    const scriptBytes = Number(scripts?.transferSize ?? 0);
    runs.push({
      figures: {
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((categories["best-practices"].score ?? 0) * 100),
        seo: Math.round((categories.seo.score ?? 0) * 100),
        lcpMs: audits["largest-contentful-paint"].numericValue ?? 0,
        tbtMs: audits["total-blocking-time"].numericValue ?? 0,
        cls: audits["cumulative-layout-shift"].numericValue ?? 0,
        jsKb: scriptBytes / 1024,
      },
      report: result.report as string,
    });
  }
  const pick = (key: keyof RunFigures) => median(runs.map((run) => run.figures[key]));
  // The LCP budget is the mobile preset's; desktop rows say so rather than print an empty cell.
  const lcpAppliedMs = preset === "mobile" ? await appliedThrottlingLcp(url, flags) : "n/a";
  const performance = pick("performance");
  const representative = runs.find((run) => run.figures.performance === performance)!;
  await writeFile(path.join(REPORTS_DIR, `${reportName}.json`), representative.report);
  const failing = failingAudits(JSON.parse(representative.report) as LighthouseResult);
  return {
    performance,
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcpMs")),
    lcpAppliedMs,
    tbtMs: Math.round(pick("tbtMs")),
    cls: Math.round(pick("cls") * 1000) / 1000,
    jsKb: Math.round(pick("jsKb") * 10) / 10,
    failing,
  };
}

/**
 * The mobile preset's LCP as Chrome paints it under the preset's network and CPU limits (Lighthouse's "devtools"
 * throttling), beside the preset's own figure, which Lighthouse estimates from an unthrottled load (Lantern). The
 * estimate counts every request that finished before the unthrottled paint as needed for it, and cannot tell module
 * scripts (which never block painting) from ones that do: until the scripts started after the first paint, all the
 * hydration scripts (decisions 0014 and 0015).
 */
async function appliedThrottlingLcp(url: string, flags: Flags): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { ...flags, throttlingMethod: "devtools", onlyCategories: ["performance"], output: "json", logLevel: "error" });
    const lcp = result?.lhr.audits["largest-contentful-paint"].numericValue;
    if (lcp === undefined) throw new Error(`Lighthouse measured no LCP for ${url} under applied throttling`);
    values.push(lcp);
  }
  return Math.round(median(values));
}

/** What the cart's Checkout button does: a checkout session for the stored cart, priced to the cent it shows. */
async function startCheckout(baseUrl: string, cartCookie: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: baseUrl, cookie: cartCookie };
  const cart = (await (await fetch(`${baseUrl}/api/cart-items`, { headers })).json()) as {
    cartItems: { sku: string; quantity: number; product_price: number }[];
  };
  const response = await fetch(`${baseUrl}/api/stripe/create_checkout_session`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      checkout_items: cart.cartItems.map(({ sku, quantity }) => ({ sku, quantity, bundle_id: null, subscription: null })),
      cost_of_checkout: cart.cartItems.reduce((cents, line) => cents + Math.round(line.product_price * 100) * line.quantity, 0),
    }),
  });
  const body = (await response.json()) as { session_id?: string; error?: string };
  if (!response.ok || !body.session_id) throw new Error(`could not start checkout: ${response.status} ${body.error}`);
  return `/checkout?session_id=${encodeURIComponent(body.session_id)}`;
}

async function axeScan(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    // axe opens helper pages of its own, which it may only do in a context the script created.
    const page = await (await browser.newContext()).newPage();
    for (const route of AXE_ROUTES) {
      const response = await page.goto(baseUrl + route);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      rows.push({ route, status: response?.status(), violations: results.violations.length, seriousOrCritical: serious.map((v) => v.id).join(", ") || "none" });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function main() {
  const server = await startServer({ port: PORT, dataDir: path.resolve("bench-results/data-audit") });
  // Also when Chrome or Lighthouse fails outside a promise: an orphaned server would hold the port and the data.
  process.once("exit", () => server.process.kill());
  try {
    await mkdir(REPORTS_DIR, { recursive: true });
    const sizes = await measureRouteSizes(path.resolve(process.env.BUILD_DIR ?? "build"));
    const cartCookie = await storeTwoBagCart(server.url);
    const checkoutPath = await startCheckout(server.url, cartCookie);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const rows = [];
    try {
      for (const page of LIGHTHOUSE_PAGES.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
        for (const preset of PRESETS) {
          const flags: Flags = { port: chrome.port, extraHeaders: page.withCheckout ? { Cookie: cartCookie } : undefined };
          const reportName = `${page.name.replace(/\W+/g, "-")}-${preset}`;
          const url = server.url + (page.withCheckout ? checkoutPath : page.path);
          const figures = await lighthouseFigures(url, preset, flags, reportName);
          // What starting the scripts after the first paint costs (decision 0015): when the page's button works.
          const usableMs = preset === "mobile" && page.mainButton ? await measureUsableMs(url, page.mainButton, RUNS) : "n/a";
          rows.push({ page: page.name, preset, ...figures, usableMs });
        }
      }
    } finally {
      chrome.kill();
    }
    console.log("\n## Lighthouse (median of %d runs)", RUNS);
    console.table(rows);

    if (!ONLY_PAGES) {
      console.log("\n## axe");
      console.table(await axeScan(server.url));
    }
    console.log("\n## First-load JavaScript and CSS per route (gzip KB)");
    console.table(sizes);
  } finally {
    await server.stop();
  }
}

await main();
