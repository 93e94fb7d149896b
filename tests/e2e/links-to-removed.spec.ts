/**
 * Deleting what a footer link leads to (issue 37, defect 2): the owner makes a bundle, links it in the footer, then
 * deletes the bundle. The delete names the link and asks whether it goes too; the owner removes it, and the shop's
 * footer no longer offers a link to a page that answers 404. Saving a product as archived and unpublishing a page ask
 * the same, answered from the keyboard. Each question is scanned by axe on a phone and a laptop.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { richTextEditor } from "./rich-text";
import { axeAtBothWidths } from "./own-shop";
import { OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

const stamp = Date.now().toString(36);
const TITLE = `Linked Mug ${stamp}`;
const HANDLE = `linked-mug-${stamp}`;
const LINK = `Our mug gift ${stamp}`;

test.use({ storageState: OWNER_STATE });

test("deleting a bundle the footer links to asks about the link, and removing it too leaves no dead link", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/bundles/new");
  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel(/^Handle/).fill(HANDLE);
  await page.getByLabel("Price in dollars").fill("24.00");
  await page.getByLabel("Add a product").selectOption({ label: "Harbor Stoneware Mug" });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Bundle saved; the shop shows it now.")).toBeVisible();
  const bundleScreen = page.url();

  await page.goto("/admin/navigation");
  const newLink = page.getByRole("region", { name: "Footer links", exact: true }).getByRole("group", { name: "New link" });
  await newLink.getByLabel("Name", { exact: true }).fill(LINK);
  await newLink.getByRole("combobox", { name: /^Address/ }).fill(`/bundles/${HANDLE}`);
  await page.getByRole("button", { name: "Save navigation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows it now." })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LINK })).toHaveAttribute("href", `/bundles/${HANDLE}`);

  await page.goto(bundleScreen);
  await page.getByRole("link", { name: `Delete the bundle ${TITLE}` }).click();
  await page.getByRole("button", { name: "Delete bundle" }).click();
  const question = page.getByText(`Delete the bundle ${TITLE}? This link leads to it and would then lead nowhere:`);
  await expect(question).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: `Footer: ${LINK} (/bundles/${HANDLE})` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Keep the link" })).toBeVisible();
  // Nothing is deleted until the owner answers.
  expect((await page.request.get(`/bundles/${HANDLE}`)).status()).toBe(200);
  await axeAtBothWidths(page);
  await page.screenshot({ path: "/tmp/admin-shots/links-to-removed-1280.png", fullPage: true });

  await page.getByRole("button", { name: "Remove the link too" }).click();
  await expect(page.getByText("Bundle deleted.")).toBeVisible();
  expect((await page.request.get(`/bundles/${HANDLE}`)).status()).toBe(404);
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LINK })).toHaveCount(0);
});

/** Adds a footer link on the navigation screen and sees the shop's footer offer it. */
async function linkInFooter(page: Page, name: string, address: string) {
  await page.goto("/admin/navigation");
  const newLink = page.getByRole("region", { name: "Footer links", exact: true }).getByRole("group", { name: "New link" });
  await newLink.getByLabel("Name", { exact: true }).fill(name);
  await newLink.getByRole("combobox", { name: /^Address/ }).fill(address);
  await page.getByRole("button", { name: "Save navigation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows it now." })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name })).toHaveAttribute("href", address);
}

test("saving a product as archived while the footer links to it asks about the link first, and the keyboard answers it", async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Linked Tumbler ${stamp}`;
  const handle = `linked-tumbler-${stamp}`;
  const link = `Our tumbler ${stamp}`;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/new");
  // Typed before the editor is hydrated, the title would be lost.
  await waitForHydration(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel(/^Handle/).fill(handle);
  await page.getByLabel("Status").selectOption("active");
  const variant = page.getByRole("group", { name: "Variant 1" });
  await variant.getByLabel("SKU").fill(`LT-${stamp}`.toUpperCase());
  await variant.getByLabel("Price ($)", { exact: true }).fill("21.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created.")).toBeVisible();
  const productScreen = page.url();
  await linkInFooter(page, link, `/products/${handle}`);

  await page.goto(productScreen);
  await waitForHydration(page);
  await page.getByLabel("Title", { exact: true }).fill(`${title} (retired)`);
  await page.getByLabel("Status").selectOption("archived");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const question = page.getByText(`Save ${title}? Its page leaves the shop. This link leads to it and would then lead nowhere:`);
  await expect(question).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: `Footer: ${link} (/products/${handle})` })).toBeVisible();
  // Nothing is saved until the owner answers; the form keeps what was typed.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (retired)`);
  await expect(page.getByLabel("Status")).toHaveValue("archived");
  await axeAtBothWidths(page);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Remove the link too" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (retired)`);
  await expect(page.getByLabel("Status")).toHaveValue("archived");
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: link })).toHaveCount(0);
});

test("unpublishing a page the footer links to asks about the link; keeping it keeps it", async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Linked Wholesale ${stamp}`;
  const name = `linked-wholesale-${stamp}`;
  const link = `Wholesale ${stamp}`;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/pages/new");
  await waitForHydration(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel("Status").selectOption("published");
  await (await richTextEditor(page, "Section 1 text")).fill("Write to us for wholesale prices.");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("status")).toHaveText("Published; shoppers see it now.");
  const pageScreen = page.url();
  await linkInFooter(page, link, `/pages/${name}`);

  await page.goto(pageScreen);
  await page.getByRole("button", { name: "Unpublish page" }).click();
  const question = page.getByText(`Unpublish the page ${title}? This link leads to it and would then lead nowhere:`);
  await expect(question).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: `Footer: ${link} (/pages/${name})` })).toBeVisible();
  expect((await page.request.get(`/data/${name}.json`)).status()).toBe(200);
  await axeAtBothWidths(page);

  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Keep the link" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Unpublished: it is a draft only staff can see.");
  await expect(page.getByText("Draft: only staff can see it.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: link })).toHaveAttribute("href", `/pages/${name}`);
});
