/**
 * The shop's background work as jobs (decision 0033): what runs on which schedule, once across every instance.
 */
import { runRetentionOnce } from "./analytics/retention";
import { sendDueReminders } from "./checkout/cart-reminders";
import { CATALOGUE_IMPORT_JOB, runQueuedCatalogueImport, type ImportJobData } from "./catalog/import-jobs";
import type { AppDeps } from "./context";
import { logger } from "./logger";
import { sweepPendingOrders } from "./orders/sweep";
import { sendDueStockAlerts, STOCK_ALERTS_JOB } from "./catalog/stock-alerts";
import { sendPriceDropEmails } from "./wishlist/price-drops";
import { startJobQueue, type JobQueue } from "./jobs/queue";
import { renewDue } from "./subscriptions/renewals";
import { sendRenewalReminders } from "./subscriptions/reminders";

export const JOBS = {
  ordersSweep: "orders-sweep",
  mailRetries: "mail-retries",
  analyticsRetention: "analytics-retention",
  catalogueImport: CATALOGUE_IMPORT_JOB,
  stockAlerts: STOCK_ALERTS_JOB,
  cartReminders: "cart-reminders",
  priceDropEmails: "price-drop-emails",
  subscriptionRenewals: "subscription-renewals",
  subscriptionReminders: "subscription-reminders",
} as const;

/** Starts the queue, works every job in this instance and keeps the schedules; the caller stops it at shutdown. */
export async function startShopJobs(deps: AppDeps, options: { pollSeconds?: number } = {}): Promise<JobQueue> {
  const queue = await startJobQueue(deps.database, options);
  await queue.work<{ all?: boolean }>(JOBS.ordersSweep, async ({ all }) => {
    const result = await sweepPendingOrders(deps, new Date(), { all: all === true });
    if (result.paid || result.expired || result.refundsOwed) logger.info(result, "pending orders swept");
  });
  await queue.work(JOBS.mailRetries, async () => {
    await deps.mailer.retryDue();
  });
  await queue.work(JOBS.analyticsRetention, async () => {
    const result = await runRetentionOnce(deps.db, deps.config.ANALYTICS_RETENTION_DAYS);
    if (result.events || result.sessions) logger.info(result, "expired analytics deleted");
  });
  // One import at a time across the instances: two transactions over the same products would only wait on each other.
  await queue.work<ImportJobData>(JOBS.catalogueImport, (data, job) => runQueuedCatalogueImport(deps, data, job.retryCount), { policy: "singleton" });
  await queue.work(JOBS.priceDropEmails, async () => {
    const sent = await sendPriceDropEmails(deps, deps.storeId);
    if (sent) logger.info({ sent }, "price-drop emails sent");
  });
  // Each reminder is claimed before it is mailed, so overlapping runs and instances never send one twice (decision 0037).
  await queue.work(JOBS.cartReminders, async () => {
    const result = await sendDueReminders(deps);
    if (result.sent || result.skipped) logger.info(result, "cart reminders handled");
  });
  // Each alert is claimed by the update that marks it sent, so senders on several instances never mail one twice.
  await queue.work(JOBS.stockAlerts, async () => {
    const sent = await sendDueStockAlerts(deps);
    if (sent) logger.info({ sent }, "back-in-stock emails sent");
  });
  // Each cycle is claimed by its unique row before it is charged, so instances running at once charge it once (decision 0052).
  await queue.work(JOBS.subscriptionRenewals, async () => {
    const run = await renewDue(deps);
    if (run.charged || run.retried || run.failed || run.started) logger.info(run, "subscriptions renewed");
  });
  await queue.work(JOBS.subscriptionReminders, async () => {
    const sent = await sendRenewalReminders(deps);
    if (sent) logger.info({ sent }, "renewal reminders sent");
  });
  await queue.schedule(JOBS.ordersSweep, "* * * * *");
  await queue.schedule(JOBS.subscriptionRenewals, "*/5 * * * *");
  await queue.schedule(JOBS.subscriptionReminders, "7 * * * *");
  await queue.schedule(JOBS.mailRetries, "* * * * *");
  // Catches stock raised where nothing asked for a sending (a cancelled order's, an import's).
  await queue.schedule(JOBS.stockAlerts, "* * * * *");
  await queue.schedule(JOBS.cartReminders, "* * * * *");
  await queue.schedule(JOBS.analyticsRetention, "17 3 * * *");
  // A price change is news within the quarter hour; the weekly limit, not this, keeps the emails few.
  await queue.schedule(JOBS.priceDropEmails, "*/15 * * * *");
  // Reconciles every order a stop left pending. Each start asks, even one in the same minute as another's: an instance
  // restarted after a crash must settle the payments whose events died with it (settling is idempotent).
  await queue.send(JOBS.ordersSweep, { all: true });
  return queue;
}
