import { lt, sql, type AnyColumn, type Column, type SQL } from "drizzle-orm";
import { badInput } from "../../core/errors";
/** What every back-office list shares: its search pattern and its cursor, read the same way everywhere. */

/** A search term as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The largest serial id: a cursor above it cannot have come from this API, and the database would refuse it. */
const MAX_ID = 2_147_483_647;

/** A cursor is an id this API gave out; anything else is the caller's mistake, named as such. */
export function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(cursor);
  if (!(Number.isInteger(id) && id > 0 && id <= MAX_ID)) throw badInput("Invalid cursor", "cursor");
  return id;
}

/**
 * Newest first, a page at a time; the cursor is the last id seen, so a page stays right while new rows arrive. `read`
 * adds `olderThanCursor` to its conditions and reads `count` rows newest first: one more than a page, telling whether
 * another page follows.
 */
export async function newestFirstPage<Row extends { id: number }>(
  filter: { cursor?: string; limit?: number },
  pageSize: number,
  id: AnyColumn,
  read: (olderThanCursor: SQL | undefined, count: number) => Promise<Row[]>,
): Promise<{ page: Row[]; nextCursor: string | null }> {
  const limit = filter.limit ?? pageSize;
  const after = cursorId(filter.cursor);
  const rows = await read(after === undefined ? undefined : lt(id, after), limit + 1);
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null };
}

/**
 * Every page of a list from `cursor` on (a CSV export's rows), each read when the one before has been used: `read`
 * reads one page after the cursor it is given.
 */
export async function* everyPage<Page extends { nextCursor: string | null }>(
  cursor: string | undefined,
  read: (cursor: string | undefined) => Promise<Page>,
): AsyncGenerator<Page> {
  for (let page = await read(cursor); ; page = await read(page.nextCursor)) {
    yield page;
    if (page.nextCursor === null) return;
  }
}

/**
 * The items of `items`, the next one asked for as soon as one is handed out: the database reads the next page while
 * this one is written and sent. A read that fails is thrown where its item would have been, however long the one
 * before took to use, and is never an unhandled rejection meanwhile; stopping early stops after the read in flight.
 */
export async function* readingAhead<Item>(items: AsyncIterable<Item>): AsyncGenerator<Item> {
  const iterator = items[Symbol.asyncIterator]();
  const readAhead = () => iterator.next().then((read) => ({ read }), (error: unknown) => ({ error }));
  let next = readAhead();
  try {
    for (;;) {
      const ahead = await next;
      if ("error" in ahead) throw ahead.error;
      if (ahead.read.done) return;
      next = readAhead();
      yield ahead.read.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * `column = any(ids)`: the ids travel as one array parameter instead of one parameter each (inArray), which is
 * cheaper to build, send and parse for a page of 48 products or 500 orders; the plan is the same.
 */
export function isAnyOf(column: Column, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}
