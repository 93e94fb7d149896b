/**
 * Deleting what a footer link leads to (issue 37, defect 2): the owner makes a bundle, links it in the footer, then
 * deletes the bundle. The delete names the link and asks whether it goes too; the owner removes it, and the shop's
 * footer no longer offers a link to a page that answers 404. The question is scanned by axe on a phone and a laptop.
 */
import { expect, test } from "./fixtures";
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
