/** The bundle and collection screens' successes, told after their redirect as the other screens' are (notices.ts). */
import { noticeTable } from "./notices";

export const MERCHANDISING_NOTICES = noticeTable({
  "bundle-saved": "Bundle saved; the shop shows it now.",
  "bundle-deleted": "Bundle deleted.",
  "pictures-added": "Pictures added.",
  "collection-saved": "Collection saved; the shop shows it now.",
  "collection-deleted": "Collection deleted.",
});
