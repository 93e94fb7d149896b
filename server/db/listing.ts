/** What every back-office list shares: its search pattern and its cursor, read the same way everywhere. */
import { HttpError } from "../http/errors";

/** A search term as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The largest serial id: a cursor above it cannot have come from this API, and the database would refuse it. */
const MAX_ID = 2_147_483_647;

/** A cursor is an id this API gave out; anything else is the caller's mistake, named as such. */
export function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(cursor);
  if (!(Number.isInteger(id) && id > 0 && id <= MAX_ID)) throw new HttpError(400, "Invalid cursor", "cursor");
  return id;
}
