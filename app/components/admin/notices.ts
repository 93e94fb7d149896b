/**
 * A write's success told after its redirect (post, redirect, get: a reload sends nothing twice). The address carries
 * only a key, so nobody can make the page say words of their own through a link.
 */
export const NOTICES = {
  "staff-added": "Staff member added.",
  "staff-role": "Role changed.",
  "staff-removed": "Staff member removed.",
  "policy-saved": "Two-step sign-in setting saved.",
  "token-revoked": "Token revoked.",
  "totp-on": "Two-step sign-in is on.",
  "totp-off": "Two-step sign-in is off.",
  "order-notices-on": "You will be emailed of every paid order.",
  "order-notices-off": "You will no longer be emailed of paid orders.",
  "order-fulfilled": "Order marked shipped; the customer was emailed.",
  "order-cancelled": "Order cancelled and refunded; the customer was emailed.",
  "order-refunded": "Refund made; the customer was emailed.",
  "order-refund-owed": "Refund recorded; the payment provider could not be reached, so it is retried every minute.",
  "order-noted": "Note added.",
  "confirmation-sent": "Order confirmation sent again.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeOf(url: URL): string | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null;
}

export const withNotice = (path: string, key: NoticeKey) => `${path}?notice=${key}`;
