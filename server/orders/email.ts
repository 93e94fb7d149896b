/** The order confirmation email, in HTML and plain text: items, totals and the shipping address. */
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import type { orderLines, orders } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings } from "../store/settings";

type Order = typeof orders.$inferSelect;
type Line = typeof orderLines.$inferSelect;

function lineLabel(line: Line): string {
  const attributes = line.attributes ? Object.values(line.attributes).join(", ") : "";
  return attributes ? `${line.title} (${attributes})` : line.title;
}

export function orderTotals(order: Order): [string, string][] {
  return [
    ["Subtotal", formatMoney(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [[`Discount${order.discountCode ? ` (${order.discountCode})` : ""}`, formatMoney(-order.discountCents)] as [string, string]]
      : []),
    ["Shipping", order.shippingCents === 0 ? "FREE" : formatMoney(order.shippingCents)],
    ["Tax", formatMoney(order.taxCents)],
    ["Total", formatMoney(order.totalCents)],
  ];
}

export function addressLines(order: Order): string[] {
  const a = order.shippingAddress;
  return [a.name, a.line1, a.line2 ?? "", `${a.city}, ${a.state} ${a.postal_code}`, a.country].filter((line) => line !== "");
}

function renderOrderConfirmation(shopName: string, order: Order, lines: Line[]) {
  const subject = `Order #${order.number} confirmed`;
  const text = [
    `Thank you for your order, ${order.customerName}!`,
    `Order number: ${order.number}`,
    "",
    ...lines.map((line) => `${line.quantity} x ${lineLabel(line)}  ${formatMoney(line.lineTotalCents)}`),
    "",
    ...orderTotals(order).map(([label, value]) => `${label}: ${value}`),
    "",
    "Shipping to:",
    ...addressLines(order),
    "",
    shopName,
  ].join("\n");
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px 4px 0">${line.quantity} × ${escapeHtml(lineLabel(line))}</td><td style="text-align:right">${formatMoney(line.lineTotalCents)}</td></tr>`,
    )
    .join("");
  const totals = orderTotals(order)
    .map(([label, value]) => `<tr><td style="padding:2px 8px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`)
    .join("");
  const html = layoutHtml(
    shopName,
    `<p>Thank you for your order, ${escapeHtml(order.customerName)}!</p>
<p><strong>Order number: ${order.number}</strong></p>
<table style="border-collapse:collapse;width:100%">${rows}</table>
<hr><table style="border-collapse:collapse;width:100%">${totals}</table>
<p><strong>Shipping to:</strong><br>${addressLines(order).map(escapeHtml).join("<br>")}</p>`,
  );
  return { subject, text, html };
}

export async function sendOrderConfirmation(deps: AppDeps, order: Order, lines: Line[]) {
  const settings = await getStoreSettings(deps.db, order.storeId);
  const message = renderOrderConfirmation(settings.websiteTitle, order, lines);
  await deps.mailer.send({ storeId: order.storeId, to: order.email, kind: "order-confirmation", ...message });
}
