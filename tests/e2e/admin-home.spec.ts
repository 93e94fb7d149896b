/**
 * The home page as the owner changes it (issue 23): a new banner header, a section hidden and another moved, and a
 * new testimonial, each on the shop's home at once. The screen is scanned by axe and photographed on a phone and a
 * laptop (/tmp/admin-shots/home-*.png). The journey puts the home back as it found it: browse.spec,
 * featured-carousel.spec and site-layout.spec read the banner, the sections and the testimonials.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);

async function checkScreen(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/home-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `/tmp/admin-shots/home-${name}-1280.png`, fullPage: true });
}

const saved = (page: Page, text = "Saved. The shop shows it now.") => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

/** Where a heading of the home page is, top to bottom. */
const topOf = async (page: Page, name: string) => (await page.getByRole("heading", { name, level: 2, exact: true }).boundingBox())!.y;

test.use({ storageState: OWNER_STATE });

test("the owner changes the banner, hides and moves sections and adds a testimonial, and sees each on the home page at once", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/home");
  await expect(page.getByRole("heading", { name: "Home page", level: 1 })).toBeVisible();
  await checkScreen(page, "editor");

  const header = page.getByRole("region", { name: "Title banner" }).getByLabel("Header");
  const before = await header.inputValue();
  const newHeader = `Roasted on the quay ${stamp}`;
  await header.fill(newHeader);
  await page.getByRole("button", { name: "Save banners" }).click();
  await saved(page);

  const sections = page.getByRole("region", { name: "Sections" });
  await sections.getByRole("checkbox", { name: "Recent reviews" }).uncheck();
  await sections.getByRole("button", { name: "Move Testimonials up" }).click();
  await expect(sections.getByRole("listitem").nth(4)).toContainText("Testimonials");
  await expect(sections.getByRole("checkbox", { name: "Recent reviews" })).not.toBeChecked();
  await sections.getByRole("button", { name: "Move Testimonials up" }).click();
  await expect(sections.getByRole("listitem").nth(3)).toContainText("Testimonials");

  const title = `Worth the drive ${stamp}`;
  const adding = page.getByRole("region", { name: "Add a testimonial" });
  await adding.getByLabel("Title").fill(title);
  await adding.getByLabel("What they said").fill(`I drive an hour for these beans (${stamp}).`);
  await adding.getByLabel("Rating").selectOption("4");
  await adding.getByLabel("Name").fill("Morgan");
  await adding.getByRole("button", { name: "Add testimonial" }).click();
  await saved(page, "Added.");
  const added = page.getByRole("listitem", { name: new RegExp(title) });
  await expect(added.getByLabel("Title")).toHaveValue(title);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: newHeader })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What our customers say" })).toHaveCount(0);
  expect(await topOf(page, "Testimonials")).toBeLessThan(await topOf(page, "Shop all products"));
  await expect(page.getByRole("region", { name: "Customer testimonials" })).toContainText(title);

  // Back as it was: the header, the reviews shown, the testimonials after the image band, the testimonial gone.
  await page.goto("/admin/home");
  await header.fill(before);
  await page.getByRole("button", { name: "Save banners" }).click();
  await saved(page);
  await sections.getByRole("checkbox", { name: "Recent reviews" }).check();
  await sections.getByRole("button", { name: "Move Testimonials down" }).click();
  await expect(sections.getByRole("listitem").nth(4)).toContainText("Testimonials");
  await expect(sections.getByRole("checkbox", { name: "Recent reviews" })).toBeChecked();
  await sections.getByRole("button", { name: "Move Testimonials down" }).click();
  await expect(sections.getByRole("listitem").nth(5)).toContainText("Testimonials");
  // Removing asks first, its question focused.
  await added.getByRole("link", { name: /^Remove testimonial/ }).click();
  await expect(added.getByText(/^Remove .*'s testimonial/)).toBeFocused();
  await added.getByRole("button", { name: "Remove testimonial" }).click();
  await saved(page, "Deleted.");
  await expect(added).toHaveCount(0);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: before })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What our customers say" })).toBeVisible();
  expect(await topOf(page, "Testimonials")).toBeGreaterThan(await topOf(page, "Shop all products"));
  await expect(page.getByRole("region", { name: "Customer testimonials" })).not.toContainText(title);
});

test("a banner height below 250 pixels is refused beside its field and the screen still passes axe", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/home");
  const height = page.getByLabel(/^Height in pixels/);
  await height.fill("120");
  await page.getByRole("button", { name: "Save banners" }).click();
  await expect(page.getByText("The banner's height must be at least 250 pixels")).toBeVisible();
  await expect(height).toHaveAttribute("aria-invalid", "true");
  await checkScreen(page, "refused");
});
