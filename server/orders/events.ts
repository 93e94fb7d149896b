/**
 * Hooks other capabilities subscribe to (reviews ask for a review once an order ships), so the order logic does not
 * need to know who listens. A failing listener is logged and never undoes the order change that triggered it.
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

const paidListeners: Listener[] = [];
const fulfilledListeners: Listener[] = [];

function subscribe(list: Listener[], listener: Listener): () => void {
  list.push(listener);
  return () => {
    const index = list.indexOf(listener);
    if (index >= 0) list.splice(index, 1);
  };
}

/** Called after an order is marked paid; returns an unsubscribe function. */
export const onOrderPaid = (listener: Listener) => subscribe(paidListeners, listener);
/** Called after the owner marks an order fulfilled (shipped); returns an unsubscribe function. */
export const onOrderFulfilled = (listener: Listener) => subscribe(fulfilledListeners, listener);

async function emit(list: Listener[], name: string, deps: AppDeps, event: OrderEvent) {
  for (const listener of [...list]) {
    try {
      await listener(deps, event);
    } catch (error) {
      logger.error({ err: error, orderId: event.orderId, hook: name }, "order event listener failed");
    }
  }
}

export const emitOrderPaid = (deps: AppDeps, event: OrderEvent) => emit(paidListeners, "paid", deps, event);
export const emitOrderFulfilled = (deps: AppDeps, event: OrderEvent) => emit(fulfilledListeners, "fulfilled", deps, event);
