/**
 * Each US state's base (state-level) sales tax rate, the rate the Taxes screen suggests when the owner says they
 * collect there; the shop applies only the rates the owner saved (tax_rates). Zod-free: the Taxes screen imports it.
 * Whole basis points: the few states whose rate has a third decimal (Minnesota 6.875 %, New Jersey 6.625 %...) are
 * rounded to the nearest basis point. `taxesShipping` marks states where shipping charges are taxable.
 */
export type StateBaseRate = { region: string; name: string; basisPoints: number; taxesShipping: boolean };

const state = (region: string, name: string, basisPoints: number, taxesShipping = false): StateBaseRate => ({ region, name, basisPoints, taxesShipping });

export const US_STATE_BASE_RATES: readonly StateBaseRate[] = [
  state("AL", "Alabama", 400),
  state("AK", "Alaska", 0),
  state("AZ", "Arizona", 560),
  state("AR", "Arkansas", 650),
  state("CA", "California", 725),
  state("CO", "Colorado", 290),
  state("CT", "Connecticut", 635),
  state("DE", "Delaware", 0),
  state("DC", "District of Columbia", 600),
  state("FL", "Florida", 600),
  state("GA", "Georgia", 400, true),
  state("HI", "Hawaii", 400),
  state("ID", "Idaho", 600),
  state("IL", "Illinois", 625),
  state("IN", "Indiana", 700),
  state("IA", "Iowa", 600),
  state("KS", "Kansas", 650, true),
  state("KY", "Kentucky", 600),
  state("LA", "Louisiana", 500),
  state("ME", "Maine", 550),
  state("MD", "Maryland", 600),
  state("MA", "Massachusetts", 625),
  state("MI", "Michigan", 600),
  state("MN", "Minnesota", 688, true),
  state("MS", "Mississippi", 700),
  state("MO", "Missouri", 423),
  state("MT", "Montana", 0),
  state("NE", "Nebraska", 550),
  state("NV", "Nevada", 685),
  state("NH", "New Hampshire", 0),
  state("NJ", "New Jersey", 663, true),
  state("NM", "New Mexico", 488),
  state("NY", "New York", 400, true),
  state("NC", "North Carolina", 475),
  state("ND", "North Dakota", 500),
  state("OH", "Ohio", 575),
  state("OK", "Oklahoma", 450),
  state("OR", "Oregon", 0),
  state("PA", "Pennsylvania", 600, true),
  state("RI", "Rhode Island", 700),
  state("SC", "South Carolina", 600),
  state("SD", "South Dakota", 420),
  state("TN", "Tennessee", 700),
  state("TX", "Texas", 625, true),
  state("UT", "Utah", 610),
  state("VT", "Vermont", 600),
  state("VA", "Virginia", 530),
  state("WA", "Washington", 650, true),
  state("WV", "West Virginia", 600),
  state("WI", "Wisconsin", 500),
  state("WY", "Wyoming", 400),
];

/** The chosen state codes that name a state, each once, in the table's order. */
export function chosenStates(codes: readonly string[]): StateBaseRate[] {
  const wanted = new Set(codes.map((code) => code.trim().toUpperCase()));
  return US_STATE_BASE_RATES.filter((entry) => wanted.has(entry.region));
}

/** The Taxes screen's fields of a chosen state: its rate (`rate_VA`) and whether it taxes shipping (`shipping_VA`). */
export const collectFields = (region: string) => ({ rate: `rate_${region}`, shipping: `shipping_${region}` });

/** A region's rate for a tax class on the Taxes screen's rate form (`class_reduced`). */
export const classRateField = (key: string) => `class_${key}`;

/** The id the Taxes screen's tax-class form answers refusals with. */
export const CLASS_FORM = "class";
