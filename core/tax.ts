/** The one tax formula, for the checkout's quote and for reading an order's tax back by its rate. */
import { roundCents } from "./money";

/** Tax on the goods after discount and, where the state taxes it, on shipping; basis points, rounded to the cent. */
export function taxCents(rate: { rateBasisPoints: number; taxesShipping: boolean } | null, goodsCents: number, shipping: number) {
  if (!rate) return 0;
  return roundCents(((goodsCents + (rate.taxesShipping ? shipping : 0)) * rate.rateBasisPoints) / 10_000);
}
