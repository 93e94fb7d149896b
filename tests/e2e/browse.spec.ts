import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";
import { expectNoSeriousA11yViolations } from "./a11y";

const { productHandles, bundleHandles } = DEMO;

/** The carousel's "n / N" indicator, announced politely after every move. */
async function slideIndicator(page: Page, label: string) {
  return page.getByRole("region", { name: label }).getByText(/^\d+ \/ \d+$/);
}

test.describe("browse and find", () => {
  test("home shows every section and both carousels move", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Small-batch coffee, roasted by the harbour" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop the House Blend" })).toHaveAttribute("href", `/products/${productHandles.houseBlend}`);
    await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
    // Every product of the demo shop; the back office's journeys may have published more of their own.
    const allProducts = page.getByRole("list", { name: "All products" });
    await expect(allProducts.getByRole("listitem").first()).toBeVisible();
    const shown = await allProducts.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(shown).toEqual(expect.arrayContaining(Object.values(productHandles).map((handle) => `/products/${handle}`)));
    await expect(page.getByRole("heading", { name: "Testimonials" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What our customers say" })).toBeVisible();
    const offer = page.getByRole("region", { name: "Newsletter offer" });
    await expect(offer).toBeVisible();
    // On a wide screen the offer's picture spans its card; the height limit crops it rather than narrowing it.
    const [card, picture] = await Promise.all([offer.getByRole("figure").boundingBox(), offer.locator("img").boundingBox()]);
    expect(picture!.width).toBeCloseTo(card!.width, 0);

    // Each carousel is named apart from the section around it (axe: landmarks have unique names).
    for (const label of ["Featured collection", "Customer testimonials"]) {
      const indicator = await slideIndicator(page, label);
      await indicator.scrollIntoViewIfNeeded();
      await expect(indicator).toHaveText(/^1 \//);
      await page.getByRole("button", { name: `Next (${label})` }).click();
      await expect(indicator).toHaveText(/^2 \//);
      await page.getByRole("button", { name: `Previous (${label})` }).click();
      await page.getByRole("button", { name: `Previous (${label})` }).click();
      // Loops round to the last slide.
      const total = (await indicator.textContent())!.split("/")[1].trim();
      await expect(indicator).toHaveText(`${total} / ${total}`);
    }

    // A review opens in full in a modal, closed with Escape.
    const review = page.getByRole("region", { name: "What our customers say" }).getByRole("button").first();
    await review.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await expectNoSeriousA11yViolations(page);
  });

  test("the search overlay finds a product by a misspelled word and opens it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const box = page.getByPlaceholder("Search products...");
    await expect(box).toBeFocused();
    // Blank input does nothing.
    await box.fill("   ");
    await box.press("Enter");
    await expect(page).toHaveURL("/");
    await box.fill("etihopia");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?query=etihopia&type=search");
    await expect(page.getByRole("heading", { level: 1, name: "Search Results: etihopia" })).toBeVisible();
    // Each result is a section of the results page: its title is the level below the page's heading.
    await expect(page.getByRole("heading", { level: 2, name: "Ethiopia Yirgacheffe Kochere" })).toBeVisible();
    await expect(page.getByPlaceholder("Search products...")).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: /Ethiopia Yirgacheffe Kochere/ }).first().click();
    await expect(page).toHaveURL(`/products/${productHandles.ethiopia}`);
    await expect(page.getByRole("heading", { level: 1, name: "Ethiopia Yirgacheffe Kochere" })).toBeVisible();
  });

  test("closing the search overlay gives focus back to the Search button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Search", exact: true });
    await toggle.click();
    await page.getByRole("searchbox", { name: "Search products" }).press("Escape");
    await expect(toggle).toBeFocused();
    await toggle.press("Enter");
    await page.getByRole("button", { name: "Close search" }).press("Enter");
    await expect(toggle).toBeFocused();
  });

  test("search and shop render their results in the server's HTML", async ({ page }) => {
    const search = await page.request.get("/search?query=kettel&type=search");
    expect(search.status()).toBe(200);
    const html = await search.text();
    expect(html).toContain("Gooseneck Pour-Over Kettle");
    expect(html).not.toContain("Hand Burr Grinder");
    // The first result's picture is the phone's largest paint: the head preloads it, and only it, at high priority.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g)).toHaveLength(1);

    const product = await (await page.request.get(`/products/${productHandles.houseBlend}`)).text();
    expect(product).toContain("<h1");
    expect(product).toContain("Tidewater House Blend");
    expect(product).toContain("$16.00");
    expect(product).toContain('"@type":"Product"');
    expect(product).toContain('"aggregateRating"');
    expect(product).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/products\/house-blend"/);
    expect(product).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/images\/products\/house-blend-1\./);
    expect(product).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/images\/products\/house-blend-1_728\.webp 728w, \/images\/products\/house-blend-1_1024\.webp 1024w" imageSizes="[^"]+" fetchPriority="high"\/>/,
    );
    // Browsers ask for /favicon.ico when no icon is named, and log the 404 as an error.
    expect(product).toContain('<link rel="icon" href="/images/brand/icon.svg"/>');
    // The stylesheet is inside the document: first paint waits for no other request.
    expect(product).toMatch(/<style id="shop-stylesheet" nonce="[^"]+">[^<]*tailwindcss/);
    expect(product).not.toContain('rel="stylesheet"');
    // The other products below come as cards: their descriptions stay on their own pages.
    expect(product).toContain("It is the pot we brew in the roastery every morning");
    expect(product).not.toContain("Brilliant as a pour-over and even better iced");
    const home = await (await page.request.get("/")).text();
    expect(home).toContain("Ethiopia Yirgacheffe Kochere");
    expect(home).not.toContain("Brilliant as a pour-over and even better iced");

    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(page.getByRole("list", { name: "All Products" }).getByRole("link", { name: /Morning Ritual Gift Box/ })).toBeVisible();
  });

  test("a search of several words finds what most of them describe, products with every word first", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.fill("coffee mug");
    await box.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Search Results: coffee mug" })).toBeVisible();
    const results = page.getByRole("main").getByRole("heading", { level: 2 });
    // The Harbor Stoneware Mug says mug but not coffee; the Enamel Camp Mug says both, so it comes first.
    await expect(page.getByRole("heading", { level: 2, name: "Harbor Stoneware Mug" })).toBeVisible();
    await expect(results.first()).toHaveText("Enamel Camp Mug");
    await expectNoSeriousA11yViolations(page);

    // Nonsense that outnumbers a real word still finds nothing.
    await page.goto("/search?query=qwxzv%20jjkkq%20mug&type=search");
    await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
  });

  test("'No Results Found' for a search that matches nothing, and the error text for a bad type", async ({ page }) => {
    await page.goto("/search?query=zzqqxx&type=search");
    await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find any products or bundles matching your search.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/search?query=tea&type=other");
    await expect(page.getByRole("alert")).toHaveText('Error: Invalid query type. Must be "search" or "collection-search".');
  });

  test("the product gallery holds its thumbnails' place before their pictures arrive (no layout shift)", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    // Thumbnails that never load: an alt="" image has no height until it does, so the layout must not rely on it.
    await page.route("**/images/products/*_728.webp", () => new Promise(() => {}));
    await page.goto(`/products/${productHandles.houseBlend}`, { waitUntil: "domcontentloaded" });
    const thumbnail = page.getByRole("button", { name: "Show image 2 of 2" });
    await expect(thumbnail).toBeVisible();
    expect(await thumbnail.boundingBox()).toMatchObject({ width: 80, height: 80 });
  });

  test("product page: variant switching changes price and stock state", async ({ page }) => {
    await page.goto(`/products/${productHandles.houseBlend}`);
    const price = page.getByText(/^\$\d+\.\d{2}$/).first();
    // The page's own pickers name the chosen value in their legend ("Weight: 12 oz"); the cards' quick-shop do not.
    const weight = page.getByRole("group", { name: /^Weight:/ });
    const grind = page.getByRole("group", { name: /^Grind:/ });
    await expect(price).toHaveText("$16.00");
    await expect(weight.getByRole("radio", { name: "12 oz" })).toBeChecked();
    await expect(grind.getByRole("radio", { name: "Whole Bean" })).toBeChecked();
    await weight.getByText("2 lb", { exact: true }).click();
    await expect(price).toHaveText("$38.00");
    await grind.getByText("Espresso Grind", { exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Only 3 left in stock" })).toBeVisible();

    // Quantity stepper: 1..99, the lower bound disabled; more than the stock reads 'Out of Stock'.
    const decrease = page.getByRole("button", { name: "Decrease quantity" });
    const increase = page.getByRole("button", { name: "Increase quantity" });
    await expect(decrease).toBeDisabled();
    for (let i = 0; i < 3; i++) await increase.click();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await decrease.click();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

    // A subscription's price replaces the one-time price.
    await weight.getByText("12 oz", { exact: true }).click();
    await page.getByRole("radio", { name: /Every 2 weeks/ }).check();
    await expect(price).toHaveText("$14.40");
    await expectNoSeriousA11yViolations(page);

    // Bundles with this product expand to show their contents; the standalone gift box is not listed.
    const bundles = page.getByRole("region", { name: "Save with a bundle" });
    await expect(bundles.getByRole("link", { name: "Pour-Over Starter Kit" })).toBeVisible();
    await expect(bundles.getByRole("link", { name: "Morning Ritual Gift Box" })).toHaveCount(0);
    await page.getByRole("button", { name: "Show contents" }).click();
    await expect(page.getByText("Bundle includes:")).toBeVisible();

    // An out-of-stock product.
    await page.goto(`/products/${DEMO.outOfStockProductHandle}`);
    await expect(page.getByRole("status").filter({ hasText: "Out of stock" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  test("quick-shop adds the chosen variant from a card, and explains when it is out of stock", async ({ page }) => {
    await page.goto("/shop");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ceramic Pour-Over Dripper" }) });
    await card.hover();
    await card.getByText("Charcoal", { exact: true }).click();
    await expect(card.getByText("Added to cart!")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card.getByText("Added to cart!")).toBeHidden();

    const grinder = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Hand Burr Grinder" }) });
    await grinder.hover();
    await grinder.getByText("Walnut", { exact: true }).click();
    const alert = page.getByRole("dialog", { name: "Out of stock" });
    await expect(alert.getByText("This item is currently out of stock.")).toBeVisible();
    await alert.getByRole("button", { name: "OK" }).click();
    await expect(alert).toBeHidden();
  });

  test("bundle page: choose a variation per product and add the bundle", async ({ page }) => {
    await page.goto(`/bundles/${bundleHandles.pourOverKit}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pour-Over Starter Kit" })).toBeVisible();
    const products = page.getByRole("list", { name: "Products in this bundle" }).getByRole("listitem");
    await expect(products).toHaveCount(3);
    const dripper = products.filter({ hasText: "Ceramic Pour-Over Dripper" });
    await expect(dripper.getByRole("radio", { name: "Matte White" })).toBeChecked();
    await dripper.getByText("Charcoal", { exact: true }).click();
    await expect(dripper.getByRole("radio", { name: "Charcoal" })).toBeChecked();
    // The kit's price buys a 12 oz bag: any grind of it, but no 2 lb bag.
    const houseBlend = products.filter({ hasText: "Tidewater House Blend" });
    await expect(houseBlend.getByRole("radio", { name: "12 oz" })).toBeChecked();
    await expect(houseBlend.getByRole("radio", { name: "2 lb" })).toHaveCount(0);
    await houseBlend.getByText("Espresso Grind", { exact: true }).click();
    await expect(houseBlend.getByRole("radio", { name: "Espresso Grind" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Add Bundle to Cart" }).click();
    await expect(page.getByRole("dialog", { name: "Your cart" }).getByText("Pour-Over Starter Kit")).toBeVisible();
  });

  test("unknown product and bundle answer 404 with their messages", async ({ page }) => {
    const response = await page.goto("/products/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const bundle = await page.goto("/bundles/no-such-bundle");
    expect(bundle?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Bundle not found" })).toBeVisible();
  });

  test("search engines get a sitemap with the category pages, and one address per listing and checkout", async ({ page }) => {
    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const entries = await sitemap.text();
    expect(entries).toContain(`/products/${productHandles.houseBlend}</loc>`);
    expect(entries).toContain("/search?query=tea&amp;type=collection-search</loc>");
    const robots = await (await page.request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: ");
    expect(robots).toContain("Disallow: /checkout-confirmation");

    const head = async (address: string) => {
      const html = await (await page.request.get(address)).text();
      return html.slice(0, html.indexOf("</head>"));
    };
    const canonical = /<link rel="canonical" href="http:\/\/localhost:\d+([^"]*)"/;
    // A search that finds something is a page worth finding, under its words as the search reads them.
    const found = await head("/search?query=%20House%20%20BLEND&type=search");
    expect(found.match(canonical)?.[1]).toBe("/search?query=house+blend&amp;type=search");
    expect(found).not.toContain("noindex");
    // One that finds nothing is not, whatever a link says.
    expect(await head("/search?query=qzxv+wkpf&type=search")).toContain('<meta name="robots" content="noindex, follow"/>');
    // The side menu's address of a category names the top bar's.
    expect((await head("/shop?query=tea&type=collection-search")).match(canonical)?.[1]).toBe(
      "/search?query=tea&amp;type=collection-search",
    );
    expect((await head("/shop")).match(canonical)?.[1]).toBe("/shop");
    // A category page is titled by its collection's name, as it is headed (decision 0018).
    expect(await head("/search?query=drinkware&type=collection-search")).toMatch(/<title>Mugs &amp; Drinkware \| [^<]+<\/title>/);
    // A checkout answers only the browser whose cart it holds, so this one starts its own.
    const bags = { sku: DEMO.subscriptions.houseBlend.sku, quantity: 2 };
    expect((await page.request.post("/api/cart-items", { data: { cartItems: [{ kind: "product", ...bags }] } })).ok()).toBe(true);
    const session = await page.request.post("/api/stripe/create_checkout_session", {
      data: { checkout_items: [bags], cost_of_checkout: 3200 },
    });
    expect(session.status(), await session.text()).toBe(201);
    const { session_id } = (await session.json()) as { session_id: string };
    const checkout = await head(`/checkout?session_id=${session_id}`);
    expect(checkout.match(canonical)?.[1]).toBe("/checkout");
    expect(checkout).not.toContain("noindex");
  });
});
