/**
 * An order's life in one table (decision 0049), as Vendure keeps its order state machine: the states, the moves
 * between them with who makes each, and the groups of states the rules, reports, emails and screens name. The server
 * refuses a move this table does not allow (server/orders/lifecycle.ts), and the back office offers only the moves it
 * allows, so a change here changes both.
 *
 * An order starts `pending` at checkout; a subscription's renewal starts `paid`, or `backordered` when its stock was
 * short (it was charged all the same and holds no stock until it ships); an order staff build (taken by phone) starts
 * `draft`, holding no stock and no number until it is paid. A paid order whose change left a balance owed waits in
 * `awaiting_payment`, holding its stock, until the customer's payment link or staff settle it (decision 0057); so
 * does an exchange that costs more than what was returned, from the start (decision 0056).
 */
import { formatMoney } from "./money";
export const ORDER_STATES = [
  "draft",
  "pending",
  "paid",
  "awaiting_payment",
  "backordered",
  "failed",
  "expired",
  "fulfilled",
  "cancelled",
  "refunded",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who makes a move: the shopper at checkout, the payment provider's events, the shop's own jobs, or staff. */
export type OrderMover = "shopper" | "provider" | "shop" | "staff";

export type OrderMove = { from: readonly OrderState[]; to: OrderState; by: readonly OrderMover[] };

export const ORDER_MOVES = {
  /** A checkout submitted again before it is paid: its unpaid order is rewritten and holds stock again. */
  resubmit: { from: ["pending", "failed", "expired"], to: "pending", by: ["shopper"] },
  /** The payment was taken. A failed or expired order is paid only if its stock can be held again. */
  pay: { from: ["pending", "failed", "expired"], to: "paid", by: ["provider"] },
  /** The payment failed, was cancelled or could not be started, or took another sum than the order's total. */
  decline: { from: ["pending"], to: "failed", by: ["provider", "shop"] },
  /** Nobody paid before the stock hold ran out (the shop's sweep). */
  expire: { from: ["pending"], to: "expired", by: ["shop"] },
  /** A payment the order cannot keep (another sum, or stock gone by the time it came) goes back. */
  returnPayment: { from: ["failed", "expired"], to: "refunded", by: ["shop"] },
  /**
   * Staff change a paid order before it ships (server/order-edits/edits.ts, decision 0058): its lines, address or
   * shipping, priced by the one quote. What it then owes (with a balance still open) is asked by a payment link
   * (awaitPayment), and what it owes less than nothing is refunded. One awaiting payment may be changed again: its
   * link is replaced.
   */
  edit: { from: ["paid", "awaiting_payment"], to: "paid", by: ["staff"] },
  /** A change of a paid order left the customer owing a balance: it ships once that is paid (a payment link). */
  awaitPayment: { from: ["paid"], to: "awaiting_payment", by: ["staff", "shop"] },
  /**
   * What was owed is paid: by the customer's payment link (the provider's event) or, taken another way (cash, a bank
   * transfer), by staff. A draft settled holds its stock then, or is backordered when it is short.
   */
  settle: { from: ["awaiting_payment", "draft"], to: "paid", by: ["provider", "staff"] },
  fulfil: { from: ["paid", "backordered"], to: "fulfilled", by: ["staff"] },
  cancel: { from: ["paid", "awaiting_payment", "backordered"], to: "cancelled", by: ["staff"] },
  /** Everything paid went back: by staff, or reported by the provider for a refund made outside the shop. */
  refund: { from: ["paid", "awaiting_payment", "backordered", "fulfilled"], to: "refunded", by: ["staff", "provider"] },
} satisfies Record<string, OrderMove>;

export type OrderMoveName = keyof typeof ORDER_MOVES;

/** Whether `move` may start from `state`; read at each call, so the table is the one answer. */
export function canMove(state: string, move: OrderMoveName): boolean {
  return (ORDER_MOVES[move] as OrderMove).from.includes(state as OrderState);
}

/**
 * What is left to refund of an order that has had `refundedCents` refunded: nothing where no refund may start, and
 * never a balance its payment link still asks for (`dueCents`), which was not paid.
 */
export function leftToRefund(order: { status: string; totalCents: number }, refundedCents: number, dueCents = 0): number {
  return canMove(order.status, "refund") ? order.totalCents - dueCents - refundedCents : 0;
}

/** A refund asked of more than is left, in dollars as staff read them on the order and type them in its form. */
export const refundTooLargeMessage = (amountCents: number, leftCents: number) =>
  `A refund of ${formatMoney(amountCents)} is more than the ${formatMoney(leftCents)} left to refund`;

/** Groups of states the rules name. The refundable, shippable and cancellable states are the moves' own `from`. */
export const ORDER_GROUPS = {
  /** Not paid: it may still be paid (a retried card) or rewritten by a new submit. */
  unpaid: ["pending", "failed", "expired"],
  /**
   * Paid at some point, whatever came after: its checkout is done for good, its buyer has purchased (a first-order
   * code is used up), the orders desk lists it, and its revenue is what it kept (server/orders/revenue.ts).
   */
  placed: ["paid", "awaiting_payment", "backordered", "fulfilled", "cancelled", "refunded"],
  /** Paid, not shipped, and holding its stock: the desk's "To ship" and the dashboard's count. */
  toShip: ["paid"],
  /** Paid and not given back: a subscription its first order started keeps renewing. */
  kept: ["paid", "awaiting_payment", "backordered", "fulfilled"],
} as const satisfies Record<string, readonly OrderState[]>;

export type PlacedOrderState = (typeof ORDER_GROUPS.placed)[number];

/** How staff and shoppers read each state of a placed order. */
export const ORDER_STATE_LABELS: Record<PlacedOrderState, { staff: string; shopper: string }> = {
  paid: { staff: "Paid, to ship", shopper: "Paid" },
  awaiting_payment: { staff: "Awaiting payment", shopper: "Awaiting payment" },
  backordered: { staff: "Backordered", shopper: "Backordered" },
  fulfilled: { staff: "Shipped", shopper: "Fulfilled" },
  cancelled: { staff: "Cancelled", shopper: "Cancelled" },
  refunded: { staff: "Refunded", shopper: "Refunded" },
};

export const isPlaced = (state: string): state is PlacedOrderState => (ORDER_GROUPS.placed as readonly string[]).includes(state);

