import { and, eq, ne, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import type { StoreRows } from "./store-rows";

/**
 * PostgreSQL refuses a write that would break a unique index with code 23505 and names the index. Drizzle wraps the
 * driver's error (pg's and PGlite's alike) in its own with the original as `cause`, so the whole chain is read.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return index === undefined || constraint === index;
  }
  return false;
}

/**
 * A `.catch` for a write that raced another to a unique value after the friendly check passed: the index's refusal
 * becomes the refusal the check would have made; any other error is rethrown as it was.
 */
export const whenTaken =
  (index: string, refusal: () => Error) =>
  (error: unknown): never => {
    throw isUniqueViolation(error, index) ? refusal() : error;
  };

/**
 * The friendly check before a write of a unique value: another of the store's rows (not `exceptId`, the one being
 * changed) already matching `match` is refused as `refusal`, naming the field, before the index would refuse it.
 */
export async function assertFree(db: Database, table: StoreRows, storeId: string, match: SQL, exceptId: number | undefined, refusal: () => Error): Promise<void> {
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.storeId, storeId), match, exceptId === undefined ? undefined : ne(table.id, exceptId)));
  if (taken) throw refusal();
}
