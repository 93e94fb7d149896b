/** How the back office names an order's state (core/order-lifecycle.ts), and the orders desk's tabs. */
import { ORDER_STATE_LABELS, type PlacedOrderState } from "@core/order-lifecycle";

export const staffStatusLabel = (status: string): string => ORDER_STATE_LABELS[status as PlacedOrderState]?.staff ?? status;

// "To ship" is shorter than the paid state's own name ("Paid, to ship"); the other tabs are named as their states.
export const ORDER_TABS: readonly { status: PlacedOrderState | ""; label: string }[] = [
  { status: "", label: "All" },
  { status: "paid", label: "To ship" },
  ...(["awaiting_payment", "backordered", "fulfilled", "cancelled", "refunded"] as const).map((status) => ({ status, label: ORDER_STATE_LABELS[status].staff })),
];
