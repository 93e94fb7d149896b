import { and, asc, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { notFound } from "../../core/errors";
import type { Database } from "./client";

/** A table whose rows each belong to one store and are known by a serial id. */
export type StoreRows = PgTable & { id: PgColumn; storeId: PgColumn };

/**
 * The store's row with this id, locked for the rest of the transaction when `lock` asks; another store's row is as
 * missing as none, refused as `missing`.
 */
export async function storeRow<T extends StoreRows>(db: Database, table: T, storeId: string, id: number, missing: string, lock = false): Promise<T["$inferSelect"]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.storeId, storeId), eq(table.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(missing);
  return row as T["$inferSelect"];
}

/** Every row of the store, in the order the owner placed them (ties by age). */
export async function storeRowsInPlace<T extends StoreRows & { position: PgColumn }>(db: Database, table: T, storeId: string): Promise<T["$inferSelect"][]> {
  return (await db
    .select()
    .from(table as PgTable)
    .where(eq(table.storeId, storeId))
    .orderBy(asc(table.position), asc(table.id))) as T["$inferSelect"][];
}

/** The id of the store's row with this handle, or null when the store has none. */
export async function storeIdOfHandle(db: Database, table: StoreRows & { handle: PgColumn }, storeId: string, handle: string): Promise<number | null> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.storeId, storeId), eq(table.handle, handle)));
  return row ? (row.id as number) : null;
}
