/**
 * Money is integer cents in every calculation (docs/product.md, Money). The API's shapes carry dollars as numbers or
 * numeric strings, so conversion happens here, at the edge, and nowhere else.
 */

// Optional sign, digits with an optional fraction, or a bare fraction. Number() alone would also accept "",
// "0x10", "1e3" and "Infinity", none of which is a price.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Rounds an amount already expressed in cents to a whole cent, half away from zero.
 * Binary floats turn 1.005 * 100 into 100.49999999999999; cutting to 15 significant digits first removes that
 * noise so the half-cent rounds the way a person would round it.
 */
export function roundCents(cents: number): number {
  const rounded = Math.round(Math.abs(Number(cents.toPrecision(15))));
  // The second test keeps a negative amount that rounds to zero from becoming -0.
  return cents < 0 && rounded !== 0 ? -rounded : rounded;
}

export function toCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? parseDecimal(dollars) : dollars;
  if (!Number.isFinite(value)) {
    throw new RangeError(`Not a money amount: ${dollars}`);
  }
  const cents = roundCents(value * 100);
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money amount out of range: ${dollars}`);
  }
  return cents;
}

function parseDecimal(text: string): number {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new RangeError(`Not a money amount: "${text}"`);
  }
  return Number(trimmed);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** "$12.50"; a negative amount is "-$12.50" (the drawer's 'Discount Applied' row). */
export function formatMoney(cents: number, symbol = "$"): string {
  // Refusing fractions catches a dollar amount passed by mistake, which would otherwise display 100 times too small.
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`formatMoney expects whole cents, got ${cents}`);
  }
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${symbol}${whole}.${fraction}`;
}

/** What staff read beside a money field that holds something other than an amount, on every screen. */
export const TYPED_DOLLARS_MESSAGE = "Enter an amount in dollars, such as 12.50";

/**
 * Dollars as staff type them ("12", "12.50", "$12.50", spaces around) in cents: null when left blank, NaN when it is
 * not an amount (the caller refuses it with TYPED_DOLLARS_MESSAGE, beside its field).
 */
export function typedDollarsToCents(typed: string | undefined): number | null {
  const amount = (typed ?? "").trim().replace(/^\$/, "").trim();
  if (amount === "") return null;
  try {
    return toCents(amount);
  } catch {
    return Number.NaN;
  }
}

/**
 * Splits `total` over `weights` in whole cents that add up to it exactly (largest remainder, ties to the earlier):
 * a line's share of the order's discount and tax.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]++;
    left--;
  }
  return shares;
}

/** An order's money, in cents, as the screens and answers that show an order whole take it. */
export type OrderMoney = { subtotalCents: number; discountCents: number; discountCode: string | null; shippingCents: number; taxCents: number; totalCents: number };

/** Just the money of an order (of anything that carries it), for an answer that must not carry the rest. */
export const orderMoney = (order: OrderMoney): OrderMoney => ({
  subtotalCents: order.subtotalCents,
  discountCents: order.discountCents,
  discountCode: order.discountCode,
  shippingCents: order.shippingCents,
  taxCents: order.taxCents,
  totalCents: order.totalCents,
});
