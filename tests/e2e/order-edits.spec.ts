/**
 * Editing a paid order before it ships (issue 35, decision 0058), as an owner does it when a customer asks for a
 * bigger bag: the owner swaps the variant on the order's edit screen, reviews the difference, saves; the customer's
 * email carries the payment link, the customer pays it with the test card, and the order is paid and ready to ship
 * again, invoiced anew. The edit screen is scanned by axe at the phone's and the laptop's sizes. Ethiopia is bought here (the House
 * Blend's bags are counted by other journeys).
 */
import { checkAdminScreen } from "./a11y";
import { expect, test } from "./fixtures";
import { holdScripts, untilHydrated } from "./hydration";
import { ownerContext } from "./owner";
import { placeOrder } from "./place-order";
import { DESKTOP, PHONE } from "./viewports";

const SMALL = "ETH-12OZ-WB";
const EMAIL = `edit-${Date.now()}@example.com`;

test("the owner swaps a variant on a paid order and the customer's payment link settles the difference", async ({ page, browser }) => {
  const number = await placeOrder(page, EMAIL, SMALL);

  const owner = await ownerContext(browser);
  const desk = await owner.newPage();
  await desk.setViewportSize(DESKTOP);
  await desk.goto(`/admin/orders/${number}`);
  await desk.getByRole("link", { name: "Edit order" }).click();
  await expect(desk.getByRole("heading", { name: `Edit order #${number}` })).toBeVisible();
  await checkAdminScreen(desk, "order-edit");

  const items = desk.getByRole("region", { name: "Items" });
  await items.getByLabel("Variant of Ethiopia Yirgacheffe Kochere").selectOption("ETH-2LB-WB");
  await desk.getByRole("button", { name: "Review changes" }).click();
  const review = desk.getByRole("region", { name: "Review changes" });
  await expect(review.getByText("Ethiopia Yirgacheffe Kochere: Whole Bean, 12 oz → Whole Bean, 2 lb")).toBeVisible();
  // Two 2 lb bags ($92.00, shipped free) and California's tax, against what was paid for two 12 oz bags.
  await expect(review.getByRole("status")).toContainText(/New total \$98\.67 \(was \$\d+\.\d\d\)\. The customer will be charged \$\d+\.\d\d by a payment link\./);
  await checkAdminScreen(desk, "order-edit-review");
  await review.getByRole("button", { name: "Save changes" }).click();

  await expect(desk.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(desk.getByRole("status")).toHaveText("Order changed; the customer was emailed a link to pay the difference. The order ships once it is paid.");
  await expect(desk.getByText(/Awaiting payment/).first()).toBeVisible();
  await expect(desk.getByRole("region", { name: "Ship the order" })).toHaveCount(0);

  // The customer reads what changed, and the link, in their email.
  const mailbox = await owner.newPage();
  await mailbox.goto("/dev/mailbox");
  const changed = mailbox.getByRole("article").filter({ hasText: `Order #${number} was changed` });
  await expect(changed).toContainText("Ethiopia Yirgacheffe Kochere: Whole Bean, 12 oz → Whole Bean, 2 lb");
  const linkMail = mailbox.getByRole("article").filter({ hasText: `for order #${number}` }).filter({ hasText: "Pay securely" });
  const payAt = /\/pay\?token=\S+/.exec((await linkMail.first().innerText()) ?? "")![0];

  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.setViewportSize(PHONE);
  // On a slow phone the customer starts typing before the page's script has run; what they typed stays.
  const scripts = await holdScripts(pay);
  await pay.goto(payAt, { waitUntil: "domcontentloaded" });
  await expect(pay.getByRole("heading", { name: /Amount due: \$\d+\.\d\d/ })).toBeVisible();
  await pay.getByLabel("Card number").fill("4242 4242 4242 4242");
  await pay.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  scripts.release();
  await untilHydrated(pay.getByLabel("CVC"));
  await pay.getByLabel("CVC").fill("123");
  await pay.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(pay.getByRole("status")).toContainText("We received your payment of");

  // Paid, and shippable again.
  await desk.reload();
  await expect(desk.getByText(/Paid, to ship/).first()).toBeVisible();
  await expect(desk.getByRole("region", { name: "Ship the order" })).toBeVisible();
  await expect(desk.getByRole("region", { name: "Items" })).toContainText("Whole Bean, 2 lb");
  // Invoiced anew for $98.67: the first invoice stays listed as replaced, and a credit note cancels it.
  const documents = desk.getByRole("region", { name: "Invoice and credit notes" }).getByRole("listitem");
  await expect(documents).toHaveCount(3);
  await expect(documents.nth(0)).toContainText(/^Invoice INV-\d{6} \(PDF\) · \$\d+\.\d\d · replaced after the order was changed$/);
  await expect(documents.nth(1)).toHaveText(/^Invoice INV-\d{6} \(PDF\) · \$98\.67$/);
  await expect(documents.nth(2)).toHaveText(/^Credit note CN-\d{6} \(PDF\) · \$\d+\.\d\d$/);
  await checkAdminScreen(desk, "order-edited-documents");
  await mailbox.reload();
  await expect(mailbox.getByRole("article").filter({ hasText: `Payment received for order #${number}` })).toContainText(/INV-\d{6}\.pdf[\s\S]*CN-\d{6}\.pdf/);
  await customer.close();
  await owner.close();
});
