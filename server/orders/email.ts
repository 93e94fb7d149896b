/**
 * The order's emails, each in HTML and plain text: the confirmation (items, totals, address) and the owner's notice
 * of a paid order, then the customer's word when the order ships (carrier and tracking link), is refunded (the
 * amount) or is cancelled. Each is kept with its order's id, so the order's timeline lists what was sent.
 */
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import type { orderLines, orders } from "../db/schema";
import { escapeHtml, layoutHtml, type MailAttachment } from "../mail/mailer";
import { invoiceAttachment } from "./invoices";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { getStoreSettings, shopContactAddress } from "../store/settings";
import { carrierName, trackingUrl } from "./carriers";
import { lineText, withWords } from "./line-words";
import { orderNoticeRecipients } from "../staff/accounts";

type Order = typeof orders.$inferSelect;
type Line = typeof orderLines.$inferSelect;

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

/** The order's lines, totals and address: what the customer bought, as the confirmation and the owner see it. */
export async function orderSummary(deps: AppDeps, order: Order, orderLines: Line[]) {
  const lines = await withWords(deps.db, order.storeId, orderLines);
  const text = [
    ...lines.map((line) => `${line.quantity} x ${lineText(line)}  ${formatMoney(line.lineTotalCents)}`),
    "",
    ...orderTotals(order).map(([label, value]) => `${label}: ${value}`),
    "",
    "Shipping to:",
    ...addressLines(order),
  ];
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px 4px 0">${line.quantity} × ${escapeHtml(lineText(line))}</td><td style="text-align:right">${formatMoney(line.lineTotalCents)}</td></tr>`,
    )
    .join("");
  const totals = orderTotals(order)
    .map(([label, value]) => `<tr><td style="padding:2px 8px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`)
    .join("");
  const html = `<table style="border-collapse:collapse;width:100%">${rows}</table>
<hr><table style="border-collapse:collapse;width:100%">${totals}</table>
<p><strong>Shipping to:</strong><br>${addressLines(order).map(escapeHtml).join("<br>")}</p>`;
  return { text, html };
}

type Summary = Awaited<ReturnType<typeof orderSummary>>;

/** `statusLink`: the order lookup, where the order's status and tracking link can be found with or without an account. */
function renderOrderConfirmation(shopName: string, order: Order, summary: Summary, statusLink: string) {
  const subject = `Order #${order.number} confirmed`;
  const text = [
    `Thank you for your order, ${order.customerName}!`,
    `Order number: ${order.number}`,
    "",
    ...summary.text,
    "",
    `Check your order's status: ${statusLink}`,
    "",
    shopName,
  ].join("\n");
  const html = layoutHtml(
    shopName,
    `<p>Thank you for your order, ${escapeHtml(order.customerName)}!</p>
<p><strong>Order number: ${order.number}</strong></p>
${summary.html}
<p><a href="${escapeHtml(statusLink)}">Check your order's status</a> with its number and this email address.</p>`,
  );
  return { subject, text, html };
}

/** A link into the shop, always on its PUBLIC_URL, whichever process sends the message. */
export const shopLink = (deps: AppDeps, path: string) => `${deps.config.publicUrl.replace(/\/$/, "")}${path}`;

export type Message = { kind: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/** One message each to the addresses `recipients` names from the store's settings, read once. */
async function sendAboutOrderTo(
  deps: AppDeps,
  order: Order,
  recipients: (settings: StoreSettings) => string[] | Promise<string[]>,
  render: (shopName: string) => Message,
) {
  const settings = await getStoreSettings(deps.db, order.storeId);
  for (const to of await recipients(settings)) {
    await deps.mailer.send({ storeId: order.storeId, orderId: order.id, to, ...render(settings.websiteTitle) });
  }
}

export const sendAboutOrder = (deps: AppDeps, order: Order, to: string, render: (shopName: string) => Message) =>
  sendAboutOrderTo(deps, order, () => [to], render);

/** To the shop itself, at its contact email (shopContactAddress). */
export const sendToShop = (deps: AppDeps, order: Order, render: (shopName: string) => Message) =>
  sendAboutOrderTo(deps, order, (settings) => [shopContactAddress(settings, deps.config)], render);

/** The confirmation carries the order's invoice as a PDF (decision 0055). */
export async function sendOrderConfirmation(deps: AppDeps, order: Order, lines: Line[]) {
  const summary = await orderSummary(deps, order, lines);
  const invoice = await invoiceAttachment(deps.db, order.id);
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-confirmation",
    ...renderOrderConfirmation(shopName, order, summary, shopLink(deps, "/orders/lookup")),
    ...(invoice ? { attachments: [invoice] } : {}),
  }));
}

/**
 * The shop hears of every paid order at its contact email (shopContactAddress), and so does each staff member who asked to
 * (their account's choice), each once, with a link to it in the back office.
 */
