/** How the back office names an order's state (core/order-lifecycle.ts), and the orders desk's tabs. */
import { ORDER_STATE_LABELS, type PlacedOrderState } from "@core/order-lifecycle";

export const staffStatusLabel = (status: string): string => ORDER_STATE_LABELS[status as PlacedOrderState]?.staff ?? status;

export const ORDER_TABS: readonly { status: PlacedOrderState | ""; label: string }[] = [
  { status: "", label: "All" },
  { status: "paid", label: "To ship" },
  { status: "backordered", label: "Backordered" },
  { status: "fulfilled", label: "Shipped" },
  { status: "cancelled", label: "Cancelled" },
  { status: "refunded", label: "Refunded" },
];
