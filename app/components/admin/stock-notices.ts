/** Notices of the stock and bulk-editing screens after their redirect, as the other screens' (notices.ts). */
import { noticeTable } from "./notices";

export const STOCK_NOTICES = noticeTable({
  "stock-adjusted": "Stock changed.",
  "bulk-applied": "Bulk edit applied.",
});
