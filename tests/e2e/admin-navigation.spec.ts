/**
 * The shop's menu and footer as the owner changes them (issue 23): a menu link and a footer link added show on the
 * shop at once and go again when removed, a link to a page the shop does not have is refused beside its field, the
 * search bar goes on and off, and an entry moves before JavaScript loads. The back office's grouped navigation is
 * used on a phone (a menu that opens) and a laptop (a side bar). Each screen is scanned by axe and photographed at
 * both sizes (/tmp/admin-shots/navigation-*.png). The journey leaves the menu and footer as it found them: other
 * journeys (site-layout.spec.ts) read them.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);
const MENU_LINK = `Journal ${stamp}`;
const FOOTER_LINK = `Brewing guide ${stamp}`;

/** Axe on the screen as it is, at both sizes, with its picture at each; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/navigation-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `/tmp/admin-shots/navigation-${name}-1280.png`, fullPage: true });
}

const backOffice = (page: Page) => page.getByRole("navigation", { name: "Back office" });
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const saved = (page: Page) => expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows it now." })).toBeVisible();

test.describe.configure({ mode: "serial" });
test.use({ storageState: OWNER_STATE });

test("the back office's navigation is grouped: a side bar on a laptop, a menu that opens on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  const nav = backOffice(page);
  await expect(nav.getByRole("link", { name: "Navigation" })).toBeHidden();
  await nav.getByText("Menu").click();
  await expect(nav.getByRole("heading", { name: "Content" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "/tmp/admin-shots/navigation-groups-open-390.png", fullPage: true });
  await nav.getByRole("link", { name: "Navigation" }).click();
  await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();
  // The next page's menu starts closed, naming where the member is.
  await expect(nav.getByText("Menu")).toContainText("Navigation");
  await expect(nav.getByRole("link", { name: "Theme" })).toBeHidden();

  await page.setViewportSize(DESKTOP);
  for (const heading of ["Sales", "Catalogue", "Content", "Inbox", "Settings"]) await expect(nav.getByRole("heading", { name: heading })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Navigation" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/admin-shots/navigation-groups-1280.png" });
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

test("the owner adds a menu link and a footer link, sees them on the shop at once, is refused a missing page, and removes them again", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/navigation");
  await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();
  await checkScreen(page, "screen");

  const newMenuLink = region(page, "Menu").getByRole("group", { name: "New link" });
  await newMenuLink.getByLabel("Name").fill(MENU_LINK);
  await newMenuLink.getByLabel(/^Address/).fill("/blog");
  const newFooterLink = region(page, "Footer links").getByRole("group", { name: "New link" });
  await newFooterLink.getByLabel("Name").fill(FOOTER_LINK);
  await newFooterLink.getByLabel(/^Address/).fill("/blog/brewing-better-coffee-at-home");
  await page.getByRole("button", { name: "Save navigation" }).click();
  await saved(page);

  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MENU_LINK })).toHaveAttribute("href", "/blog");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: FOOTER_LINK })).toHaveAttribute("href", "/blog/brewing-better-coffee-at-home");

  await page.goto("/admin/navigation");
  const anotherLink = region(page, "Menu").getByRole("group", { name: "New link" });
  await anotherLink.getByLabel("Name").fill("Cocoa");
  await anotherLink.getByLabel(/^Address/).fill("/pages/cocoa");
  await page.getByRole("button", { name: "Save navigation" }).click();
  const refusedAddress = region(page, "Menu").getByRole("group", { name: "Cocoa" }).getByLabel(/^Address/);
  await expect(refusedAddress).toHaveAttribute("aria-invalid", "true");
  await expect(refusedAddress).toHaveValue("/pages/cocoa");
  await expect(page.getByText("/pages/cocoa leads to no page in the shop")).toBeVisible();
  await checkScreen(page, "refused");

  await page.goto("/admin/navigation");
  await region(page, "Menu").getByRole("button", { name: `Remove ${MENU_LINK}` }).click();
  await saved(page);
  await region(page, "Footer links").getByRole("button", { name: `Remove ${FOOTER_LINK}` }).click();
  // The first removal's notice is still on the page: the link leaving the form is what says this one was saved.
  await expect(region(page, "Footer links").getByRole("button", { name: `Remove ${FOOTER_LINK}` })).toHaveCount(0);
  await saved(page);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MENU_LINK })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: FOOTER_LINK })).toHaveCount(0);
});

test("the owner puts a search bar in the shop's menu, and takes it out again", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/navigation");
  const searchBar = page.getByLabel(/^Show a search bar in the menu/);
  await searchBar.check();
  await page.getByRole("button", { name: "Save navigation" }).click();
  await saved(page);
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
  await box.fill("house blend");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?query=house\+blend&type=search$/);
  await page.goto("/admin/navigation");
  await searchBar.uncheck();
  await page.getByRole("button", { name: "Save navigation" }).click();
  await saved(page);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("searchbox")).toHaveCount(0);
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner opens the phone's menu and moves a footer section down and back up", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/admin");
    await backOffice(page).getByText("Menu").click();
    await backOffice(page).getByRole("link", { name: "Navigation" }).click();
    const sections = region(page, "Footer sections");
    const titles = sections.getByLabel("Section title");
    const [first, second] = [await titles.nth(0).inputValue(), await titles.nth(1).inputValue()];
    await sections.getByRole("button", { name: `Move section ${first} down` }).click();
    await saved(page);
    await expect(titles.nth(0)).toHaveValue(second);
    await sections.getByRole("button", { name: `Move section ${first} up` }).click();
    await saved(page);
    await expect(titles.nth(0)).toHaveValue(first);
  });
});
