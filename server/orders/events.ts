/**
 * The hook other capabilities subscribe to (reviews ask for a review once an order ships), so the order logic does
 * not need to know who listens. A failing listener is logged and never undoes the order change that triggered it.
 */
import type { AppDeps } from "../context";
import { logger } from "../logger";

export type OrderEvent = {
  storeId: string;
  orderId: number;
  orderNumber: number;
  email: string;
  customerName: string;
};

type Listener = (deps: AppDeps, event: OrderEvent) => Promise<void> | void;

const fulfilledListeners: Listener[] = [];

/** Called after the owner marks an order fulfilled (shipped); returns an unsubscribe function. */
export function onOrderFulfilled(listener: Listener): () => void {
  fulfilledListeners.push(listener);
  return () => {
    const index = fulfilledListeners.indexOf(listener);
    if (index >= 0) fulfilledListeners.splice(index, 1);
  };
}

export async function emitOrderFulfilled(deps: AppDeps, event: OrderEvent): Promise<void> {
  for (const listener of [...fulfilledListeners]) {
    try {
      await listener(deps, event);
    } catch (error) {
      logger.error({ err: error, orderId: event.orderId, hook: "fulfilled" }, "order event listener failed");
    }
  }
}
