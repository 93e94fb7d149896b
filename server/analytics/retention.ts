/**
 * Raw analytics are kept for a limited time (ANALYTICS_RETENTION_DAYS): a daily job deletes older events, page
 * speed figures and sessions (the `analytics-retention` job, server/shop-jobs.ts). A transaction-scoped advisory lock also keeps
 * a run by hand from overlapping it.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { analyticsEvents, analyticsPageSpeed, analyticsSessions } from "../db/schema";

/** Arbitrary, fixed: names this job's lock among the advisory locks of the database. */
export const RETENTION_LOCK_KEY = 7_310_401;
const DAY_MS = 86_400_000;

type Executor = Pick<Database, "delete">;

export async function deleteExpiredAnalytics(db: Executor, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const events = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.occurredAt, cutoff))
    .returning({ id: analyticsEvents.id });
  const pageSpeed = await db
    .delete(analyticsPageSpeed)
    .where(lt(analyticsPageSpeed.recordedAt, cutoff))
    .returning({ sessionId: analyticsPageSpeed.sessionId });
  const sessions = await db
    .delete(analyticsSessions)
    .where(lt(analyticsSessions.startedAt, cutoff))
    .returning({ id: analyticsSessions.id });
  return { events: events.length, pageSpeed: pageSpeed.length, sessions: sessions.length };
}

/** Deletes expired analytics unless another instance is doing it right now. */
export async function runRetentionOnce(db: Database, retentionDays: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`);
    const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return { ran: false, events: 0, pageSpeed: 0, sessions: 0 };
    return { ran: true, ...(await deleteExpiredAnalytics(tx, retentionDays, now)) };
  });
}
