/**
 * The subscriber's emails, each in HTML and plain text: every change confirmed, the reminder before a renewal with
 * its one-click skip, a declined payment with the link to give another card, and the pause when payments ran out.
 * Every one carries a signed link to the subscription's own page, so a guest subscriber manages it without an account.
 */
import { addYears } from "date-fns";
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { signLink } from "../mail/signed-links";
import { getStoreSettings } from "../store/settings";
import type { Subscription } from "./records";

export const MANAGE_LINK_PURPOSE = "subscription";
export const SKIP_LINK_PURPOSE = "subscription-skip";

/** What a skip link names: the subscription and the one renewal it skips, so an old reminder cannot skip a later one. */
export const skipSubject = (subscription: Pick<Subscription, "id" | "nextRenewalAt">) => `${subscription.id}@${subscription.nextRenewalAt.getTime()}`;

/**
 * "Tuesday, December 8, 2026", the day a renewal is charged and the delivery leaves: the shop's day of the moment it
 * is due (decision 0068), which is the day the renewal runs, since the job renews each one at that moment.
 */
export const renewalDay = (date: Date, timeZone: string) =>
  date.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone });

export type SubscriptionMessage =
  | { kind: "started"; plan: string }
  | { kind: "changed"; change: string }
  | { kind: "reminder"; totalCents: number }
  | { kind: "renewal-declined"; retryAt: Date; failureMessage: string }
  | { kind: "past-due" };

const shopLink = (deps: AppDeps, path: string) => `${deps.config.publicUrl.replace(/\/$/, "")}${path}`;

/** The subscription's page for whoever holds the email: a year, renewed by every email that carries it. */
export async function manageLink(deps: AppDeps, subscription: Subscription): Promise<string> {
  const token = await signLink(deps.db, subscription.storeId, { purpose: MANAGE_LINK_PURPOSE, subject: String(subscription.id), expiresAt: addYears(new Date(), 1) });
  return shopLink(deps, `/subscriptions/manage?token=${encodeURIComponent(token)}`);
}

async function skipLink(deps: AppDeps, subscription: Subscription): Promise<string> {
  const token = await signLink(deps.db, subscription.storeId, { purpose: SKIP_LINK_PURPOSE, subject: skipSubject(subscription), expiresAt: subscription.nextRenewalAt });
  return shopLink(deps, `/subscriptions/skip?token=${encodeURIComponent(token)}`);
}

function render(message: SubscriptionMessage, subscription: Subscription, timeZone: string): { subject: string; paragraphs: string[]; kind: string } {
  const next = renewalDay(subscription.nextRenewalAt, timeZone);
  switch (message.kind) {
    case "started":
      return {
        kind: "subscription-started",
        subject: "Your subscription has started",
        paragraphs: [
          `Thank you for subscribing. Your order is delivered ${message.plan}; the next delivery is on ${next}.`,
          "Skip a delivery, pause, change or cancel it any time from its page.",
        ],
      };
    case "changed":
      return { kind: "subscription-changed", subject: "Your subscription has changed", paragraphs: [message.change, `Next delivery: ${next}.`] };
    case "reminder":
      return {
        kind: "subscription-reminder",
        subject: `Your next delivery is on ${next}`,
        paragraphs: [`Your subscription renews on ${next} for ${formatMoney(message.totalCents)}, shipping and tax included.`],
      };
    case "renewal-declined":
      return {
        kind: "subscription-declined",
        subject: "Your subscription payment was declined",
        paragraphs: [
          `We could not take the payment for your next delivery: ${message.failureMessage}`,
          `We will try again on ${renewalDay(message.retryAt, timeZone)}. To use another card, update it on your subscription's page.`,
        ],
      };
    case "past-due":
      return {
        kind: "subscription-past-due",
        subject: "Your subscription is paused: payment past due",
        paragraphs: ["We tried your card several times and could not take the payment, so your subscription is paused.", "Update your card on your subscription's page and we will charge it at once."],
      };
  }
}

export async function sendSubscriptionEmail(deps: AppDeps, subscription: Subscription, message: SubscriptionMessage): Promise<void> {
  const [settings, manage, skip] = await Promise.all([
    getStoreSettings(deps.db, subscription.storeId),
    manageLink(deps, subscription),
    message.kind === "reminder" ? skipLink(deps, subscription) : Promise.resolve(null),
  ]);
  const { subject, paragraphs, kind } = render(message, subscription, settings.timeZone);
  const text = [
    `Hello ${subscription.customerName},`,
    "",
    ...paragraphs,
    "",
    ...(skip ? [`Skip this delivery: ${skip}`, ""] : []),
    `Manage your subscription: ${manage}`,
    "",
    settings.websiteTitle,
  ].join("\n");
  const html = layoutHtml(
    settings.websiteTitle,
    [
      `<p>Hello ${escapeHtml(subscription.customerName)},</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...(skip ? [`<p><a href="${escapeHtml(skip)}">Skip this delivery</a></p>`] : []),
      `<p><a href="${escapeHtml(manage)}">Manage your subscription</a></p>`,
    ].join("\n"),
  );
  await deps.mailer.send({ storeId: subscription.storeId, to: subscription.email, kind, subject, text, html });
}
