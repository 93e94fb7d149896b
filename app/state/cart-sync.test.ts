import { describe, expect, it, vi } from "vitest";
import type { PricedCartView, ProductLine } from "@core/cart";
import { createCartSync, type SyncPayload } from "./cart-sync";

const line = (quantity: number): ProductLine => ({
  kind: "product",
  sku: "HOUSE-12OZ-WB",
  subscription: null,
  title: "House Blend",
  handle: "house-blend",
  quantity,
  unitCents: 1600,
  imageUrls: [],
  attributes: {},
});
const version = (quantity: number): SyncPayload => ({ lines: [line(quantity)], discountCode: null });
const answer = (payload: SyncPayload): PricedCartView => ({ lines: payload.lines, discount: null, notices: [], stock: {} });

/** A server whose answers the test releases one by one. */
function heldServer() {
  const calls: { payload: SyncPayload; resolve: () => void; reject: (error: Error) => void }[] = [];
  const post = (payload: SyncPayload) =>
    new Promise<PricedCartView>((resolve, reject) => {
      calls.push({ payload, resolve: () => resolve(answer(payload)), reject });
    });
  return { calls, post };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("cart sync", () => {
  it("sends one version at a time and, after the one under way, only the newest", async () => {
    const server = heldServer();
    const onSynced = vi.fn();
    const sync = createCartSync(server.post, onSynced);
    sync.send(version(1));
    sync.send(version(2));
    sync.send(version(3));
    expect(server.calls.map((call) => call.payload.lines[0].quantity)).toEqual([1]);

    server.calls[0].resolve();
    await tick();
    // The answer to version 1 is stale (3 is queued), so it is not handed back.
    expect(onSynced).not.toHaveBeenCalled();
    expect(server.calls.map((call) => call.payload.lines[0].quantity)).toEqual([1, 3]);
    expect(sync.settled()).toBe(false);

    server.calls[1].resolve();
    await sync.flush();
    expect(onSynced).toHaveBeenCalledTimes(1);
    expect(onSynced.mock.calls[0][0].lines[0].quantity).toBe(3);
    expect(sync.settled()).toBe(true);
  });

  it("logs a failed send, stays unsettled so the local cart is not replaced, and sends the whole cart on the next change", async () => {
    const server = heldServer();
    const logError = vi.fn();
    const onSynced = vi.fn();
    const sync = createCartSync(server.post, onSynced, logError);
    sync.send(version(2));
    server.calls[0].reject(new Error("offline"));
    await sync.flush();
    expect(logError).toHaveBeenCalledWith("Failed to sync cart", expect.any(Error));
    expect(onSynced).not.toHaveBeenCalled();
    expect(sync.settled()).toBe(false);

    sync.send(version(3));
    server.calls[1].resolve();
    await sync.flush();
    expect(server.calls[1].payload).toEqual(version(3));
    expect(sync.settled()).toBe(true);
  });
});
