/**
 * The shop's one CSV writer, for every file it hands out (orders, subscribers, the Shopify product export): RFC 4180,
 * null is an empty cell, lines end with CRLF. Whatever a cell holds (a customer's name, a product's title: anyone can
 * type anything), a spreadsheet shows it as text and never runs it (OWASP's CSV injection rule):
 * - a cell starting with = + - @, tab or carriage return gets a leading ' (the guard);
 * - so does each such start after a , ; or line break inside a cell: a spreadsheet set to another separator (; in
 *   much of Europe) ignores quotes that do not open its own cell and splits "Bob;=cmd|…" into a live "=cmd|…" cell;
 * - a cell holding a comma, semicolon, quote or line break is quoted, so a reader set to , or ; keeps it whole.
 * Every text cell is guarded, a number-like "-5" too: a text cell cannot tell a negative amount from "-1+cmd|…".
 * A column that means a number passes a JavaScript number, which is written bare (a number holds no formula).
 * It writes the bytes csv-stringify wrote with those rules (csv.test.ts holds it to them) at a fraction of the cost:
 * a month's orders file is 200,000 cells, and csv-stringify's per-cell option handling was a fifth of its time.
 */

const FORMULA_START = "=+\\-@\\t\\r";
/** Where a spreadsheet may start a cell: the cell's start, or a separator or line break inside it. */
const CELL_START = "^|[,;\\r\\n]";
const UNGUARDED = new RegExp(`(${CELL_START})(?=[${FORMULA_START}])`, "g");
const GUARDED = new RegExp(`(${CELL_START})'(?=[${FORMULA_START}])`, "g");
/** A cell holding any of these is quoted: the separator, a quote, a line break, and ; for the readers set to it. */
const QUOTED = /[",;\r\n]/;
const FORMULA_FIRST = new RegExp(`^[${FORMULA_START}]`);

/** A value as its cell's text: a string as it is, a number bare, a date in ISO 8601, anything else as JSON. */
function cellText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * A cell, guarded if it is text, quoted where it must be. A cell with none of the characters that ask for quotes has
 * no separator or line break inside either, so only its start can need the guard: most cells are settled by one scan.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = cellText(value);
  if (!QUOTED.test(text)) return typeof value === "string" && FORMULA_FIRST.test(text) ? `'${text}` : text;
  const guarded = typeof value === "string" ? text.replace(UNGUARDED, "$1'") : text;
  return `"${guarded.replaceAll('"', '""')}"`;
}

/** Joined, not appended cell by cell: a string grown a piece at a time leaves a piece of garbage per cell. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  const lines = rows.map((row) => {
    const cells = new Array<string>(row.length);
    for (let index = 0; index < row.length; index++) cells[index] = cell(row[index]);
    return `${cells.join(",")}\r\n`;
  });
  return lines.join("");
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
