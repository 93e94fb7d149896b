import { expect, test } from "./fixtures";
import { holdScripts } from "./hydration";
import { expectNoSeriousA11yViolations } from "./a11y";

test("the home page shows the callout, navigation and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Free Shipping on orders over $40")).toBeVisible();
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await expect(mainNav.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
  await expect(mainNav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/pages/about");
  await expect(page.locator("header a[href=\"/\"]")).toHaveCount(1);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Subscribe to our email list")).toBeVisible();
  await expect(footer.getByRole("img", { name: "Visa" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Tiktok" })).toBeVisible();
  await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
  await expect(footer.locator('a[href="/pages/about"]')).toHaveCount(0);
});

test("the mobile side menu opens, closes and sends query links to /shop", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  const queryLink = menu.locator('a[href^="/shop?query="]').first();
  const href = await queryLink.getAttribute("href");
  expect(href).toMatch(/^\/shop\?query=[^&]+&type=(collection-search|search)$/);
  await queryLink.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
  await expect(menu).toBeHidden();
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the shop" })).toBeVisible();
});

test("pages are served compressed, hashed assets cached for good", async ({ page, request }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  const assets: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/assets/")) assets.push(response.headers()["cache-control"] ?? "");
  });
  await page.goto("/");
  // Asked for after the first paint (decision 0015), so possibly after the load event: the page hydrating says
  // they have all come (its Search button opens the search box only then).
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("searchbox", { name: "Search products" })).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);
  for (const cacheControl of assets) expect(cacheControl).toContain("immutable");
});

test("scripts are sent as the build compressed them, in the encoding the browser takes", async ({ page, request }) => {
  // The scripts are asked for after the first paint (decision 0015), which may come after the load event.
  const firstScript = page.waitForResponse((response) => /\/assets\/.+\.js$/.test(response.url()));
  await page.goto("/");
  const script = (await firstScript).url();
  const plain = await request.get(script, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  for (const encoding of ["br", "gzip"]) {
    const compressed = await request.get(script, { headers: { "accept-encoding": encoding } });
    expect(compressed.headers()["content-encoding"]).toBe(encoding);
    expect(Number(compressed.headers()["content-length"])).toBeLessThan(Number(plain.headers()["content-length"]));
    expect(await compressed.text()).toBe(await plain.text());
  }
});

test("hydration scripts are asked for after the first paint, and the page hydrates", async ({ page, request }) => {
  const html = await (await request.get("/products/house-blend")).text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toContain('<script type="module"');
  await page.goto("/products/house-blend");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  const { firstScriptAt, firstPaintAt } = await page.evaluate(() => ({
    firstScriptAt: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
    firstPaintAt: performance.getEntriesByName("first-paint")[0]?.startTime,
  }));
  expect(firstPaintAt).toBeDefined();
  expect(firstScriptAt).toBeGreaterThanOrEqual(firstPaintAt!);
});

test("a button pressed before the scripts have arrived does what it says once they have", async ({ page }) => {
  const scripts = await holdScripts(page);
  // Not the load event: the browser would wait for the scripts held here.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: /^Cart/ }).click();
  scripts.release();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
});

test("a catalogue page is rendered once for anonymous visitors and revalidated by ETag; a shopper with a cart gets their own", async ({
  request,
  baseURL,
}) => {
  const headers = { "accept-encoding": "br, gzip" };
  await request.get("/products/house-blend", { headers });
  const again = await request.get("/products/house-blend", { headers });
  expect(again.headers()["x-cache"]).toBe("HIT");
  const etag = again.headers()["etag"];
  const revalidated = await request.get("/products/house-blend", { headers: { ...headers, "if-none-match": etag } });
  expect(revalidated.status()).toBe(304);

  const cart = await request.post("/api/cart-items", {
    headers: { origin: baseURL! },
    data: { cartItems: [{ kind: "product", sku: "HOUSE-12OZ-WB", quantity: 1 }] },
  });
  expect(cart.ok()).toBe(true);
  const own = await request.get("/products/house-blend", { headers });
  expect(own.headers()["x-cache"]).toBeUndefined();
  expect(await own.text()).toContain("House Blend");
});

test("the shop reports itself alive and ready", async ({ request }) => {
  const alive = await request.get("/healthz");
  expect(alive.status()).toBe(200);
  expect(await alive.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("the home page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousA11yViolations(page);
});
