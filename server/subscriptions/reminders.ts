/**
 * The reminder before each renewal, the owner's number of days ahead (store settings), with a one-click skip. Each
 * renewal is reminded once: the update that records the date it was sent for claims it, on any instance.
 */
import { and, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import { addDays } from "date-fns";
import type { AppDeps } from "../context";
import { stores, subscriptions } from "../db/schema";
import { logger } from "../logger";
import { getStoreSettings } from "../store/settings";
import { sendSubscriptionEmail } from "./emails";
import { quoteRenewal } from "./renewals";

export async function sendRenewalReminders(deps: AppDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const { id: storeId } of await deps.db.select({ id: stores.id }).from(stores)) {
    const { reminderDays } = (await getStoreSettings(deps.db, storeId)).subscriptions;
    const due = await deps.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.storeId, storeId),
          eq(subscriptions.status, "active"),
          gt(subscriptions.nextRenewalAt, now),
          lte(subscriptions.nextRenewalAt, addDays(now, reminderDays)),
          or(isNull(subscriptions.remindedFor), ne(subscriptions.remindedFor, subscriptions.nextRenewalAt)),
        ),
      );
    for (const subscription of due) {
      const [claimed] = await deps.db
        .update(subscriptions)
        .set({ remindedFor: subscription.nextRenewalAt })
        .where(
          and(
            eq(subscriptions.id, subscription.id),
            eq(subscriptions.nextRenewalAt, subscription.nextRenewalAt),
            or(isNull(subscriptions.remindedFor), ne(subscriptions.remindedFor, subscription.nextRenewalAt)),
          ),
        )
        .returning();
      if (!claimed) continue;
      try {
        const next = await quoteRenewal(deps, claimed);
        await sendSubscriptionEmail(deps, claimed, { kind: "reminder", totalCents: next.totalCents });
        sent++;
      } catch (error) {
        logger.error({ err: error, subscriptionId: subscription.id }, "renewal reminder could not be sent");
      }
    }
  }
  return sent;
}
