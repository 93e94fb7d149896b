/**
 * A subscription's states and calendar, shared by the server's renewals, the subscriber's page and the owner's desk:
 * which states renew, how a plan's interval moves a date, and when a declined renewal is tried again.
 */
import { addDays, addMonths, addWeeks, addYears } from "date-fns";

export const SUBSCRIPTION_STATUSES = ["active", "paused", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Past due",
  cancelled: "Cancelled",
};

/**
 * What a subscriber or staff may change, and from which states (Vendure's model: one table of moves, asked by the
 * server before a change and by the pages before they offer it). `to` is the state a move leaves it in; a change of
 * the plan's details keeps the state. The shop's own moves (a renewal, a decline making it past due, a pause ending)
 * belong to the renewals (server/subscriptions/renewals.ts).
 */
export const SUBSCRIPTION_MOVES = {
  skip: { from: ["active"], to: null },
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  frequency: { from: ["active", "paused"], to: null },
  item: { from: ["active", "paused"], to: null },
  address: { from: ["active", "paused", "past_due"], to: null },
  // A card that works makes a past-due subscription active again.
  card: { from: ["active", "paused", "past_due"], to: null },
  cancel: { from: ["active", "paused", "past_due"], to: "cancelled" },
} as const satisfies Record<string, { from: readonly SubscriptionStatus[]; to: SubscriptionStatus | null }>;
export type SubscriptionMove = keyof typeof SUBSCRIPTION_MOVES;

export const canMoveSubscription = (status: SubscriptionStatus, move: SubscriptionMove): boolean =>
  (SUBSCRIPTION_MOVES[move].from as readonly SubscriptionStatus[]).includes(status);

export const INTERVAL_UNITS = ["day", "week", "month", "year"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export type Plan = { interval: number; intervalUnit: IntervalUnit };

const ADD: Record<IntervalUnit, (date: Date, amount: number) => Date> = { day: addDays, week: addWeeks, month: addMonths, year: addYears };

/** The date one plan cycle after `date`; a month from January 31st is the end of February, as card schedules count. */
export function nextCycle(date: Date, plan: Plan): Date {
  return ADD[plan.intervalUnit](date, plan.interval);
}

export const MIXED_PLANS_MESSAGE = "Subscriptions in one order must share one delivery frequency: check out the others in another order";

/** "every 2 weeks", "every month". */
export function planLabel({ interval, intervalUnit }: Plan): string {
  return interval === 1 ? `every ${intervalUnit}` : `every ${interval} ${intervalUnit}s`;
}

/**
 * Days after its date that a declined renewal is tried again; after the last retry fails, the subscription is past
 * due and paused until the subscriber updates the card.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** When the next try of a cycle declined `declines` times is due, counted from the cycle's date; null when the tries have run out. */
export function retryAfterDecline(dueAt: Date, declines: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[declines - 1];
  return days === undefined ? null : addDays(dueAt, days);
}

/** The reminder's lead the owner has not changed: three days before each renewal. */
export const DEFAULT_REMINDER_DAYS = 3;
