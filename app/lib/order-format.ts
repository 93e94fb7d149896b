/** How the shopper's pages (and the packing slip) print an order's date and status. */
import { ORDER_STATE_LABELS, type PlacedOrderState } from "@core/order-lifecycle";
import { shopLongDate } from "@core/shop-dates";
import { useShop } from "./use-shop";

/** An order's day in words, in the shop's time zone (decision 0061): the day its emails and invoice give. */
export function useOrderDate(): (iso: string) => string {
  const { timeZone } = useShop().settings;
  return (iso) => shopLongDate(iso, timeZone);
}

/** The shopper's words for an order's state (core/order-lifecycle.ts). */
export function statusLabel(status: string): string {
  return ORDER_STATE_LABELS[status as PlacedOrderState]?.shopper ?? status;
}
