import { SHOPIFY_COLUMNS } from "../../server/catalog/shopify-csv/columns";

/** A Shopify product export with the given cells, every other column empty. */
export const csvOf = (rows: Partial<Record<(typeof SHOPIFY_COLUMNS)[number], string>>[]) =>
  [SHOPIFY_COLUMNS.join(","), ...rows.map((row) => SHOPIFY_COLUMNS.map((column) => JSON.stringify(row[column] ?? "")).join(","))].join("\n") + "\n";
