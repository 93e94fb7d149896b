import { type BrowserContext, type Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { richTextHtmlBox } from "./rich-text";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { DESKTOP, PHONE } from "./viewports";
import { drawProductForm } from "./product-form";

// Its own product, so no other journey's stock or mail is touched; its own names, so a retry never meets an earlier run's.
const stamp = Date.now().toString(36).toUpperCase();
const TITLE = `Alert Mug ${stamp}`;
const HANDLE = `alert-mug-${stamp.toLowerCase()}`;
const SAGE = `AM-${stamp}-SAGE`;
const SHOPPER = `alert.${stamp.toLowerCase()}@example.com`;
/** Asks without JavaScript and never confirms: never mailed about the restock. */
const UNCONFIRMED = `plain.${stamp.toLowerCase()}@example.com`;
/** Asks once Sage is sold out again: the second restock's email to them shows that sending has run. */
const LATER = `later.${stamp.toLowerCase()}@example.com`;

/** The owner makes an active product whose first variant, Sage, is sold out and whose second, Clay, is in stock. */
async function makeProduct(owner: BrowserContext) {
  const page = await owner.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/products/new");
  // Typed before the editor is hydrated, the title would be lost.
  await waitForHydration(page);
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await (await richTextHtmlBox(page)).fill("<p>A mug for the alert journey.</p>");
  await page.getByLabel("Status").selectOption("active");
  await drawProductForm(page, { options: 1, rows: 2 });
  await page.getByLabel("Option 1 name").fill("Colour");
  for (const [row, [colour, stock]] of [["Sage", "0"], ["Clay", "3"]].entries()) {
    const variant = page.getByRole("group", { name: `Variant ${row + 1}` });
    await variant.getByLabel("Option 1 value").fill(colour);
    await variant.getByLabel("SKU").fill(`AM-${stamp}-${colour.toUpperCase()}`);
    await variant.getByLabel("Price ($)", { exact: true }).fill("18.00");
    await variant.getByLabel("Stock", { exact: true }).fill(stock);
  }
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created.")).toBeVisible();
  await expect(page.getByLabel("Handle (the address: /products/handle)")).toHaveValue(HANDLE);
  await page.close();
}

/** The mails to the shopper with `subject`, as the owner's mailbox lists them. */
async function mails(owner: BrowserContext, subject: string, to = SHOPPER) {
  const page = await owner.newPage();
  await page.goto("/dev/mailbox");
  const found = page.getByRole("article").filter({ hasText: `To ${to}` }).filter({ has: page.getByRole("heading", { name: subject }) });
  const texts = await found.locator("pre").allInnerTexts();
  await page.close();
  return texts;
}

const linkIn = (text: string, path: string) => text.match(new RegExp(`https?://\\S+${path.replace(/[?/]/g, "\\$&")}\\S*`))![0];

/** The product's own colour picker, not a quick-shop card's among the other products below. */
const colours = (page: Page) => page.getByRole("group", { name: /^Colour:/ }).first();

const form = (page: Page) => page.getByRole("region", { name: "Sold out: get an email when it's back" });

test("a shopper asks for a sold-out variant, confirms, the owner restocks it, and exactly one email with a working link arrives", async ({ page, browser }) => {
  // The whole errand of three people (shopper, mailbox, owner) with axe at two widths.
  test.setTimeout(180_000);
  const owner = await ownerContext(browser);
  await makeProduct(owner);

  // Before JavaScript, the form is a plain post answered by a page of its own.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`/products/${HANDLE}`);
  await noScript.setViewportSize(DESKTOP);
  await form(noScript).getByLabel("Email").fill(UNCONFIRMED);
  await form(noScript).getByRole("button", { name: "Email me when it's back" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Check your email: we sent a link to confirm the alert.");
  await noScript.getByRole("link", { name: "Back to the product" }).click();
  await expect(noScript.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await plain.close();

  await page.setViewportSize(PHONE);
  await page.goto(`/products/${HANDLE}`);
  await expect(colours(page).getByRole("radio", { name: "Sage" })).toBeChecked();
  await expect(form(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The in-stock variant has no form; the sold-out one has it again.
  await colours(page).getByText("Clay", { exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await colours(page).getByText("Sage", { exact: true }).click();

  // A malformed address is named beside the field, by keyboard.
  await form(page).getByLabel("Email").fill("not an email");
  await form(page).getByLabel("Email").press("Enter");
  await expect(form(page).getByText("Invalid email address")).toBeVisible();
  await form(page).getByLabel("Email").fill(SHOPPER);
  await form(page).getByRole("button", { name: "Email me when it's back" }).click();
  await expect(form(page).getByRole("status")).toHaveText("Check your email: we sent a link to confirm the alert.");
  await expectNoSeriousA11yViolations(page);

  const [confirmation] = await mails(owner, `Confirm your alert for ${TITLE} — Sage`);
  const confirm = linkIn(confirmation, "/back-in-stock/confirm?token=");
  await page.setViewportSize(DESKTOP);
  await page.goto(confirm);
  await expect(page.getByRole("heading", { name: "Your alert is confirmed" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The owner sees who waits, and restocks Sage on the inventory screen.
  const desk = await owner.newPage();
  await desk.setViewportSize(DESKTOP);
  await desk.goto(`/admin/inventory?q=${encodeURIComponent(SAGE)}`);
  await waitForHydration(desk);
  await expect(desk.getByRole("region", { name: "Shoppers waiting for a restock" }).getByRole("listitem").filter({ hasText: TITLE })).toContainText(
    "1 waiting",
  );
  const row = desk.getByRole("region", { name: "Variants" }).getByRole("row").filter({ hasText: SAGE });
  await expect(row).toContainText("1 waiting for a restock");
  await expectNoSeriousA11yViolations(desk);
  const adjust = row.getByRole("form", { name: `Adjust the stock of ${SAGE}` });
  /**
   * The row's stock form, opened when it is closed (it stays open across its own saves). The notice stays from the
   * first save, so the row's new figure is what shows that this save has landed.
   */
  async function changeStock(how: "change" | "set", amount: string, reason: string, stockAfter: number) {
    if (!(await adjust.isVisible())) await row.getByText("Adjust").click();
    await adjust.getByLabel("How").selectOption(how);
    await adjust.getByLabel("Amount").fill(amount);
    await adjust.getByLabel("Reason").selectOption(reason);
    await adjust.getByRole("button", { name: "Save" }).click();
    await expect(desk.getByRole("status")).toHaveText("Stock changed.");
    await expect(row.getByRole("cell").nth(1)).toHaveText(new RegExp(`^${stockAfter}(?!\\d)`));
  }
  await changeStock("change", "4", "received", 4);

  const subject = `${TITLE} — Sage is back in stock`;
  await expect.poll(async () => (await mails(owner, subject)).length, { timeout: 20_000 }).toBe(1);
  // A second restock (sold out again, then back) mails nothing more: the alert had its one email. Nothing in a sending
  // that mails nobody can be seen, so a second shopper asks in between: once their email is in, the sending has run.
  await changeStock("set", "0", "correction", 0);
  await page.goto(`/products/${HANDLE}`);
  await form(page).getByLabel("Email").fill(LATER);
  await form(page).getByRole("button", { name: "Email me when it's back" }).click();
  await expect(form(page).getByRole("status")).toHaveText("Check your email: we sent a link to confirm the alert.");
  const [laterConfirmation] = await mails(owner, `Confirm your alert for ${TITLE} — Sage`, LATER);
  await page.goto(linkIn(laterConfirmation, "/back-in-stock/confirm?token="));
  await expect(page.getByRole("heading", { name: "Your alert is confirmed" })).toBeVisible();
  await changeStock("change", "2", "received", 2);
  await expect.poll(async () => (await mails(owner, subject, LATER)).length, { timeout: 20_000 }).toBe(1);
  await desk.reload();
  await expect(desk.getByRole("region", { name: "Shoppers waiting for a restock" })).toHaveCount(0);
  const [notice, ...more] = await mails(owner, subject);
  expect(more).toEqual([]);
  expect(await mails(owner, `Confirm your alert for ${TITLE} — Sage`, UNCONFIRMED)).toHaveLength(1);
  expect(await mails(owner, subject, UNCONFIRMED)).toEqual([]);

  // The email's product link opens the product; its unsubscribe link works in one click.
  await page.goto(linkIn(notice, `/products/${HANDLE}`));
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await page.goto(linkIn(notice, "/back-in-stock/unsubscribe?token="));
  await expect(page.getByRole("heading", { name: "No more back-in-stock emails" })).toBeVisible();
  await owner.close();
});
