/**
 * Packing slips (issue 35) as the owner prints them: two of a shopper's orders picked on the orders list with the
 * keyboard, printed as one slip per page with nothing of the back office on paper (print media: the page's own tools
 * hidden, a page break after each slip, a PDF of two pages), no prices; the slip page scanned by axe on a phone and a
 * laptop (/tmp/admin-shots/packing-slips-*.png), and one order's own slip reached from its page.
 */
import { httpShopper } from "../support/http-shopper";
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP } from "./viewports";

/** Bought by this journey alone. */
const TUMBLER = { sku: "TUMB-16OZ-FOREST", priceCents: 3200 };

test.use({ storageState: OWNER_STATE });

test("the owner picks two orders with the keyboard and prints one packing slip per page, without the back office", async ({ page, baseURL }) => {
  const email = `slips-${Date.now()}@example.com`;
  const buy = httpShopper(baseURL!, email);
  expect(await buy(TUMBLER)).toBe(true);
  expect(await buy(TUMBLER)).toBe(true);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/orders?${new URLSearchParams({ q: email })}`);
  const list = page.getByRole("region", { name: "Orders" });
  const numbers = (await list.getByRole("link").allInnerTexts()).map((text) => text.replace("#", ""));
  expect(numbers).toHaveLength(2);

  // Keyboard only: each order's checkbox, then the print button after the list.
  const [first, second] = numbers.map((number) => list.getByRole("checkbox", { name: `Select order #${number}` }));
  await first.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(list.getByRole("link", { name: `#${numbers[0]}` })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Print packing slips" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(`/admin/orders/slips?number=${numbers[0]}&number=${numbers[1]}`);
  await expect(page.getByRole("heading", { name: "Packing slips (2)", level: 1 })).toBeVisible();
  const slips = page.getByRole("article");
  await expect(slips).toHaveCount(2);
  for (const [index, number] of numbers.entries()) {
    const slip = page.getByRole("article", { name: `Packing slip · Order #${number}` });
    await expect(slips.nth(index)).toHaveAccessibleName(`Packing slip · Order #${number}`);
    await expect(slip.getByText("Sale Shopper")).toBeVisible();
    await expect(slip.getByText("Austin, TX 73301")).toBeVisible();
    await expect(slip.getByText("Shipping: Standard Shipping")).toBeVisible();
    await expect(slip.getByRole("row").nth(1)).toContainText(/Tumbler.*16 oz, Forest.*TUMB-16OZ-FOREST/);
    await expect(slip).not.toContainText("$");
  }
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await checkAdminScreen(page, "packing-slips");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Packing slips (2)" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  const breaks = await slips.evaluateAll((articles) => articles.map((article) => getComputedStyle(article).breakAfter));
  expect(breaks).toEqual(["page", "auto"]);
  await page.screenshot({ path: "/tmp/admin-shots/packing-slips-print.png", fullPage: true });
  const pdf = (await page.pdf({ format: "Letter" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
  await page.emulateMedia({ media: "screen" });

  await page.goto(`/admin/orders/${numbers[1]}`);
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page.getByRole("heading", { name: `Packing slip for order #${numbers[1]}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
});
