/**
 * The description's rich-text editor (issue 37, decision 0069) as the owner works it: a bold word by its shortcut, an
 * italic one by the toolbar reached from the keyboard and a link by the toolbar's address box, shown on the shop as
 * written; a script pasted into the HTML box gone when saved; and what is typed into the field before the editor (or
 * the page's scripts) arrive saved exactly, once (the first defect). Axe at 390 and 1280 px on the editor and the
 * HTML box (/tmp/admin-shots/rich-text-*.png).
 */
import type { Page } from "@playwright/test";
import { checkAdminScreen } from "./a11y";
import { expect, test, waitForHydration } from "./fixtures";
import { holdScripts } from "./hydration";
import { OWNER_STATE } from "./owner";
import { descriptionEditor, descriptionHtmlBox } from "./rich-text";
import { DESKTOP } from "./viewports";

test.use({ storageState: OWNER_STATE, viewport: DESKTOP });
// Four axe scans and four saves on a machine shared with other journeys.
test.setTimeout(120_000);

/** A draft product of the test's own, made with the form; its editor's address. */
async function makeProduct(page: Page, title: string, sku: string, fillDescription: () => Promise<void>) {
  await page.goto("/admin/products/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await fillDescription();
  const variant = page.getByRole("group", { name: "Variant 1" });
  await variant.getByLabel("SKU").fill(sku);
  await variant.getByLabel("Price ($)", { exact: true }).fill("12.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created.")).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Selects the `count` characters before the caret, as the owner does with Shift and the left arrow. */
async function selectBack(page: Page, count: number) {
  for (let step = 0; step < count; step++) await page.keyboard.press("Shift+ArrowLeft");
}

test("the owner writes a description in the editor; bold and a link reach the shop, a script pasted as HTML does not", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const handle = `rich-tee-${stamp.toLowerCase()}`;

  const editorPath = await makeProduct(page, `Rich Tee ${stamp}`, `RT-${stamp}`, async () => {
    const editor = await descriptionEditor(page);
    await checkAdminScreen(page, "rich-text-editor");
    await editor.click();
    await page.keyboard.type("Our ");
    await page.keyboard.press("ControlOrMeta+B");
    await page.keyboard.type("darkest");
    await page.keyboard.press("ControlOrMeta+B");
    await page.keyboard.type(" roast");
    // The toolbar by keyboard: one tab stop before the HTML switch, its buttons along the arrow keys.
    await selectBack(page, "roast".length);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Bold" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Italic" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Italic" })).toHaveAttribute("aria-pressed", "true");
    await expect(editor).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.press("ControlOrMeta+I");
    await page.keyboard.type(". Read our story");
    await selectBack(page, "our story".length);
    await page.getByRole("button", { name: "Link" }).click();
    const address = page.getByRole("group", { name: "Link" }).getByLabel("Link address");
    await expect(address).toBeFocused();
    // An address the shop would not link to is refused in the box, with why.
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await expect(page.getByText("The link address must be a path in the shop")).toBeVisible();
    await address.fill("/pages/about");
    await address.press("Enter");
    await expect(editor.getByRole("link", { name: "our story" })).toHaveAttribute("href", "/pages/about");
    await expect(editor.locator("strong")).toHaveText("darkest");
  });

  await page.goto(`/products/${handle}`);
  const description = page.getByRole("main");
  await expect(description.locator("strong", { hasText: "darkest" })).toBeVisible();
  await expect(description.locator("em", { hasText: "roast" })).toBeVisible();
  await expect(description.getByRole("link", { name: "our story" })).toHaveAttribute("href", "/pages/about");

  await page.goto(editorPath);
  const box = await descriptionHtmlBox(page);
  await expect(box).toHaveValue('<p>Our <strong>darkest</strong> <em>roast</em>. Read <a rel="noopener noreferrer" href="/pages/about">our story</a></p>');
  await checkAdminScreen(page, "rich-text-html-box");
  await box.fill('<p>Safe <b>beans</b></p><script>document.title = "owned"</script><p onclick="alert(1)">Hi</p>');
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(await descriptionEditor(page)).toContainText("Safe beans");
  await expect(await descriptionHtmlBox(page)).toHaveValue("<p>Safe <b>beans</b></p><p>Hi</p>");

  await page.goto(`/products/${handle}`);
  await expect(description.locator("b", { hasText: "beans" })).toBeVisible();
  await expect(page.locator("script", { hasText: "owned" })).toHaveCount(0);
  await expect(page).not.toHaveTitle("owned");
});

test("what the owner types before the editor (or the page's scripts) arrives is saved exactly, once", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const editorPath = await makeProduct(page, `Early Tee ${stamp}`, `ET-${stamp}`, async () => (await descriptionHtmlBox(page)).fill("<p>Old text</p>"));

  // Pasted over the old text before the page has hydrated, as on a slow phone.
  const scripts = await holdScripts(page);
  await page.goto(editorPath, { waitUntil: "domcontentloaded" });
  const field = page.getByRole("textbox", { name: "Description", exact: true });
  await field.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText("<p>Pasted early</p>");
  scripts.release();
  await waitForHydration(page);
  const editor = await descriptionEditor(page);
  await expect(editor).toHaveText("Pasted early");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(await descriptionHtmlBox(page)).toHaveValue("<p>Pasted early</p>");
  await page.unrouteAll();

  // Pasted after hydration while the editor's own code is still on its way; the caret follows into the editor.
  let releaseEditor = () => {};
  const editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
  await page.route("**/assets/rich-text-editor-*.js", async (route) => {
    await editorHeld;
    await route.continue();
  });
  await page.goto(editorPath);
  await field.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText("Pasted late");
  releaseEditor();
  await expect(await descriptionEditor(page)).toHaveText("Pasted late");
  await expect(field).toBeFocused();
  await page.keyboard.type(", then typed");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(await descriptionHtmlBox(page)).toHaveValue("<p>Pasted late, then typed</p>");
});
