/**
 * `npm run shop -- subscriptions renew-due [--as-of <date>] | remind-due [--as-of <date>] | list [--status <status>] |
 * plan`: the owner's renewals and reminders on demand (jobs run them on their own), with a clock the owner can move to
 * see one happen now.
 */
import { dayRange, shopDate, shopMoment } from "../../core/shop-time";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../core/subscriptions";
import type { AppDeps } from "../context";
import { deliveryPlan, listSubscriptions } from "../subscriptions/desk";
import { renewDue } from "../subscriptions/renewals";
import { sendRenewalReminders } from "../subscriptions/reminders";
import { shopTimeZone } from "../store/settings";
import { CommandUsageError, optionArg } from "./usage-error";

export const SUBSCRIPTIONS_USAGE = [
  "Usage: npm run shop -- subscriptions <command>",
  "  renew-due [--as-of <date>]   renew every subscription due by then (default: now), e.g. --as-of 2026-12-24",
  "                               (a day means to its end, in the shop's time zone)",
  "  remind-due [--as-of <date>]  email the reminders due by then, each with its one-click skip",
  "  list [--status <status>]     subscriptions, newest first (active, paused, past_due, cancelled)",
  "  plan                         the next 14 days of deliveries, per day and variant",
].join("\n");

const optionOf = (args: string[], name: string) => optionArg(args, name, SUBSCRIPTIONS_USAGE);

/** A day is to its last moment in the shop's zone (a renewal due that day runs then); a moment is as written. */
function asOfDate(raw: string | undefined, timeZone: string): Date {
  if (raw === undefined) return new Date();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayRange(raw, timeZone) : null;
  const date = day ? new Date(day.end.getTime() - 1) : new Date(raw);
  // A day the calendar lacks (2026-02-30) would roll over into the next month: refused as unreadable.
  if (Number.isNaN(date.getTime()) || (day && shopDate(day.start, timeZone) !== raw)) throw new CommandUsageError(`--as-of must be a date such as 2026-12-24, not "${raw}".\n\n${SUBSCRIPTIONS_USAGE}`);
  return date;
}

export async function subscriptionsCommand(deps: AppDeps, storeId: string, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  const timeZone = await shopTimeZone(deps.db, storeId);
  switch (sub) {
    case "renew-due": {
      const asOf = asOfDate(optionOf(rest, "--as-of"), timeZone);
      const run = await renewDue(deps, asOf);
      return [
        `Renewals due by ${shopMoment(asOf, timeZone)}:`,
        `  charged ${run.charged}, charges tried again ${run.retried}, could not be priced ${run.failed}`,
        `  pauses ended ${run.resumed}, cancelled with their first order ${run.cancelled}, records started ${run.started}`,
      ].join("\n");
    }
    case "remind-due": {
      const asOf = asOfDate(optionOf(rest, "--as-of"), timeZone);
      return `Renewal reminders sent: ${await sendRenewalReminders(deps, asOf)}`;
    }
    case "list": {
      const status = optionOf(rest, "--status");
      if (status !== undefined && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
        throw new CommandUsageError(`--status must be one of ${SUBSCRIPTION_STATUSES.join(", ")}.\n\n${SUBSCRIPTIONS_USAGE}`);
      }
      const { subscriptions } = await listSubscriptions(deps.db, storeId, { status: status as SubscriptionStatus | undefined });
      if (subscriptions.length === 0) return "No subscriptions.";
      return subscriptions
        .map((row) => `#${row.id}  ${row.status}  ${row.customerName} <${row.email}>  ${row.items}  ${row.plan}, next ${shopDate(row.nextRenewalAt, timeZone)}`)
        .join("\n");
    }
    case "plan": {
      const { days } = await deliveryPlan(deps.db, storeId);
      if (days.length === 0) return "No deliveries in the next 14 days.";
      return days.map(({ day, items }) => [day, ...items.map((item) => `  ${item.quantity} × ${item.title}${item.options ? ` (${item.options})` : ""}  ${item.sku}`)].join("\n")).join("\n");
    }
    default:
      throw new CommandUsageError(sub ? `Unknown subscriptions command "${sub}".\n\n${SUBSCRIPTIONS_USAGE}` : SUBSCRIPTIONS_USAGE);
  }
}
