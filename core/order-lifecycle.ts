/**
 * An order's life in one table (decision 0049), as Vendure keeps its order state machine: the states, the moves
 * between them with who makes each, and the groups of states the rules, reports, emails and screens name. The server
 * refuses a move this table does not allow (server/orders/lifecycle.ts), and the back office offers only the moves it
 * allows, so a change here changes both.
 *
 * An order starts `pending` at checkout; a subscription's renewal starts `paid`, or `backordered` when its stock was
 * short (it was charged all the same and holds no stock until it ships).
 */
export const ORDER_STATES = ["pending", "paid", "backordered", "failed", "expired", "fulfilled", "cancelled", "refunded"] as const;
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
  fulfil: { from: ["paid", "backordered"], to: "fulfilled", by: ["staff"] },
  cancel: { from: ["paid", "backordered"], to: "cancelled", by: ["staff"] },
  /** Everything paid went back: by staff, or reported by the provider for a refund made outside the shop. */
  refund: { from: ["paid", "backordered", "fulfilled"], to: "refunded", by: ["staff", "provider"] },
} satisfies Record<string, OrderMove>;

export type OrderMoveName = keyof typeof ORDER_MOVES;

/** Whether `move` may start from `state`; read at each call, so the table is the one answer. */
export function canMove(state: string, move: OrderMoveName): boolean {
  return (ORDER_MOVES[move] as OrderMove).from.includes(state as OrderState);
}

/** What is left to refund of an order that has had `refundedCents` refunded: nothing where no refund may start. */
export function leftToRefund(order: { status: string; totalCents: number }, refundedCents: number): number {
  return canMove(order.status, "refund") ? order.totalCents - refundedCents : 0;
}

/** Groups of states the rules name. The refundable, shippable and cancellable states are the moves' own `from`. */
export const ORDER_GROUPS = {
  /** Not paid: it may still be paid (a retried card) or rewritten by a new submit. */
  unpaid: ["pending", "failed", "expired"],
  /**
   * Paid at some point, whatever came after: its checkout is done for good, its buyer has purchased (a first-order
   * code is used up), the orders desk lists it, and its revenue is what it kept (server/orders/revenue.ts).
   */
  placed: ["paid", "backordered", "fulfilled", "cancelled", "refunded"],
  /** Paid, not shipped, and holding its stock: the desk's "To ship" and the dashboard's count. */
  toShip: ["paid"],
} as const satisfies Record<string, readonly OrderState[]>;

export type PlacedOrderState = (typeof ORDER_GROUPS.placed)[number];

/** How staff and shoppers read each state of a placed order. */
export const ORDER_STATE_LABELS: Record<PlacedOrderState, { staff: string; shopper: string }> = {
  paid: { staff: "Paid, to ship", shopper: "Paid" },
  backordered: { staff: "Backordered", shopper: "Backordered" },
  fulfilled: { staff: "Shipped", shopper: "Fulfilled" },
  cancelled: { staff: "Cancelled", shopper: "Cancelled" },
  refunded: { staff: "Refunded", shopper: "Refunded" },
};

export const isPlaced = (state: string): state is PlacedOrderState => (ORDER_GROUPS.placed as readonly string[]).includes(state);
