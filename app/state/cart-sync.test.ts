import { describe, expect, it, vi } from "vitest";
import type { ApiProductCartItem } from "@core/cart-wire";
import type { CartResponse } from "@core/schemas/cart";
import { createCartSync, type SyncPayload } from "./cart-sync";

const item = (quantity: number): ApiProductCartItem => ({
  kind: "product",
  title: "House Blend",
  handle: "house-blend",
  quantity,
  sku: "HOUSE-12OZ-WB",
  product_price: 16,
  image_urls: [],
  product_attributes: {},
});
const version = (quantity: number): SyncPayload => ({ cartItems: [item(quantity)], discount_code: null });
const answer = (payload: SyncPayload): CartResponse => ({ cartItems: payload.cartItems, discount: null, notices: [], stock: {} });

/** A server whose answers the test releases one by one. */
function heldServer() {
  const calls: { payload: SyncPayload; resolve: () => void; reject: (error: Error) => void }[] = [];
  const post = (payload: SyncPayload) =>
    new Promise<CartResponse>((resolve, reject) => {
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
    expect(server.calls.map((call) => call.payload.cartItems[0].quantity)).toEqual([1]);

    server.calls[0].resolve();
    await tick();
    // The answer to version 1 is stale (3 is queued), so it is not handed back.
    expect(onSynced).not.toHaveBeenCalled();
    expect(server.calls.map((call) => call.payload.cartItems[0].quantity)).toEqual([1, 3]);
    expect(sync.settled()).toBe(false);

    server.calls[1].resolve();
    await sync.flush();
    expect(onSynced).toHaveBeenCalledTimes(1);
    expect(onSynced.mock.calls[0][0].cartItems[0].quantity).toBe(3);
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
