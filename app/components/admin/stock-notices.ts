/**
 * Notices of the stock and bulk-editing screens after their redirect, as the other screens' (components/admin/notices.ts):
 * the address carries a key only, so no link can make the page say words of its own.
 */
export const STOCK_NOTICES = {
  "stock-adjusted": "Stock changed.",
  "bulk-applied": "Bulk edit applied.",
} as const;

export type StockNotice = keyof typeof STOCK_NOTICES;

export function stockNoticeOf(url: URL): string | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(STOCK_NOTICES, key) ? STOCK_NOTICES[key as StockNotice] : null;
}
