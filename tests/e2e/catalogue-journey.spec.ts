/**
 * The catalogue's whole journey (issue 22): the owner creates a product with two options in the back office, it is a
 * draft that shoppers cannot find and staff can preview; the owner uploads two pictures with their alt text and
 * publishes it; a shopper finds it by searching, opens it and buys it with a card, and the owner sees the stock it
 * took. Its names carry a stamp of their own, so a retry never meets an earlier run's product.
 */
import sharp from "sharp";
import { expect, test, waitForHydration } from "./fixtures";
import { richTextHtmlBox } from "./rich-text";
import { ownerState } from "./owner";
import { DESKTOP } from "./viewports";
import { drawProductForm } from "./product-form";

const png = async (name: string, colour: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 640, height: 640, channels: 3, background: colour } }).png().toBuffer(),
});

// Two signed-in pages, two uploads, a search and a checkout on a machine shared with other journeys.
test.setTimeout(150_000);

test("the owner creates a product with two options and two pictures, publishes it, and a shopper finds and buys it", async ({ browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Waxed Apron ${stamp}`;
  const handle = `waxed-apron-${stamp.toLowerCase()}`;
  const sku = `APRON-${stamp}-SAND-S`;

  const ownerContext = await browser.newContext({ storageState: ownerState(), viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto("/admin/products/new");
  await owner.getByLabel("Title", { exact: true }).fill(title);
  await (await richTextHtmlBox(owner)).fill("<p>Waxed <em>cotton</em> with a brass buckle.</p>");
  await drawProductForm(owner, { options: 2, rows: 2 });
  await owner.getByLabel("Option 1 name").fill("Colour");
  await owner.getByLabel("Option 2 name").fill("Size");
  for (const [row, [colour, size, variantSku]] of [
    ["Sand", "S", sku],
    ["Slate", "L", `APRON-${stamp}-SLATE-L`],
  ].entries()) {
    const variant = owner.getByRole("group", { name: `Variant ${row + 1}` });
    await variant.getByLabel("Option 1 value").fill(colour);
    await variant.getByLabel("Option 2 value").fill(size);
    await variant.getByLabel("SKU").fill(variantSku);
    await variant.getByLabel("Price ($)", { exact: true }).fill("38.00");
    await variant.getByLabel("Stock", { exact: true }).fill("5");
  }
  await owner.getByRole("button", { name: "Create product" }).click();
  await expect(owner.getByText("Product created.")).toBeVisible();
  await expect(owner.getByLabel("Status")).toHaveValue("draft");

  // A draft: not there for a shopper, a preview with its banner for staff.
  const shopperContext = await browser.newContext({ viewport: DESKTOP });
  const shopper = await shopperContext.newPage();
  const hidden = await shopper.goto(`/products/${handle}`);
  expect(hidden?.status()).toBe(404);
  await expect(shopper.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
  const preview = await ownerContext.newPage();
  await preview.goto(`/products/${handle}`);
  await expect(preview.getByText("Draft — only staff can see this product")).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await preview.close();

  await owner.getByRole("link", { name: "Pictures (0)" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Pictures of ${title}` })).toBeVisible();
  await waitForHydration(owner);
  const upload = owner.getByRole("region", { name: "Add pictures" });
  await upload.getByLabel("Pictures", { exact: true }).setInputFiles([await png("front.png", "#c2a878"), await png("back.png", "#55606e")]);
  await upload.getByLabel("Alt text for these pictures").fill("Waxed apron in sand, front and back");
  await upload.getByRole("button", { name: "Upload pictures" }).click();
  await expect(owner.getByRole("status")).toHaveText("Pictures added.");
  await expect(owner.getByRole("region", { name: "Pictures (2)" }).getByRole("listitem")).toHaveCount(2);

  await owner.getByRole("link", { name: "Back to the product" }).click();
  await expect(owner.getByRole("link", { name: "Pictures (2)" })).toBeVisible();
  await owner.getByLabel("Status").selectOption("active");
  await owner.getByRole("button", { name: "Save", exact: true }).click();
  await expect(owner.getByText("Product saved.")).toBeVisible();
  await expect(owner.getByLabel("Status")).toHaveValue("active");

  // Published: the shopper finds it by searching, with its pictures described, and buys it.
  await shopper.goto("/");
  await shopper.getByRole("button", { name: "Search", exact: true }).click();
  const box = shopper.getByPlaceholder("Search products...");
  await box.fill(`waxed apron ${stamp}`);
  await box.press("Enter");
  await expect(shopper.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await shopper.getByRole("link", { name: new RegExp(title) }).first().click();
  await expect(shopper).toHaveURL(`/products/${handle}`);
  await expect(shopper.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(shopper.getByRole("img", { name: "Waxed apron in sand, front and back" }).first()).toBeVisible();
  await expect(shopper.getByText("Draft — only staff can see this product")).toHaveCount(0);

  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = shopper.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByText(title)).toBeVisible();
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(shopper).toHaveURL(/\/checkout\?session_id=cs_/);
  const form = shopper.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Email", { exact: true }).fill("apron.buyer@example.com");
  await form.getByLabel("Full name").fill("Avery Buyer");
  await form.getByLabel("Address", { exact: true }).fill("1 Main St");
  await form.getByLabel("City").fill("Sacramento");
  await form.getByLabel("State").fill("CA");
  await form.getByLabel("ZIP code").fill("95814");
  await shopper.getByRole("radio", { name: /Standard Shipping/ }).check();
  await shopper.getByLabel("Card number").fill("4242 4242 4242 4242");
  await shopper.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await shopper.getByLabel("CVC").fill("123");
  await shopper.getByRole("button", { name: "Pay Now" }).click();
  await expect(shopper.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

  // The sale is in the variant's stock history, as the owner reads it.
  await owner.goto(`/admin/inventory?q=${sku}`);
  await owner.getByRole("link", { name: sku }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(sku);
  await expect(owner.getByRole("table").getByRole("row").filter({ hasText: "Sold" }).first()).toBeVisible();

  await shopperContext.close();
  await ownerContext.close();
});
