/**
 * Analytics sessions: one row per visit, started when the shop loads in a browser, and the raw events derived
 * from its beacons. A beacon carries the whole session so far, so each one replaces the session's events: repeated
 * beacons (pagehide then beforeunload, or a tab hidden twice) never count anything twice.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { SessionPayload } from "../../core/schemas/analytics";
import type { Database } from "../db/client";
import { analyticsEvents, analyticsSessions } from "../db/schema";
import { applyContributions, normalizeQuery, sessionContributions, utcDay } from "./daily";

export async function startAnalyticsSession(
  db: Database,
  storeId: string,
  userAgent: string | undefined,
  startedAt = new Date(),
) {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(analyticsSessions)
      .values({ id, storeId, userAgent: userAgent?.slice(0, 300) ?? null, startedAt, updatedAt: startedAt });
    await applyContributions(tx, storeId, utcDay(startedAt), [], [{ kind: "sessions", key: "", count: 1, total: 0 }]);
  });
  return id;
}

/** Records the visitor's (already truncated) network; false when the session is unknown. */
export async function recordSessionNetwork(db: Database, sessionId: string, prefix: string | null) {
  const updated = await db
    .update(analyticsSessions)
    .set({ networkPrefix: prefix })
    .where(eq(analyticsSessions.id, sessionId))
    .returning({ id: analyticsSessions.id });
  return updated.length > 0;
}

type NewEvent = typeof analyticsEvents.$inferInsert;

/** A client's clock may be wrong or forged: times in the future or before the session are pinned to its bounds. */
function clampTime(timestamp: string, startedAt: Date, now: Date): Date {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time) || time > now.getTime()) return now;
  return time < startedAt.getTime() ? startedAt : new Date(time);
}

function derivedEvents(
  payload: SessionPayload,
  session: { id: string; storeId: string; startedAt: Date },
  now: Date,
): NewEvent[] {
  const base = { storeId: session.storeId, sessionId: session.id };
  // Page and product views carry no time of their own in the spec's payload; they belong to the session's start.
  const viewedAt = session.startedAt;
  return [
    ...payload.viewedPages.map((view) => ({
      ...base,
      type: "page_view",
      path: view.page,
      data: { queryData: view.queryData },
      occurredAt: viewedAt,
    })),
    ...Object.entries(payload.productPageViews)
      .filter(([, count]) => count > 0)
      .map(([handle, count]) => ({ ...base, type: "product_view", productHandle: handle, data: { count }, occurredAt: viewedAt })),
    ...payload.cartData.cartEvents.map((event) => ({
      ...base,
      type: event.type,
      sku: event.sku ?? null,
      occurredAt: clampTime(event.timestamp, session.startedAt, now),
    })),
    ...payload.searchHistory.map((entry) => ({
      ...base,
      type: "search",
      query: normalizeQuery(entry.query),
      data: {
        duration: entry.duration,
        resultCount: entry.resultCount ?? null,
        scrolledProducts: entry.scrolledProducts,
        clickedProducts: entry.clickedProducts,
      },
      occurredAt: clampTime(entry.timestamp, session.startedAt, now),
    })),
  ];
}

/** Stores a beacon's payload on its session; false when no such session exists (a forged or expired cookie). */
export async function saveSessionPayload(db: Database, sessionId: string, payload: SessionPayload, now = new Date()) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        id: analyticsSessions.id,
        storeId: analyticsSessions.storeId,
        startedAt: analyticsSessions.startedAt,
        previous: analyticsSessions.payload,
      })
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, sessionId))
      .for("update");
    if (!session) return false;
    await tx
      .update(analyticsSessions)
      .set({
        cartStatus: payload.cartData.cartStatus,
        sessionDurationMs: payload.cartData.sessionDuration,
        totalViewTime: payload.totalViewTime,
        payload,
        updatedAt: now,
      })
      .where(eq(analyticsSessions.id, session.id));
    await tx
      .delete(analyticsEvents)
      .where(and(eq(analyticsEvents.storeId, session.storeId), eq(analyticsEvents.sessionId, session.id)));
    // The previous payload was validated when it was stored.
    const previous = session.previous ? sessionContributions(session.previous as SessionPayload) : [];
    await applyContributions(tx, session.storeId, utcDay(session.startedAt), previous, sessionContributions(payload));
    const events = derivedEvents(payload, session, now);
    if (events.length > 0) await tx.insert(analyticsEvents).values(events);
    return true;
  });
}
