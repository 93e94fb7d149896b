import { sql } from "drizzle-orm";
import type { Database } from "./client";

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

/** The versions for many concurrent requests, with at most two queries at a time. */
export function contentVersionsReader(db: Database): () => Promise<ContentVersions> {
  return sharedFreshReads(() => readContentVersions(db));
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
