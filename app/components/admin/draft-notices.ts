/** The draft screens' notices, read and set by their loaders and actions alone: apart from the form, so no page downloads them. */
import { noticeTable } from "~/components/admin/notices";

export const DRAFT_NOTICES = noticeTable({
  "draft-created": "Draft saved. Email the customer a payment link, or mark it paid when they pay another way.",
  "draft-saved": "Draft saved and priced again.",
  "draft-sent": "Payment link emailed to the customer.",
  "draft-paid": "Marked paid: the draft is an order now.",
  "draft-deleted": "Draft deleted.",
});
