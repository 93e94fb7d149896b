/**
 * Sends the browser's cart to the server one request at a time, always the newest version, so the server ends with the
 * latest state whatever order responses would arrive in. A failed send is logged and the local cart kept; the next
 * change sends the whole cart again (docs/product.md, States: any cart change triggers a sync; a failure is only
 * logged).
 */
import type { CartLine, PricedCartView } from "@core/cart";

export type SyncPayload = { lines: CartLine[]; discountCode: string | null };

export type CartSync = {
  /** Queues this version; a send under way finishes first, and versions queued meanwhile collapse to the newest. */
  send(payload: SyncPayload): void;
  /** Resolves once no send is under way (the checkout prices the stored cart). */
  flush(): Promise<void>;
  /** Whether the server holds every local change and no send is under way. */
  settled(): boolean;
};

export function createCartSync(
  post: (payload: SyncPayload) => Promise<PricedCartView>,
  /** The server's priced cart, given only when no newer version was queued meanwhile. */
  onSynced: (cart: PricedCartView) => void,
  logError: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): CartSync {
  let latest: SyncPayload | null = null;
  let running: Promise<void> | null = null;
  // The local cart holds a change the server has not taken (its send failed); it must not be overwritten.
  let unsent = false;

  async function run() {
    while (latest) {
      const payload = latest;
      latest = null;
      try {
        const response = await post(payload);
        unsent = false;
        if (latest === null) onSynced(response);
      } catch (error) {
        unsent = true;
        logError("Failed to sync cart", error);
      }
    }
  }

  return {
    send(payload) {
      latest = payload;
      running ??= run().finally(() => {
        running = null;
      });
    },
    async flush() {
      while (running) await running;
    },
    settled: () => latest === null && running === null && !unsent,
  };
}
