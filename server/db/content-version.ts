import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The database's content version (see `contentVersion` in schema.ts): it moves whenever a shop page would. */
export async function readContentVersion(db: Database): Promise<number> {
  const result = (await db.execute(sql`select version from content_version where id = 1`)) as {
    rows: { version: string | number }[];
  };
  return Number(result.rows[0]?.version ?? 0);
}

/** The version for many concurrent requests, with at most two queries at a time. */
export function contentVersionReader(db: Database): () => Promise<number> {
  return sharedFreshReads(() => readContentVersion(db));
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
