/**
 * Analytics sessions: one row per visit, and the raw events derived from its beacons. A visit goes on across page
 * loads (a reload, a second tab, the return from a card payment) until it has been idle for 30 minutes. Each page
 * load has its own id and its beacons carry that load's whole history so far, so a beacon replaces its load's
 * payload and the session's events are derived again from all its loads: repeated beacons (pagehide then
 * beforeunload, or a tab hidden twice) never count anything twice, and one load never erases another's.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import type { SessionPayload } from "../../core/schemas/analytics";
import { shopDate } from "../../core/shop-time";
import { DIRECT, sourceKey, type VisitSource } from "../../core/traffic-sources";
import type { Database } from "../db/client";
import { analyticsEvents, analyticsSessions } from "../db/schema";
import { shopTimeZone } from "../store/settings";
import { recordPageSpeed } from "./page-speed";
import { applyContributions, cartOutcome, normalizeQuery, sessionContributions, utcDay } from "./daily";

/** A visit ends after this long without a page load or a beacon; the next page load starts a new one. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Page loads kept per visit: a visit with more keeps its latest. */
const MAX_LOADS_PER_SESSION = 50;
/** The load a beacon belongs to when it names none (a page loaded before loads had ids). */
export const DEFAULT_LOAD = "page";
export const LOAD_ID = /^[\w-]{1,32}$/;

/** What a session row keeps: the latest payload of each of its page loads, by load id. */
type StoredLoads = { loads: Record<string, SessionPayload> };

/**
 * A new visit, counted on the shop's day it starts (its time zone now; the row keeps that day for the visit's later
 * beacons) under its source, in one transaction.
 */
export async function startAnalyticsSession(
  db: Database,
  storeId: string,
  userAgent: string | undefined,
  startedAt = new Date(),
  source: VisitSource = DIRECT,
) {
  const id = randomUUID();
  const day = shopDate(startedAt, await shopTimeZone(db, storeId));
  await db.transaction(async (tx) => {
    await tx
      .insert(analyticsSessions)
      .values({ id, storeId, userAgent: userAgent?.slice(0, 300) ?? null, startedAt, day, source, updatedAt: startedAt });
    await applyContributions(tx, storeId, day, [], [
      { kind: "sessions", key: "", count: 1, total: 0 },
      { kind: "source", key: sourceKey(source), count: 1, total: 0 },
    ]);
  });
  return id;
}

/**
 * A page load: it goes on the visit the cookie names when that visit of this store was active within the last 30
 * minutes, and starts a new visit from `source` otherwise (a later load's referrer is the shop itself, or the payment
 * page it came back from: the visit keeps where it first came from). Answers the visit and the load's own id, which
 * its beacons name.
 */
