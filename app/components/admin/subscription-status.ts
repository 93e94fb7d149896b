/** How the back office names a subscription's state (core/subscriptions.ts), and the desk's tabs. */
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from "@core/subscriptions";
import { shopDate } from "@core/shop-dates";

export const subscriptionStatusLabel = (status: SubscriptionStatus): string => SUBSCRIPTION_STATUS_LABELS[status];

export const SUBSCRIPTION_TABS: readonly { status: SubscriptionStatus | ""; label: string }[] = [
  ...(["active", "paused", "past_due", "cancelled"] as const).map((status) => ({ status, label: SUBSCRIPTION_STATUS_LABELS[status] })),
  { status: "", label: "All" },
];

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The day of a moment in `timeZone` as staff read it, the same on the server's render and the browser's:
 * "2026-12-12 (Saturday)".
 */
export function dayLabel(at: Date | string, timeZone: string): string {
  const day = shopDate(at, timeZone);
  return `${day} (${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]})`;
}
