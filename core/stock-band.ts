/**
 * Shop pages show a variant's stock only as a band: none, each count up to the threshold, or plenty. The content
 * version moves only when a band changes (server/db/migrations/0018_sale_keeps_content_version.sql uses the same
 * number; a test holds the two together), so a sale that leaves every band as it was keeps the caches warm.
 */

/** At or below this many units a product page names the count ('Only 3 left in stock'). */
export const LOW_STOCK_THRESHOLD = 5;

/** 0 when out of stock, the count itself up to the threshold, threshold + 1 for anything above. */
export function stockBand(stock: number): number {
  return Math.min(Math.max(stock, 0), LOW_STOCK_THRESHOLD + 1);
}

/** What a product page says of a variant's stock: the same text for every stock in one band. */
export function stockLabel(stock: number): string {
  const band = stockBand(stock);
  if (band === 0) return "Out of stock";
  if (band <= LOW_STOCK_THRESHOLD) return `Only ${band} left in stock`;
  return "In stock";
}
