/** How the back office names an order's state, and the orders desk's tabs (the desk's states, core/schemas/admin-orders.ts). */
import type { DESK_STATUSES } from "@core/schemas/admin-orders";

type DeskStatus = (typeof DESK_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<DeskStatus, string> = {
  paid: "Paid, to ship",
  backordered: "Backordered",
  fulfilled: "Shipped",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const ORDER_TABS: readonly { status: DeskStatus | ""; label: string }[] = [
  { status: "", label: "All" },
  { status: "paid", label: "To ship" },
  { status: "backordered", label: "Backordered" },
  { status: "fulfilled", label: "Shipped" },
  { status: "cancelled", label: "Cancelled" },
  { status: "refunded", label: "Refunded" },
];

/**
 * Which actions the order screen offers in each state; the server decides again (server/orders/orders.ts), so these
 * only keep a button from offering what would be refused.
 */
export const FULFILLABLE: readonly string[] = ["paid", "backordered"];
export const CANCELLABLE: readonly string[] = ["paid", "backordered"];
export const REFUNDABLE: readonly string[] = ["paid", "backordered", "fulfilled"];
