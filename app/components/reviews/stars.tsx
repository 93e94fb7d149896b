import { StarIcon } from "~/components/icons";

/** 1-5 stars filled up to the rating, read out as "4 out of 5 stars". */
export function Stars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex text-secondary">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= filled} className={className} />
      ))}
    </span>
  );
}
