/** How the profile pages print an order's date and status. */
import { ORDER_STATE_LABELS, type PlacedOrderState } from "@core/order-lifecycle";

export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The shopper's words for an order's state (core/order-lifecycle.ts). */
export function statusLabel(status: string): string {
  return ORDER_STATE_LABELS[status as PlacedOrderState]?.shopper ?? status;
}
