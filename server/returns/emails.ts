/**
 * The customer's word at each step of a return (requested, approved with what to do, declined with the owner's note,
 * refunded with the amount and its credit note, exchanged with the new order's number) and the shop's notice of a new one. Each is kept
 * with the order's id, so the order's timeline lists it beside the return's own steps.
 */
import { formatMoney } from "../../core/money";
import { RETURN_REASONS } from "../../core/returns";
import type { AppDeps } from "../context";
import { escapeHtml, layoutHtml, type MailAttachment } from "../mail/mailer";
import { sendAboutOrder, sendToShop, shopLink } from "../orders/email";
import type { Order } from "../orders/orders";
import { returnsPath } from "./customer";
import type { Return } from "./returns";

async function tell(deps: AppDeps, order: Order, kind: string, subject: string, paragraphs: string[], creditNote: MailAttachment | null = null) {
  const link = shopLink(deps, await returnsPath(deps.db, order));
  await sendAboutOrder(deps, order, order.email, (shopName) => ({
    kind,
    subject,
    text: [`Hello ${order.customerName},`, "", ...paragraphs, "", `Your return: ${link}`, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>Hello ${escapeHtml(order.customerName)},</p>${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("")}<p><a href="${escapeHtml(link)}">See your return</a></p>`,
    ),
    ...(creditNote ? { attachments: [creditNote] } : {}),
  }));
}

export async function sendReturnRequested(deps: AppDeps, order: Order, ret: Return) {
  await tell(deps, order, "return-requested", `We received your return request for order #${order.number}`, [
    `We received your request to return items from order #${order.number} (reason: ${RETURN_REASONS[ret.reason]}).`,
    "We will email you once we have looked at it.",
  ]);
  const link = shopLink(deps, `/admin/orders/${order.number}/returns`);
  await sendToShop(deps, order, (shopName) => ({
    kind: "return-requested-owner",
    subject: `Return requested for order #${order.number}`,
    text: [`${order.customerName} <${order.email}> asks to return items from order #${order.number}: ${RETURN_REASONS[ret.reason]}.`, ret.note, "", `Open it: ${link}`, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `<p>${escapeHtml(`${order.customerName} <${order.email}>`)} asks to return items from order <strong>#${order.number}</strong>: ${escapeHtml(RETURN_REASONS[ret.reason])}.</p>${ret.note ? `<p>${escapeHtml(ret.note)}</p>` : ""}<p><a href="${escapeHtml(link)}">Open the returns of order #${order.number}</a></p>`,
    ),
  }));
}

export async function sendReturnApproved(deps: AppDeps, order: Order, _ret: Return) {
  await tell(deps, order, "return-approved", `Your return for order #${order.number} is approved`, [
    `Your return for order #${order.number} is approved.`,
    `Please pack the items securely, write "Return, order #${order.number}" on a slip inside, and send them back to us. We will refund or exchange them once they arrive.`,
  ]);
}

export async function sendReturnDeclined(deps: AppDeps, order: Order, ret: Return) {
  await tell(deps, order, "return-declined", `Your return for order #${order.number} was declined`, [
    `We are sorry: we cannot accept your return for order #${order.number}.`,
    ...(ret.declineNote ? [ret.declineNote] : []),
  ]);
}

export async function sendReturnRefunded(deps: AppDeps, order: Order, amountCents: number, creditNote: MailAttachment | null) {
  await tell(deps, order, "return-refunded", `Refund of ${formatMoney(amountCents)} for your return from order #${order.number}`, [
    `We received your returned items and refunded ${formatMoney(amountCents)} to your original payment method.`,
    "It may take a few days to show on your statement.",
  ], creditNote);
}

export async function sendExchangeMade(deps: AppDeps, order: Order, ret: Return, exchangeOrder: Order, refundedCents: number, creditNote: MailAttachment | null) {
  const money =
    ret.owedCents > 0
      ? `The new items cost ${formatMoney(ret.owedCents)} more than those you returned; we will send you a link to pay it, and order #${exchangeOrder.number} ships once it is paid.`
      : refundedCents > 0
        ? `The new items cost less than those you returned: we refunded ${formatMoney(refundedCents)} to your original payment method.`
        : "There is nothing more to pay.";
  await tell(deps, order, "exchange-made", `Your exchange for order #${order.number}: new order #${exchangeOrder.number}`, [
    `We received your returned items and made your exchange as order #${exchangeOrder.number}.`,
    money,
  ], creditNote);
}
