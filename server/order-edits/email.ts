/**
 * The customer's word that their order was changed: what changed, the order as it now is (a bundle's contents in
 * words), and what it means for their money: a refund on its way, a payment link that follows, or nothing. When the
 * order owes nothing more, its new invoice and the credit note cancelling the old one go with it.
 */
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import type { orderEdits } from "../db/schema";
import { escapeHtml, layoutHtml, type MailAttachment } from "../mail/mailer";
import { orderSummary, sendAboutOrder } from "../orders/email";
import { linesOf, type Order } from "../orders/orders";

type Edit = typeof orderEdits.$inferSelect;

/** What the edit means for the customer's money, in one sentence. */
export function differenceWords(differenceCents: number): string {
  if (differenceCents < 0) return `${formatMoney(-differenceCents)} will be refunded to your original payment method.`;
  if (differenceCents > 0) return `${formatMoney(differenceCents)} is due for the change: we are sending you a link to pay it, and your order ships once it is paid.`;
  return "The total is unchanged.";
}

export async function sendOrderEdited(
  deps: AppDeps,
  order: Order,
  edit: Edit,
  refund: { amountCents: number } | null,
  paymentLink: { amountCents: number } | null,
  documents: MailAttachment[],
) {
  const summary = await orderSummary(deps, order, await linesOf(deps.db, order.id));
  const money = differenceWords(refund ? -refund.amountCents : (paymentLink?.amountCents ?? 0));
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-edited",
    subject: `Order #${order.number} was changed`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `We changed order #${order.number} as agreed:`,
      ...edit.changes.map((change) => `- ${change}`),
      "",
      money,
      "",
      "Your order now:",
      ...summary.text,
      "",
      shopName,
    ].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Hello ${escapeHtml(order.customerName)},</p>
<p>We changed order <strong>#${order.number}</strong> as agreed:</p>
<ul>${edit.changes.map((change) => `<li>${escapeHtml(change)}</li>`).join("")}</ul>
<p>${escapeHtml(money)}</p>
<p><strong>Your order now:</strong></p>
${summary.html}`,
    ),
    ...(documents.length > 0 ? { attachments: documents } : {}),
  }));
}
