import type { Review } from "@core/schemas/catalog";
import { Stars } from "./stars";

/** Dates are fixed to UTC so the server's and the browser's rendering agree. */
// One formatter for every review: toLocaleDateString builds a new one per call, a measurable cost on a page of reviews.
const REVIEW_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

function reviewDate(iso: string): string {
  return REVIEW_DATE.format(new Date(iso));
}

export function ReviewBody({ review, full = false }: { review: Review; full?: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Stars rating={review.review_rating} />
        <span className="font-semibold">{review.reviewer_name}</span>
        {review.verified ? (
          <span className="rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-white">✓ Verified</span>
        ) : null}
        <time dateTime={review.review_date} className="text-ink/80">
          {reviewDate(review.review_date)}
        </time>
      </div>
      <p className={`mt-2 whitespace-pre-line ${full ? "" : "line-clamp-4"}`}>{review.review_description}</p>
      {review.review_response ? (
        <div className="mt-3 rounded border-l-4 border-secondary bg-tertiary/60 p-3 text-sm">
          <p className="font-semibold">Response from Seller</p>
          <p className={`mt-1 whitespace-pre-line ${full ? "" : "line-clamp-3"}`}>{review.review_response}</p>
        </div>
      ) : null}
    </>
  );
}

/** A review card; the whole card is a button opening the full review. */
export function ReviewCard({ review, onOpen }: { review: Review; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="block w-full rounded-lg bg-card p-4 text-left shadow-sm ring-1 ring-black/5 transition hover:shadow-md"
    >
      <h3 className="font-heading text-lg font-semibold">{review.review_title}</h3>
      <ReviewBody review={review} />
    </button>
  );
}
