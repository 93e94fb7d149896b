/**
 * The shop's one CSV writer (csv-stringify): RFC 4180, a cell with a comma, quote or line break quoted, its quotes
 * doubled; null is an empty cell; lines end with CRLF. A cell a spreadsheet would run as a formula (starting = + - @,
 * tab or carriage return: a customer's name can be anything) is prefixed with ' so it is shown, never evaluated,
 * unless the caller turns that off for a file meant to be read back as it is (the Shopify product export).
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsv(rows: readonly (readonly unknown[])[], options: { guardFormulas?: boolean } = {}): string {
  const guardFormulas = options.guardFormulas ?? true;
  return stringify(rows as unknown[][], {
    record_delimiter: "\r\n",
    // csv-stringify quotes a cell holding the whole record delimiter only; a lone \n or \r breaks a line too.
    quoted_match: /[\r\n]/,
    cast: {
      string: (value) => (guardFormulas && FORMULA_START.test(value) ? `'${value}` : value),
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });
}
