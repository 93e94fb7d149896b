/**
 * A checkout link's life after the moment it was made: across a restart of the shop (the simulated provider's
 * payments are in the database, so they outlive it), after its order was paid, and with a welcome code used by
 * someone else.
 */
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { asBrowserOf, checkoutDetails, payWithCard, startCheckout, submitOrder } from "../../tests/support/checkout";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { discounts, orders } from "../db/schema";
import { createDeps } from "../deps";
import { ALREADY_PAID_MESSAGE } from "./refusals";
import { RESTRICTED_DISCOUNT_MESSAGE } from "./quote";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

/** The same shop started again on the same database: a new process, so a new simulated provider object. */
function restarted(): TestApp {
  const deps = createDeps(t.database, loadConfig({ NODE_ENV: "test", STORE_ID: t.database.storeId }), t.database.imagesDir);
  const app = createApp(deps, { build: (async () => ({})) as unknown as () => Promise<ServerBuild> });
  const call: TestApp["call"] = (method, path, body, headers = {}) =>
    Promise.resolve(
      app.request(`http://localhost${path}`, {
        method,
        headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { app, deps, database: t.database, call };
}

const sessionData = async (app: TestApp, sessionId: string) => {
  const response = await app.call("GET", `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=demo`, undefined, asBrowserOf(sessionId));
  return { status: response.status, body: (await response.json()) as { session_data?: { client_secret: string }; error?: string } };
};

describe("an old checkout link after a restart", () => {
  it("gets a fresh payment for a session never submitted, and it can be paid", async () => {
    const { sessionId } = await startCheckout(t, 2);
    expect((await sessionData(t, sessionId)).status).toBe(200);

    const shop = restarted();
    const reopened = await sessionData(shop, sessionId);
    expect(reopened.status).toBe(200);
    const { body } = await submitOrder(shop, sessionId);
    expect(body.client_secret).toBe(reopened.body.session_data!.client_secret);
    expect((await payWithCard(shop, body.client_secret)).body.status).toBe("succeeded");
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({ status: "paid", paymentReference: body.payment_reference });
  });

  it("pays the order submitted before the restart on the payment it was given, which the restart did not lose", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const before = await submitOrder(t, sessionId);

    const shop = restarted();
    expect((await sessionData(shop, sessionId)).status).toBe(200);
    const again = await submitOrder(shop, sessionId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: before.body.order_id, total: before.body.total });
    expect(again.body.payment_reference).toBe(before.body.payment_reference);
    await payWithCard(shop, again.body.client_secret);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, before.body.order_id));
    expect(order).toMatchObject({ status: "paid", paymentReference: again.body.payment_reference });
  });
});

describe("a paid checkout", () => {
  it("says it is paid and can never be submitted or paid again", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const { body } = await submitOrder(t, sessionId);
    await payWithCard(t, body.client_secret);
    const [paid] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(paid.status).toBe("paid");

    expect(await sessionData(t, sessionId)).toEqual({ status: 409, body: { error: ALREADY_PAID_MESSAGE } });
    const again = await submitOrder(t, sessionId);
    expect(again).toEqual({ status: 409, body: { error: ALREADY_PAID_MESSAGE } });
    const preview = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(sessionId), asBrowserOf(sessionId));
    expect(preview.status).toBe(409);
    // Also after a restart.
    expect((await submitOrder(restarted(), sessionId)).status).toBe(409);
  });
});

describe("a welcome code used with another email", () => {
  it("says the code belongs to the address it was sent to", async () => {
    await t.deps.db
      .insert(discounts)
      .values({ storeId: "demo", code: "WELCOME-ANN", percentage: 10, maxRedemptions: 1, restrictedToEmail: "ann@example.com" });
    const { sessionId } = await startCheckout(t, 2);
    const other = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(sessionId, { discount_code: "WELCOME-ANN" }), asBrowserOf(sessionId));
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: RESTRICTED_DISCOUNT_MESSAGE, field: "discount_code" });
    const own = await t.call(
      "POST",
      "/api/stripe/preview_tax",
      checkoutDetails(sessionId, { discount_code: "WELCOME-ANN", email: "ann@example.com" }),
      asBrowserOf(sessionId),
    );
    expect(own.status).toBe(200);
    const unknown = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(sessionId, { discount_code: "NOPE" }), asBrowserOf(sessionId));
    expect(await unknown.json()).toEqual({ error: "Invalid discount code", field: "discount_code" });
  });
});
