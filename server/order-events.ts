/**
 * The hook other capabilities subscribe to (reviews ask for a review once an order ships), so the order logic does
 * not need to know who listens. A failing listener is logged and never undoes the order change that triggered it.
 *
 * The listeners live on the deps object, not in this module: the JSON API and the page routes are bundled apart
 * (the runtime bundle and React Router's server build), each with its own copy of this module, but both are handed
 * the one deps object that `createDeps` made.
 */
import type { AppDeps } from "./context";
import { logger } from "./logger";

export type OrderEvent = {
  storeId: string;
  orderId: number;
  orderNumber: number;
  email: string;
  customerName: string;
};

type Listener = (deps: AppDeps, event: OrderEvent) => Promise<void> | void;

export type OrderEvents = {
  /** Called after staff mark an order fulfilled (shipped); returns an unsubscribe function. */
  onFulfilled(listener: Listener): () => void;
  emitFulfilled(deps: AppDeps, event: OrderEvent): Promise<void>;
};

export function createOrderEvents(): OrderEvents {
  const fulfilledListeners: Listener[] = [];
  return {
    onFulfilled(listener) {
      fulfilledListeners.push(listener);
      return () => {
        const index = fulfilledListeners.indexOf(listener);
        if (index >= 0) fulfilledListeners.splice(index, 1);
      };
    },
    async emitFulfilled(deps, event) {
      for (const listener of [...fulfilledListeners]) {
        try {
          await listener(deps, event);
        } catch (error) {
          logger.error({ err: error, orderId: event.orderId, hook: "fulfilled" }, "order event listener failed");
        }
      }
    },
  };
}