export async function startPageLoad(
  db: Database,
  storeId: string,
  cookieSessionId: string | undefined,
  userAgent: string | undefined,
  now = new Date(),
  source: VisitSource = DIRECT,
): Promise<{ sessionId: string; loadId: string; continued: boolean }> {
  const loadId = randomBytes(9).toString("base64url");
  if (cookieSessionId) {
    const [continued] = await db
      .update(analyticsSessions)
      .set({ updatedAt: now })
      .where(
        and(
          eq(analyticsSessions.id, cookieSessionId),
          eq(analyticsSessions.storeId, storeId),
          gte(analyticsSessions.updatedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      )
      .returning({ id: analyticsSessions.id });
    if (continued) return { sessionId: continued.id, loadId, continued: true };
  }
  return { sessionId: await startAnalyticsSession(db, storeId, userAgent, now, source), loadId, continued: false };
}

/** The page loads a stored payload holds; a payload stored before loads had ids is one load. */
function storedLoads(stored: unknown): Record<string, SessionPayload> {
  if (!stored) return {};
  // Stored only after validation against sessionPayloadSchema.
  return "loads" in (stored as object) ? (stored as StoredLoads).loads : { [DEFAULT_LOAD]: stored as SessionPayload };
}

const loadStart = (payload: SessionPayload) => Date.parse(payload.cartData.timestamp) - payload.cartData.sessionDuration;

const CART_STATUS_ORDER = ["empty", "active", "abandoned", "purchased"] as const;

/** A visit's page loads as one payload, oldest load first: what the visit did, as if it had been one page load. */
function mergeLoads(loads: SessionPayload[]): SessionPayload | null {
  if (loads.length === 0) return null;
  const ordered = [...loads].sort((a, b) => loadStart(a) - loadStart(b));
  const byTime = <T extends { timestamp: string }>(list: T[]) =>
    list.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const productPageViews: Record<string, number> = {};
  for (const load of ordered) {
    for (const [handle, count] of Object.entries(load.productPageViews)) productPageViews[handle] = (productPageViews[handle] ?? 0) + count;
  }
  const lastSeen = Math.max(...ordered.map((load) => Date.parse(load.cartData.timestamp)));
  return {
    cartData: {
      cartEvents: byTime(ordered.flatMap((load) => load.cartData.cartEvents)),
      // The furthest a load got: a purchase on the return from payment outweighs the cart left on the way there.
      cartStatus: CART_STATUS_ORDER[Math.max(...ordered.map((load) => CART_STATUS_ORDER.indexOf(load.cartData.cartStatus)))],
      sessionDuration: Math.max(0, lastSeen - loadStart(ordered[0])),
      timestamp: new Date(lastSeen).toISOString(),
    },
    productPageViews,
    viewedPages: ordered.flatMap((load) => load.viewedPages),
    totalViewTime: ordered.reduce((total, load) => total + load.totalViewTime, 0),
    searchHistory: byTime(ordered.flatMap((load) => load.searchHistory)),
  };
}

/** The whole visit a session row holds, or null before its first beacon. */
export function sessionPayloadOf(stored: unknown): SessionPayload | null {
  return mergeLoads(Object.values(storedLoads(stored)));
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

/** Stores a page load's beacon on its session; false when no such session exists (a forged or expired cookie). */
export async function saveSessionPayload(
  db: Database,
  sessionId: string,
  payload: SessionPayload,
  now = new Date(),
  loadId = DEFAULT_LOAD,
) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        id: analyticsSessions.id,
        storeId: analyticsSessions.storeId,
        startedAt: analyticsSessions.startedAt,
        day: analyticsSessions.day,
        stored: analyticsSessions.payload,
      })
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, sessionId))
      .for("update");
    if (!session) return false;
    const previousLoads = storedLoads(session.stored);
    const loads = { ...previousLoads, [loadId]: payload };
    const kept = Object.entries(loads)
      .sort(([, a], [, b]) => loadStart(b) - loadStart(a))
      .slice(0, MAX_LOADS_PER_SESSION);
    const stored: StoredLoads = { loads: Object.fromEntries(kept) };
    const previous = mergeLoads(Object.values(previousLoads));
    const visit = mergeLoads(Object.values(stored.loads))!;
    await tx
      .update(analyticsSessions)
      .set({
        cartStatus: cartOutcome(visit) ?? "empty",
        sessionDurationMs: visit.cartData.sessionDuration,
        totalViewTime: visit.totalViewTime,
        payload: stored,
        updatedAt: now,
      })
      .where(eq(analyticsSessions.id, session.id));
    await tx
      .delete(analyticsEvents)
      .where(and(eq(analyticsEvents.storeId, session.storeId), eq(analyticsEvents.sessionId, session.id)));
    await applyContributions(
      tx,
      session.storeId,
      session.day ?? utcDay(session.startedAt),
      previous ? sessionContributions(previous) : [],
      sessionContributions(visit),
    );
    if (payload.pageSpeed) {
      await recordPageSpeed(tx, { storeId: session.storeId, sessionId: session.id, loadId }, payload.pageSpeed, now);
    }
    const events = derivedEvents(visit, session, now);
    if (events.length > 0) await tx.insert(analyticsEvents).values(events);
    return true;
  });
}
