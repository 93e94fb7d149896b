import { formatPrice } from "./price";

/**
 * A price, and beside it the earlier price struck through when there is one (the variant's compare-at price, given
 * only when higher). Screen readers hear "$28.00 Was $34.00": a struck line alone says nothing to them.
 */
export function PriceTag({
  price,
  compareAt,
  className = "",
  live = false,
}: {
  price: number | string | null | undefined;
  compareAt: number | null | undefined;
  className?: string;
  /** Announce a change of price (the product page, where choosing a variant changes it). */
  live?: boolean;
}) {
  return (
    <p className={className} aria-live={live ? "polite" : undefined}>
      {compareAt ? (
        <>
          <span>{formatPrice(price)}</span>{" "}
          <s className="ml-1 font-normal text-ink/80">
            <span className="sr-only">Was </span>
            {formatPrice(compareAt)}
          </s>
        </>
      ) : (
        formatPrice(price)
      )}
    </p>
  );
}
