/**
 * Rows as CSV (RFC 4180): a cell with a comma, quote or line break is quoted, its quotes doubled. A cell a
 * spreadsheet would run as a formula (starting = + - @, tab or carriage return: a customer's name can be anything)
 * is prefixed with ' so it is shown, never evaluated. Null is an empty cell; lines end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
