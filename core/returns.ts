/**
 * A return's life in one table (decision 0056), as core/order-lifecycle.ts keeps an order's: its states, the moves
 * between them with who makes each, the reasons a customer picks from, and the money a returned unit is worth. The
 * server refuses a move this table does not allow (server/returns/returns.ts) and the screens offer only the moves
 * it allows.
 */
import { allocate } from "./money";
import { taxShares } from "./tax";

export const RETURN_STATES = ["requested", "approved", "declined", "received", "refunded", "closed"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** Who makes a move: the customer from their order page or the lookup, or staff. */
export type ReturnMover = "customer" | "staff";

export type ReturnMove = { from: readonly ReturnState[]; to: ReturnState; by: readonly ReturnMover[] };

export const RETURN_MOVES = {
  approve: { from: ["requested"], to: "approved", by: ["staff"] },
  /** With a note the customer reads. */
  decline: { from: ["requested"], to: "declined", by: ["staff"] },
  /** The parcel came back; each line goes back to stock or not. */
  receive: { from: ["approved"], to: "received", by: ["staff"] },
  /** The lines' paid amounts (and shipping, when the owner chooses) go back through the order's refund path. */
  refund: { from: ["received"], to: "refunded", by: ["staff"] },
  /** Another variant of each line goes out on a new order; the price difference is refunded or owed. */
  exchange: { from: ["received"], to: "closed", by: ["staff"] },
  /** Done with nothing more to give back (kept by the shop, settled another way). */
  close: { from: ["approved", "received"], to: "closed", by: ["staff"] },
} satisfies Record<string, ReturnMove>;

export type ReturnMoveName = keyof typeof RETURN_MOVES;

export function canMoveReturn(state: string, move: ReturnMoveName): boolean {
  return (RETURN_MOVES[move] as ReturnMove).from.includes(state as ReturnState);
}

/** A declined return gives its units back to what may still be returned; every other state keeps them. */
export const RETURN_HOLDS_UNITS: readonly ReturnState[] = RETURN_STATES.filter((state) => state !== "declined");

export const RETURN_STATE_LABELS: Record<ReturnState, { staff: string; shopper: string }> = {
  requested: { staff: "Requested, to approve", shopper: "Requested: we will reply soon" },
  approved: { staff: "Approved, awaiting the parcel", shopper: "Approved: please send the items back" },
  declined: { staff: "Declined", shopper: "Declined" },
  received: { staff: "Received, to refund or exchange", shopper: "Received" },
  refunded: { staff: "Refunded", shopper: "Refunded" },
  closed: { staff: "Closed", shopper: "Closed" },
};

export const RETURN_REASONS = {
  size: "Doesn't fit / wrong size",
  damaged: "Damaged or defective",
  not_as_described: "Not as described",
  changed_mind: "Changed my mind",
  wrong_item: "Wrong item sent",
  other: "Other",
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Days after shipping a customer may start a return, unless the owner sets another; 0 turns it off. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_WINDOW_DAYS = 365;

const DAY_MS = 86_400_000;

export type ReturnWindow = { open: true; closesAt: Date } | { open: false; why: string };

/** Whether the customer may start a return of an order shipped at `shippedAt` (null: not shipped) today. */
export function returnWindow(shippedAt: Date | null, windowDays: number, now = new Date()): ReturnWindow {
  if (windowDays <= 0) return { open: false, why: "This shop does not take returns online. Please contact us." };
  if (shippedAt === null) return { open: false, why: "Items can be returned once the order has shipped." };
  const closesAt = new Date(shippedAt.getTime() + windowDays * DAY_MS);
  if (now >= closesAt) return { open: false, why: `The ${windowDays}-day return window for this order has closed. Please contact us.` };
  return { open: true, closesAt };
}

export type PaidOrder = { subtotalCents: number; discountCents: number; shippingCents: number; taxCents: number; shippingTaxRateBasisPoints: number | null };
export type PaidLine = { lineTotalCents: number; taxRateBasisPoints: number | null };

/**
 * What each line and the shipping actually cost the customer: a line's total less its share of the discount (`netLines`),
 * plus its share of its rate's tax (the rates the order kept, core/tax.ts); the shipping plus its share where the tax
 * covered shipping. They add up to the order's total. An order whose kept rates do not give the tax it was charged (one
 * from before it kept them, an exchange's) has that tax split over what it taxed.
 */
export function paidAmounts(order: PaidOrder, lines: readonly PaidLine[]): { lines: number[]; netLines: number[]; shippingCents: number } {
  const discounts = allocate(
    order.discountCents,
    lines.map((line) => line.lineTotalCents),
  );
  const netLines = lines.map((line, index) => line.lineTotalCents - discounts[index]);
  const shipping = { cents: order.shippingCents, rateBasisPoints: order.shippingTaxRateBasisPoints };
  let taxes = taxShares([...netLines.map((cents, index) => ({ cents, rateBasisPoints: lines[index].taxRateBasisPoints })), shipping]);
  if (taxes.reduce((a, b) => a + b, 0) !== order.taxCents) taxes = allocate(order.taxCents, [...netLines, shipping.rateBasisPoints === null ? 0 : shipping.cents]);
  return {
    lines: netLines.map((net, index) => net + taxes[index]),
    netLines,
    shippingCents: order.shippingCents + taxes[netLines.length],
  };
}

/**
 * What `units` more of a line paid `linePaidCents` for `quantity` units are worth, after `before` units of it were
 * returned: the first n units are worth floor(paid × n / quantity), so returning them all, in any steps, gives back
 * exactly what the line cost.
 */
export function unitsWorth(linePaidCents: number, quantity: number, before: number, units: number): number {
  const upTo = (n: number) => Math.floor((linePaidCents * n) / quantity);
  return upTo(before + units) - upTo(before);
}

