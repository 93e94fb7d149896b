/**
 * The shop's one CSV writer (Papa Parse's unparse), for every file it hands out (orders, subscribers, the Shopify
 * product export): RFC 4180, null is an empty cell, lines end with CRLF. Whatever a cell holds (a customer's name, a
 * product's title: anyone can type anything), a spreadsheet shows it as text and never runs it (OWASP's CSV injection
 * rule):
 * - a cell starting with = + - @, tab or carriage return gets a leading ' (the guard);
 * - so does each such start after a , ; or line break inside a cell: a spreadsheet set to another separator (; in
 *   much of Europe) ignores quotes that do not open its own cell and splits "Bob;=cmd|…" into a live "=cmd|…" cell;
 * - a cell holding a comma, semicolon, quote or line break is quoted, so a reader set to , or ; keeps it whole (and,
 *   Papa Parse's own rule, one that starts or ends with a space, which some readers would trim).
 * Every text cell is guarded, a number-like "-5" too: a text cell cannot tell a negative amount from "-1+cmd|…".
 * A column that means a number passes a JavaScript number, which is written bare (a number holds no formula).
 * Papa Parse rather than csv-stringify (decision 0074): csv-stringify made four objects for every cell it wrote, 65 MB
 * of garbage for a month's 2.2 MB orders CSV on the big shop, which the server's 4 MB young generation paid for in
 * collections; Papa Parse writes the same file with a third of the garbage.
 */
import Papa from "papaparse";
import { readingAhead } from "../db/listing";

const FORMULA_START = "=+\\-@\\t\\r";
/** Where a spreadsheet may start a cell: the cell's start, or a separator or line break inside it. */
const SEPARATOR = "[,;\\r\\n]";
const CELL_START = `^|${SEPARATOR}`;
const UNGUARDED = new RegExp(`(${CELL_START})(?=[${FORMULA_START}])`, "g");
const GUARDED = new RegExp(`(${CELL_START})'(?=[${FORMULA_START}])`, "g");
/**
 * What every cell the guard changes holds: a formula character first, or a separator or line break. Most cells hold
 * neither, and this cheap scan spares them the guard's own (a month's orders CSV: 180,000 cells, 23 ms to 4 ms).
 */
const MAY_NEED_GUARD = new RegExp(`^[${FORMULA_START}]|${SEPARATOR}`);
/** Papa Parse quotes a comma, quote and line break itself; ; is the separator of spreadsheets that write 0,5. */
const SEMICOLON = /;/;

const guarded = (cell: unknown) => (typeof cell === "string" && MAY_NEED_GUARD.test(cell) ? cell.replace(UNGUARDED, "$1'") : cell);

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) return "";
  const text = Papa.unparse(
    rows.map((row) => row.map(guarded)),
    { newline: "\r\n", quotes: (cell: unknown) => typeof cell === "string" && SEMICOLON.test(cell) },
  );
  return `${text}\r\n`;
}

/**
 * A file as long as the shop's history, written a page at a time as the pages are read: the header, then each page's
 * rows. The same bytes as toCsv of every row, at the memory of two pages: the next page is read while this one is
 * written and sent (readingAhead), so the database's time hides behind the writing instead of adding to it.
 */
export async function* csvPages<Page>(
  header: readonly string[],
  pages: AsyncIterable<Page>,
  rowsOf: (page: Page) => readonly (readonly unknown[])[],
): AsyncGenerator<string> {
  const ahead = readingAhead(pages);
  // Asked before the header is taken, so the first page is on its way while the answer starts; a failed read is
  // thrown where the first page would have been, never an unhandled rejection while the header is taken.
  const first = ahead.next();
  first.catch(() => undefined);
  try {
    yield toCsv([header]);
    for (let read = await first; !read.done; read = await ahead.next()) {
      const rows = rowsOf(read.value);
      if (rows.length > 0) yield toCsv(rows);
    }
  } finally {
    await ahead.return(undefined);
  }
}

/**
 * A cell as it was before toCsv guarded it, for a file the shop reads back (the product import). Only the exact
 * guard goes: a ' where toCsv puts one, before one of the characters it guards; any other ' is the cell's own.
 */
export function unguardCsvCell(cell: string): string {
  return cell.replace(GUARDED, "$1");
}
