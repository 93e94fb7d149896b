import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { DEMO } from "../db/seed";
import { orders } from "../db/schema";
import type { SimulatedPaymentProvider } from "../payments/simulated";
import { TEST_CARDS } from "../payments/simulated";
import { getCustomerOrder, listCustomerOrders } from "./customer-orders";

const SKU = DEMO.subscriptions.houseBlend.sku;

let t: TestApp;
let session: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const signup = await t.call("POST", "/api/auth/signup", {
    email: "Buyer@Example.com",
    password: "blue coffee beans",
    store_id: "demo",
    first_name: "Bo",
    last_name: "Buyer",
  });
  expect(signup.status).toBe(201);
  const login = await t.call("POST", "/api/auth/login", { email: "buyer@example.com", password: "blue coffee beans", store_id: "demo" });
  customerId = ((await login.clone().json()) as { user: { id: number } }).user.id;
  session = login.headers.getSetCookie().find((c) => c.startsWith("session="))!.split(";")[0];
});
afterAll(() => t.database.dispose());

/** Cart, checkout session, order and payment, as the browser does them; `cookie` carries the sign-in if any. */
async function placeOrder(email: string, signedIn: boolean) {
  const cart = await t.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity: 2 }] });
  const cartCookie = cart.headers.getSetCookie()[0].split(";")[0];
  const cookie = signedIn ? `${cartCookie}; ${session}` : cartCookie;
  const checkout = await t.call(
    "POST",
    "/api/stripe/create_checkout_session",
    { checkout_items: [{ quantity: 2, sku: SKU }], store_id: "demo", cost_of_checkout: 3200 },
    { cookie },
  );
  expect(checkout.status, await checkout.clone().text()).toBe(201);
  const { session_id } = (await checkout.json()) as { session_id: string };
  const submitted = await t.call(
    "POST",
    "/api/stripe/submit_order",
    {
      session_id,
      store_id: "demo",
      address: { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" },
      email,
      name: "Bo Buyer",
      shipping_option: "standard",
    },
    { cookie },
  );
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  const { order_id, client_secret } = (await submitted.json()) as { order_id: number; client_secret: string };
  await t.call("POST", "/api/stripe/simulated/confirm", {
    client_secret,
    card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
  });
  await (t.deps.payments as SimulatedPaymentProvider).drain();
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, order_id));
  return order;
}

describe("the customer's orders", () => {
  it("links an order placed while signed in with the account's email, and only that one", async () => {
    const mine = await placeOrder("BUYER@example.com", true);
    const asGuest = await placeOrder("buyer@example.com", false);
    const otherEmail = await placeOrder("someone-else@example.com", true);
    expect(mine.customerId).toBe(customerId);
    expect(asGuest.customerId).toBeNull();
    expect(otherEmail.customerId).toBeNull();
    expect(mine.number).not.toBeNull();

    const list = await listCustomerOrders(t.deps.db, "demo", customerId);
    expect(list).toEqual([{ number: mine.number, placedAt: expect.any(String), status: "paid", totalCents: mine.totalCents }]);

    const details = await getCustomerOrder(t.deps.db, "demo", customerId, mine.number!);
    expect(details?.lines).toHaveLength(1);
    expect(details?.totalCents).toBe(mine.totalCents);
    // Another customer's order answers like a missing one.
    expect(await getCustomerOrder(t.deps.db, "demo", customerId + 1, mine.number!)).toBeNull();
  });
});