export async function sendNewOrderToOwner(deps: AppDeps, order: Order, lines: Line[]) {
  const summary = await orderSummary(deps, order, lines);
  const link = shopLink(deps, `/admin/orders/${order.number}`);
  const customer = `${order.customerName} <${order.email}>`;
  const recipients = async (settings: StoreSettings) => {
    const byAddress = new Map<string, string>();
    for (const email of [shopContactAddress(settings, deps.config), ...(await orderNoticeRecipients(deps.db, order.storeId))]) {
      if (!byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
    }
    return [...byAddress.values()];
  };
  await sendAboutOrderTo(deps, order, recipients, (shopName) => ({
    kind: "order-paid-owner",
    subject: `New order #${order.number}: ${formatMoney(order.totalCents)}`,
    text: [`New order #${order.number} from ${customer}, paid.`, "", ...summary.text, "", `Open it: ${link}`, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>New order <strong>#${order.number}</strong> from ${escapeHtml(customer)}, paid.</p>
${summary.html}
<p><a href="${escapeHtml(link)}">Open order #${order.number}</a></p>`,
    ),
  }));
}

/** Where a signed-in customer finds the order; a guest has no page for it. */
const customerOrderLink = (deps: AppDeps, order: Order) =>
  order.customerId === null ? null : shopLink(deps, `/profile/orders/${order.number}`);

/** Tells the customer the order is on its way: the carrier, the tracking number, and a tracking link when we have one. */
export async function sendOrderShipped(deps: AppDeps, order: Order) {
  const carrier = order.carrier ? carrierName(order.carrier) : null;
  const tracking = order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null;
  const shipment = [
    ...(carrier ? [`Carrier: ${carrier}`] : []),
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
  ];
  const orderLink = customerOrderLink(deps, order);
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-shipped",
    subject: `Order #${order.number} has shipped`,
    text: [
      `Good news, ${order.customerName}: order #${order.number} is on its way.`,
      ...(shipment.length > 0 ? ["", ...shipment] : []),
      ...(tracking ? [`Track it: ${tracking}`] : []),
      ...(orderLink ? ["", `Your order: ${orderLink}`] : []),
      "",
      shopName,
    ].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Good news, ${escapeHtml(order.customerName)}: order <strong>#${order.number}</strong> is on its way.</p>
${shipment.length > 0 ? `<p>${shipment.map(escapeHtml).join("<br>")}</p>` : ""}
${tracking ? `<p><a href="${escapeHtml(tracking)}">Track your parcel</a></p>` : ""}
${orderLink ? `<p><a href="${escapeHtml(orderLink)}">Your order</a></p>` : ""}`,
    ),
  }));
}

/** Tells the customer how much went back to their card, and whether that was the whole order, with its credit note. */
export async function sendOrderRefunded(deps: AppDeps, order: Order, amountCents: number, creditNote: MailAttachment | null = null) {
  const whole = order.status === "refunded";
  const said = `We have refunded ${formatMoney(amountCents)} for order #${order.number}${whole ? "" : ` (of ${formatMoney(order.totalCents)})`} to your original payment method.`;
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-refunded",
    ...(creditNote ? { attachments: [creditNote] } : {}),
    subject: `Refund of ${formatMoney(amountCents)} for order #${order.number}`,
    text: [`Hello ${order.customerName},`, "", said, "It may take a few days to show on your statement.", "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Hello ${escapeHtml(order.customerName)},</p><p>${escapeHtml(said)}</p><p>It may take a few days to show on your statement.</p>`,
    ),
  }));
}

/** Tells the customer the order will not ship, and what was refunded for it, with its credit note. */
export async function sendOrderCancelled(deps: AppDeps, order: Order, refundedCents: number, creditNote: MailAttachment | null = null) {
  const refund =
    refundedCents > 0 ? `We have refunded ${formatMoney(refundedCents)} to your original payment method.` : "Nothing was charged for it.";
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-cancelled",
    ...(creditNote ? { attachments: [creditNote] } : {}),
    subject: `Order #${order.number} cancelled`,
    text: [`Hello ${order.customerName},`, "", `Order #${order.number} has been cancelled and will not ship.`, refund, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Hello ${escapeHtml(order.customerName)},</p><p>Order <strong>#${order.number}</strong> has been cancelled and will not ship.</p><p>${escapeHtml(refund)}</p>`,
    ),
  }));
}

/** How an email names the order: its number, or for a draft not yet paid (numbered once paid), the shop's words. */
const orderName = (order: Order) => (order.number === null ? "your order" : `order #${order.number}`);

/**
 * Asks the customer to pay what the order owes (`why`: the change, the exchange, or a draft's whole order) through
 * its payment link, which opens the shop's own page for exactly that amount.
 */
export async function sendPaymentLinkEmail(deps: AppDeps, order: Order, amountCents: number, why: string, path: string) {
  const link = shopLink(deps, path);
  const name = orderName(order);
  const said = `${formatMoney(amountCents)} is due for ${why}${order.number === null ? "" : ` (order #${order.number})`}.`;
  const after = order.status === "draft" ? "We will send your order once it is paid." : "Your order ships once it is paid.";
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-payment-link",
    subject: `Payment of ${formatMoney(amountCents)} for ${name}`,
    text: [`Hello ${order.customerName},`, "", said, after, "", `Pay securely: ${link}`, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Hello ${escapeHtml(order.customerName)},</p><p>${escapeHtml(said)} ${escapeHtml(after)}</p>
<p><a href="${escapeHtml(link)}">Pay ${formatMoney(amountCents)}</a></p>`,
    ),
  }));
}

/** Thanks the customer for a balance paid on an order they had already paid for: it ships now. */
/** The receipt for a link's payment, with the order's invoice as it now stands (and, after an edit, the note cancelling the old). */
export async function sendPaymentReceived(deps: AppDeps, order: Order, amountCents: number, documents: MailAttachment[]) {
  const said = `We received your payment of ${formatMoney(amountCents)} for order #${order.number}. It will ship soon.`;
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind: "order-payment-received",
    subject: `Payment received for order #${order.number}`,
    text: [`Hello ${order.customerName},`, "", said, "", shopName].join("\n"),
    html: layoutHtml(shopName, `<p>Hello ${escapeHtml(order.customerName)},</p><p>${escapeHtml(said)}</p>`),
    ...(documents.length > 0 ? { attachments: documents } : {}),
  }));
}
