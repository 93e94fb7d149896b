import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { expectNoSeriousA11yViolations, checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerContext } from "./owner";
import { placeOrder } from "./place-order";
import { PHONE_AND_DESKTOP } from "./viewports";

/** Night Shift Espresso, 12 oz, espresso grind: no other journey counts its stock. */
const SKU = "NIGHT-12OZ-ESP";
const LINE = "Night Shift Espresso (Espresso Grind, 12 oz) 2 $18.00 $36.00";
const EMAIL = "ingrid.invoice@example.com";

/** The text of the PDF a click on `link` downloads, and the file's name. */
async function downloaded(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { filename: download.suggestedFilename(), text: await pdfText(await readFile(await download.path())) };
}

test("the paid email carries the invoice PDF, and the customer and the owner download the same one", async ({ page, browser }) => {
  const number = await placeOrder(page, EMAIL, SKU);

  // The confirmation in the mailbox, with the invoice attached.
  const owner = await ownerContext(browser);
  const mailbox = await owner.newPage();
  await mailbox.goto("/dev/mailbox");
  const mail = mailbox.getByRole("article").filter({ hasText: `Order #${number} confirmed` });
  const total = (await mail.textContent())!.match(/Total: (\$\d+\.\d\d)/)![1];
  const attachment = mail.getByRole("link", { name: /^INV-\d{6}\.pdf$/ });
  const invoiceFile = (await attachment.textContent())!;
  const attached = await downloaded(mailbox, attachment);
  expect(attached.filename).toBe(invoiceFile);
  expect(attached.text).toContain(`Invoice ${invoiceFile.replace(".pdf", "")}`);
  expect(attached.text).toContain(`Order: #${number}`);
  expect(attached.text).toContain(LINE);
  expect(attached.text).toContain("Subtotal $36.00");
  expect(attached.text).toMatch(/\nShipping \$\d+\.\d\d\n/);
  expect(attached.text).toMatch(/\nTax CA 7\.25% \$\d+\.\d\d\n/);
  expect(attached.text).toContain(`Total ${total}`);

  // The owner's order page links the same invoice.
  const desk = await owner.newPage();
  await desk.goto(`/admin/orders/${number}`);
  const documents = desk.getByRole("region", { name: "Invoice and credit notes" });
  const fromDesk = await downloaded(desk, documents.getByRole("link", { name: `Invoice ${invoiceFile.replace(".pdf", "")} (PDF)` }));
  expect(fromDesk).toEqual(attached);
  await checkAdminScreen(desk, "order-invoice");

  // The store settings take the seller's details for invoices (looked at, not changed: other journeys share the shop).
  const settings = await owner.newPage();
  await settings.goto("/admin/settings");
  const invoicing = settings.getByRole("region", { name: "Invoices" });
  await expect(invoicing.getByLabel("Legal name")).toBeVisible();
  await expect(invoicing.getByLabel("Address (one line per line)")).toBeVisible();
  await expect(invoicing.getByLabel("Tax id (VAT number or EIN)")).toBeVisible();
  await checkAdminScreen(settings, "settings-invoices");
  await owner.close();

  // The customer, as a guest in a fresh browser, finds the order and downloads the same invoice.
  const guest = await browser.newContext();
  const shopper = await guest.newPage();
  for (const { viewport } of PHONE_AND_DESKTOP) {
    await shopper.setViewportSize(viewport);
    await shopper.goto("/orders/lookup");
    const form = shopper.getByRole("form", { name: "Find an order" });
    await form.getByLabel("Order number").fill(number);
    await form.getByLabel("Email").fill(EMAIL);
    await form.getByRole("button", { name: "Find Order" }).click();
    await expect(shopper.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
    await expectNoSeriousA11yViolations(shopper);
  }
  const fromLookup = await downloaded(shopper, shopper.getByRole("link", { name: `Invoice ${invoiceFile.replace(".pdf", "")} (PDF)` }));
  expect(fromLookup).toEqual(attached);
  await guest.close();
});
