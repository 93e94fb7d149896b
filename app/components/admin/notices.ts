/**
 * A write's success told after its redirect (post, redirect, get: a reload sends nothing twice). The address carries
 * only a key, so nobody can make the page say words of their own through a link.
 */

/** A screen family's notices: `of` reads the words back from the address that `onto` made. */
export function noticeTable<const Texts extends Record<string, string>>(texts: Texts) {
  return {
    of(url: URL): string | null {
      const key = url.searchParams.get("notice");
      return key !== null && Object.hasOwn(texts, key) ? texts[key] : null;
    },
    /** `path` (a list's filters may be in it already) with the notice's key. */
    onto(path: string, key: keyof Texts & string): string {
      return `${path}${path.includes("?") ? "&" : "?"}notice=${key}`;
    },
  };
}

export type NoticeKey<Table> = Table extends { onto(path: string, key: infer Key): string } ? Key : never;

export const NOTICES = noticeTable({
  "staff-added": "Staff member added.",
  "staff-role": "Role changed.",
  "staff-removed": "Staff member removed.",
  "policy-saved": "Two-step sign-in setting saved.",
  "token-revoked": "Token revoked.",
  "totp-on": "Two-step sign-in is on.",
  "totp-off": "Two-step sign-in is off.",
  "password-changed": "Your password is changed. Any other browser signed in as you is signed out.",
  "reset-sent": "A link to choose a new password was emailed. It works once, for an hour.",
  "order-notices-on": "You will be emailed of every paid order.",
  "order-notices-off": "You will no longer be emailed of paid orders.",
  "order-fulfilled": "Order marked shipped; the customer was emailed.",
  "order-cancelled": "Order cancelled and refunded; the customer was emailed.",
  "order-refunded": "Refund made; the customer was emailed.",
  "order-refund-owed": "Refund recorded; the payment provider could not be reached, so it is retried every minute.",
  "order-noted": "Note added.",
  "order-edited": "Order changed; the customer was emailed what changed.",
  "order-edited-refund": "Order changed; the difference is being refunded to the customer's card and the customer was emailed.",
  "order-edited-link": "Order changed; the customer was emailed a link to pay the difference. The order ships once it is paid.",
  "order-marked-paid": "Marked as paid; the order can ship.",
  "payment-link-sent": "The payment link was emailed to the customer again.",
  "confirmation-sent": "Order confirmation sent again.",
  "subscription-skipped": "Next delivery skipped; the subscriber was emailed.",
  "subscription-paused": "Subscription paused; the subscriber was emailed.",
  "subscription-resumed": "Subscription resumed; the subscriber was emailed.",
  "subscription-cancelled": "Subscription cancelled; the subscriber was emailed.",
  "customer-saved": "Notes and tags saved.",
});
