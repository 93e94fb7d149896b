import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./client";

/**
 * The database's versions (see `contentVersion` in schema.ts): `pages` moves whenever a shop page would; `data` also
 * moves with every stock change, for answers that carry exact stock. Both only rise, so their sum does too.
 */
export type ContentVersions = { pages: number; data: number };

export async function readContentVersions(db: Database): Promise<ContentVersions> {
  const result = (await db.execute(sql`select version, stock_version from content_version where id = 1`)) as {
    rows: { version: string | number; stock_version: string | number }[];
  };
  const pages = Number(result.rows[0]?.version ?? 0);
  return { pages, data: pages + Number(result.rows[0]?.stock_version ?? 0) };
}

/**
 * The versions for many concurrent requests, with at most two queries at a time. Where the database tells this
 * process of every move (its one writer), they are kept in memory between moves: a cached answer then costs no query.
 */
export function contentVersionsReader(database: DatabaseHandle): () => Promise<ContentVersions> {
  const fresh = sharedFreshReads(() => readContentVersions(database.db));
  return database.watchContentVersion ? keptUntilMoved(fresh, database.watchContentVersion) : fresh;
}

function keptUntilMoved(
  fresh: () => Promise<ContentVersions>,
  watch: NonNullable<DatabaseHandle["watchContentVersion"]>,
): () => Promise<ContentVersions> {
  let known: ContentVersions | null = null;
  let moves = 0;
  // Until the watch is in place, and if it could not be, nothing may be kept.
  const watching = watch(() => {
    moves++;
    known = null;
  }).then(
    () => true,
    () => false,
  );
  return async () => {
    if (!(await watching)) return fresh();
    if (known) return known;
    const movesBefore = moves;
    const versions = await fresh();
    // A move told while the read ran may have committed after it: that read is this caller's, never kept.
    if (moves === movesBefore) known = versions;
    return versions;
  };
}

/**
 * Lets concurrent callers share reads. A caller may only trust a read that began after it called (a change
 * committed just before must be seen), so a caller arriving while a read runs waits for the next one, which every
 * caller arriving meanwhile shares.
 */
export function sharedFreshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    running = read().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return running ?? start();
      });
    return queued;
  };
}
