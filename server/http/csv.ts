/**
 * The shop's one CSV writer (csv-stringify), for every file it hands out (orders, subscribers, the Shopify product
 * export): RFC 4180, null is an empty cell, lines end with CRLF. Whatever a cell holds (a customer's name, a product's
 * title: anyone can type anything), a spreadsheet shows it as text and never runs it (OWASP's CSV injection rule):
 * - a cell starting with = + - @, tab or carriage return gets a leading ' (the guard);
 * - so does each such start after a , ; or line break inside a cell: a spreadsheet set to another separator (; in
 *   much of Europe) ignores quotes that do not open its own cell and splits "Bob;=cmd|…" into a live "=cmd|…" cell;
 * - a cell holding a comma, semicolon, quote or line break is quoted, so a reader set to , or ; keeps it whole.
 * Every text cell is guarded, a number-like "-5" too: a text cell cannot tell a negative amount from "-1+cmd|…".
 * A column that means a number passes a JavaScript number, which is written bare (a number holds no formula).
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = "=+\\-@\\t\\r";
/** Where a spreadsheet may start a cell: the cell's start, or a separator or line break inside it. */
const CELL_START = "^|[,;\\r\\n]";
const UNGUARDED = new RegExp(`(${CELL_START})(?=[${FORMULA_START}])`, "g");
const GUARDED = new RegExp(`(${CELL_START})'(?=[${FORMULA_START}])`, "g");

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], {
    record_delimiter: "\r\n",
    // csv-stringify quotes a cell holding the delimiter or the whole record delimiter only; a lone \n or \r breaks a
    // line too, and ; is the separator of spreadsheets in locales that write decimals with a comma.
    quoted_match: /[\r\n;]/,
    cast: {
      string: (value) => value.replace(UNGUARDED, "$1'"),
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });
}

/**
 * A file as long as the shop's history, written a page at a time as the pages are read: the header, then each page's
 * rows. The same bytes as toCsv of every row, at the memory of two pages: the next page is read while this one is
 * written and sent, so the database's time hides behind the writing instead of adding to it.
 */
export async function* csvPages<Page>(
  header: readonly string[],
  pages: AsyncIterable<Page>,
  rowsOf: (page: Page) => readonly (readonly unknown[])[],
): AsyncGenerator<string> {
  const iterator = pages[Symbol.asyncIterator]();
  // Settled at once either way: a read failing while the client is slow to take the page before it is no
  // unhandled rejection, and its error is thrown where the file reaches it.
  const readAhead = () => iterator.next().then((read) => ({ read }), (error: unknown) => ({ error }));
  let next = readAhead();
  try {
    yield toCsv([header]);
    for (;;) {
      const ahead = await next;
      if ("error" in ahead) throw ahead.error;
      if (ahead.read.done) return;
      next = readAhead();
      const rows = rowsOf(ahead.read.value);
      if (rows.length > 0) yield toCsv(rows);
    }
  } finally {
    // A download cut short: the pages stop after the read in flight.
    await iterator.return?.();
  }
}

/**
 * A cell as it was before toCsv guarded it, for a file the shop reads back (the product import). Only the exact
 * guard goes: a ' where toCsv puts one, before one of the characters it guards; any other ' is the cell's own.
 */
export function unguardCsvCell(cell: string): string {
  return cell.replace(GUARDED, "$1");
}
