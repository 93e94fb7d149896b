/**
 * The variant generator (issue 37) as a coffee roaster uses it: options named with their values (by keyboard),
 * Generate variants makes the four combinations, one price for all and stock per row, Save kept in reach in the
 * sticky bar, and the shop's product page offers the options at the right price. The form's height is logged at 390
 * and 1280 px (the issue measured ~8,100 and ~4,200 px before), and axe scans each new screen at both widths.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test, waitForHydration } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

test.use({ storageState: OWNER_STATE });
// Several round trips of the form and four axe scans on a machine shared with other journeys.
test.setTimeout(150_000);

/** Axe at both widths and the page's height at each, logged for the report; the page is left at the laptop's size. */
async function scanAndMeasure(page: Page, name: string) {
  const heights: Record<number, number> = {};
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    heights[viewport.width] = await page.evaluate(() => document.documentElement.scrollHeight);
  }
  console.log(`${name}: ${heights[390]} px tall at 390, ${heights[1280]} px at 1280`);
  return heights;
}

/**
 * Types a value into an option's new-value field and adds it with Enter, as a keyboard user does. The field is
 * labelled by the option's name as last drawn (`Option 1` until its name has gone with a step).
 */
async function addValue(page: Page, option: string, value: string, labelled = option) {
  const field = page.getByLabel(`New value of ${labelled}`, { exact: true });
  await field.fill(value);
  await field.press("Enter");
  await expect(page.getByRole("list", { name: `Values of ${option}` }).getByRole("button", { name: `Remove ${value} from ${option}` })).toBeVisible();
  // The form drawn afresh gives the field back, empty, for the next value.
  await expect(page.getByLabel(`New value of ${option}`, { exact: true })).toBeFocused();
}

test("the owner names Size and Grind with their values, generates four variants, prices them all, stocks each, and the shop offers them", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Harbour Roast ${stamp}`;
  const handle = `harbour-roast-${stamp.toLowerCase()}`;

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/new");
  await expect(page.getByRole("heading", { name: "Add product", level: 1 })).toBeVisible();
  // Only what a new product uses: one variant row, no option fields until asked for.
  await expect(page.getByRole("group", { name: /^Variant / })).toHaveCount(1);
  await expect(page.getByLabel("Option 1 name")).toHaveCount(0);
  const blank = await scanAndMeasure(page, "new product form");
  expect(blank[390]).toBeLessThan(4000);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Status").selectOption("active");
  // By keyboard: the button takes Enter, and the new option's name takes the focus.
  await page.getByRole("button", { name: "Add options like size or grind" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Option 1 name")).toBeFocused();
  await page.keyboard.type("Size");
  await addValue(page, "Size", "250 g", "Option 1");
  await addValue(page, "Size", "1 kg");
  await page.getByRole("button", { name: "Add option", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Option 2 name")).toBeFocused();
  await page.keyboard.type("Grind");
  await addValue(page, "Grind", "Whole bean", "Option 2");
  await addValue(page, "Grind", "Espresso");
  // A value added by mistake goes by keyboard too.
  await addValue(page, "Grind", "Cafetière");
  await page.getByRole("button", { name: "Remove Cafetière from Grind" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Values of Grind" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await page.getByRole("button", { name: "Generate variants" }).click();
  const variants = page.getByRole("group", { name: /^Variant \d/ });
  await expect(variants).toHaveCount(4);
  const combinations = [
    ["250 g", "Whole bean"],
    ["250 g", "Espresso"],
    ["1 kg", "Whole bean"],
    ["1 kg", "Espresso"],
  ];
  for (const [row, [size, grind]] of combinations.entries()) {
    const variant = page.getByRole("group", { name: `Variant ${row + 1}`, exact: true });
    await expect(variant.getByLabel("Size", { exact: true })).toHaveValue(size);
    await expect(variant.getByLabel("Grind", { exact: true })).toHaveValue(grind);
    await expect(variant.getByLabel("SKU")).not.toHaveValue("");
  }

  // One price for all (Enter applies it), then the kilo of espresso dearer and each row's own stock.
  await expect(page.getByLabel("Price for all ($)")).toBeFocused();
  await page.keyboard.type("14.00");
  await page.keyboard.press("Enter");
  for (const row of [1, 2, 3, 4]) {
    await expect(page.getByRole("group", { name: `Variant ${row}`, exact: true }).getByLabel("Price ($)", { exact: true })).toHaveValue("14.00");
  }
  const kiloEspresso = page.getByRole("group", { name: "Variant 4", exact: true });
  await kiloEspresso.getByLabel("Price ($)", { exact: true }).fill("42.00");
  for (const [row, stock] of ["10", "20", "30", "40"].entries()) {
    await page.getByRole("group", { name: `Variant ${row + 1}`, exact: true }).getByLabel("Stock", { exact: true }).fill(stock);
  }

  // Save stays in reach on the long form, at the top of it on a phone, and says what is unsaved.
  await page.setViewportSize(PHONE);
  await page.getByLabel("Title", { exact: true }).scrollIntoViewIfNeeded();
  const save = page.getByRole("button", { name: "Create product" });
  await expect(save).toBeInViewport();
  await expect(page.getByText(/^Unsaved changes in Variants/)).toBeVisible();
  const generated = await scanAndMeasure(page, "new product with four generated variants");
  expect(generated[390]).toBeLessThan(8100);

  await save.click();
  await expect(page.getByText("Product created.")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Variant / })).toHaveCount(4);
  await expect(page.getByText(/^Unsaved changes/)).toHaveCount(0);
  const savedHeights = await scanAndMeasure(page, "saved product with four variants");
  expect(savedHeights[1280]).toBeLessThan(4200);

  await page.goto(`/products/${handle}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The product's own pickers name the chosen value (the cards of other products below have pickers of their own).
  const sizes = page.getByRole("group", { name: /^Size: / });
  const grinds = page.getByRole("group", { name: /^Grind: / });
  await expect(sizes.getByRole("radio")).toHaveCount(2);
  await expect(grinds.getByRole("radio")).toHaveCount(2);
  await expect(page.getByRole("main").getByText("$14.00").first()).toBeVisible();
  await sizes.getByRole("radio", { name: "1 kg" }).check({ force: true });
  await grinds.getByRole("radio", { name: "Espresso" }).check({ force: true });
  await expect(page.getByRole("main").getByText("$42.00").first()).toBeVisible();
});

test("values typed one after another without a pause on a slow network are all kept, and so is what was typed meanwhile", async ({ page }) => {
  const title = `Quick Roast ${Date.now().toString(36).toUpperCase()}`;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/new");
  await waitForHydration(page);
  // Each post of the form waits as on a slow phone network: a step answered by the server drew the form again from
  // what was posted, losing what was typed while it was on the way.
  await page.route("**/admin/products/new*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole("button", { name: "Add options like size or grind" }).click();
  await page.getByLabel("Option 1 name").fill("Size");
  const newValue = page.getByRole("textbox", { name: /^New value of / });
  await newValue.fill("250 g");
  await newValue.press("Enter");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await newValue.fill("1 kg");
  await newValue.press("Enter");
  await newValue.fill("500 g");
  await newValue.press("Enter");
  await expect(page.getByRole("list", { name: "Values of Size" }).getByRole("listitem")).toHaveText([/^250 g/, /^1 kg/, /^500 g/]);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Generate variants" }).click();
  await expect(page.getByRole("group", { name: /^Variant \d/ })).toHaveCount(3);
  await expect(page.getByLabel("Price for all ($)")).toBeFocused();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
});
