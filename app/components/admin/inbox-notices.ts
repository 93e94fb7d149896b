/**
 * The inbox, review and subscriber screens' successes, told after their redirect as the other screens' are
 * (components/admin/notices.ts): the address carries a key only, so no link can make the page say words of its own.
 * The statuses' labels and the lists' filters live here too, for the screens' scripts and their server sides alike
 * (a page's script may not import its *.server.ts).
 */
import type { ContactMessageStatus, ReviewStatus } from "@core/inbox-rules";
import { redirectPath } from "@core/redirect-target";
import { noticeTable } from "./notices";

export const INBOX_NOTICES = noticeTable({
  "reply-sent": "Reply sent to the customer and kept on the message.",
  "marked-spam": "Marked as spam; it has left the inbox.",
  "not-spam": "Moved back to the inbox.",
  "review-answered": "Response saved; the product page shows it now.",
  "review-hidden": "Review hidden; it has left the product page.",
  "review-shown": "Review published; the product page shows it now.",
  "reviews-setting": "Review publishing setting saved.",
  unsubscribed: "Unsubscribed; they get no more newsletters.",
});

/**
 * Where a list screen's form returns to: the list as it was filtered (`back`, posted by the form) when that is a path
 * of this shop on `screen`, without the notice it showed; anything else is the screen itself.
 */
export function listBack(back: string, screen: string, origin: string): string {
  const target = new URL(redirectPath(back, origin, screen), origin);
  if (target.pathname !== screen) return screen;
  target.searchParams.delete("notice");
  return `${target.pathname}${target.search}`;
}

export const MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = { new: "New", read: "Read", answered: "Answered", spam: "Spam" };
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { new: "New", published: "Published", hidden: "Hidden" };

export const MESSAGE_FILTERS = ["status", "cursor"] as const;
export const REVIEW_FILTERS = ["status", "rating", "product_id", "cursor"] as const;
export const SUBSCRIBER_FILTERS = ["q", "status", "cursor"] as const;
export const REVIEWS_PATH = "/admin/reviews";
