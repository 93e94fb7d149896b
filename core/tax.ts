/**
 * The one tax formula (decision 0063), for the checkout's quote, the order's lines it keeps, invoices, returns and the
 * tax report. Zod-free: the Taxes screen and the product editor read the built-in classes.
 */
import { allocate, roundCents } from "./money";

/** Every product has a class; a region's rate (tax_rates) is its standard rate, the other classes have their own. */
export const STANDARD_TAX_CLASS = "standard";
/** Taxed at 0 wherever the shop collects: needs no rate. */
export const EXEMPT_TAX_CLASS = "exempt";

export const BUILT_IN_TAX_CLASSES = [
  { key: STANDARD_TAX_CLASS, name: "Standard" },
  { key: "reduced", name: "Reduced" },
  { key: EXEMPT_TAX_CLASS, name: "Exempt" },
] as const;

export type TaxClass = { key: string; name: string; builtIn: boolean };

/** Whether the owner sets this class's rate per region (the standard rate is the region's own, exempt is 0). */
export const hasOwnRate = (key: string) => key !== STANDARD_TAX_CLASS && key !== EXEMPT_TAX_CLASS;

/** Where the shop collects for an address's region: its standard rate, whether it taxes shipping, each class's own rate. */
export type RegionTax = { rateBasisPoints: number; taxesShipping: boolean; classRates: Readonly<Record<string, number>> };

/**
 * A class's rate in a region, in basis points; null where the shop does not collect. A class the owner gave no rate
 * in the region is taxed at the standard rate there: charging less than the region asks is the costlier mistake.
 */
export function classRate(region: RegionTax | null, taxClass: string): number | null {
  if (!region) return null;
  if (taxClass === EXEMPT_TAX_CLASS) return 0;
  return region.classRates[taxClass] ?? region.rateBasisPoints;
}

/** An amount taxed at a rate (basis points); null: not taxed, the shop does not collect there. */
export type Taxed = { cents: number; rateBasisPoints: number | null };

export type RateTax = { rateBasisPoints: number; baseCents: number; taxCents: number };

/**
 * The tax of each rate: the amounts at one rate added up, then taxed and rounded to the cent once (half away from
 * zero), in the order the rates first appear. An order of one rate is taxed as one sum, as it always was.
 */
export function taxByRate(amounts: readonly Taxed[]): RateTax[] {
  const bases = new Map<number, number>();
  for (const { cents, rateBasisPoints } of amounts) {
    if (rateBasisPoints !== null) bases.set(rateBasisPoints, (bases.get(rateBasisPoints) ?? 0) + cents);
  }
  return [...bases].map(([rateBasisPoints, baseCents]) => ({ rateBasisPoints, baseCents, taxCents: roundCents((baseCents * rateBasisPoints) / 10_000) }));
}

export const totalTax = (amounts: readonly Taxed[]) => taxByRate(amounts).reduce((sum, rate) => sum + rate.taxCents, 0);

/** Each amount's share of its rate's tax, in whole cents that add up to it (largest remainder). */
export function taxShares(amounts: readonly Taxed[]): number[] {
  const shares = amounts.map(() => 0);
  for (const { rateBasisPoints, taxCents } of taxByRate(amounts)) {
    const members = amounts.flatMap((amount, index) => (amount.rateBasisPoints === rateBasisPoints ? [index] : []));
    allocate(
      taxCents,
      members.map((index) => amounts[index].cents),
    ).forEach((share, at) => (shares[members[at]] = share));
  }
  return shares;
}

/** What an order line keeps of its tax: its share of the order's discount, and the rate it was taxed at. */
export type LineTax = { discountCents: number; taxRateBasisPoints: number | null };

/**
 * Each line's tax as the quote sets it: the order's discount split over the lines by their totals, and the rate of
 * the line's class in the region, or the rate `kept` says for it (a line an edit keeps as it was sold; null: untaxed).
 */
export function lineTaxes(
  lines: readonly { totalCents: number; taxClass: string }[],
  discountCents: number,
  region: RegionTax | null,
  kept: readonly (number | null | undefined)[] = [],
): LineTax[] {
  const discounts = allocate(
    discountCents,
    lines.map((line) => line.totalCents),
  );
  return lines.map((line, index) => ({ discountCents: discounts[index], taxRateBasisPoints: kept[index] !== undefined ? kept[index] : classRate(region, line.taxClass) }));
}

/** The lines (after their discount) and the shipping at their rates, as the quote, the invoice and a return tax them. */
export const taxedAmounts = (
  lines: readonly { lineTotalCents: number; discountCents: number; taxRateBasisPoints: number | null }[],
  shipping: { cents: number; rateBasisPoints: number | null },
): Taxed[] => [...lines.map((line) => ({ cents: line.lineTotalCents - line.discountCents, rateBasisPoints: line.taxRateBasisPoints })), shipping];
