import { useState } from "react";
import type { Review } from "@core/schemas/catalog";
import { Modal } from "~/components/ui/dialog";
import { ReviewBody, ReviewCard } from "./review-card";

const COLUMNS = 3;

/** Reviews dealt round-robin into three columns (index modulo 3); a click opens the full review in a modal. */
export function ReviewsGrid({ reviews }: { reviews: Review[] }) {
  const [open, setOpen] = useState<Review | null>(null);
  const columns = Array.from({ length: COLUMNS }, (_, column) => reviews.filter((_, i) => i % COLUMNS === column));
  return (
    <>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {columns.map((column, i) => (
          <ul key={i} className="flex flex-col gap-4">
            {column.map((review) => (
              <li key={review.review_id}>
                <ReviewCard review={review} onOpen={() => setOpen(review)} />
              </li>
            ))}
          </ul>
        ))}
      </div>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.review_title ?? "Review"}>
        {open ? <ReviewBody review={open} full /> : null}
        <button
          type="button"
          onClick={() => setOpen(null)}
          className="mt-6 rounded bg-button px-6 py-2 font-semibold text-button-ink"
        >
          Close
        </button>
      </Modal>
    </>
  );
}
