/**
 * A shopper over HTTP, for a shop running in another process (the bench's server, a test's child process): puts
 * one variant in a cart, checks out and pays with the simulated provider's card that succeeds.
 */
import { demoSettings } from "../../server/db/seed-content";
import { TEST_CARDS } from "../../server/payments/simulated";

export type Buyable = { sku: string; priceCents: number };

/** The demo shop refuses orders below its minimum, so a cheap variant is bought several at a time. */
const MINIMUM_ORDER_CENTS = demoSettings((file) => file).checkout.minimumOrderCents;

/** `email` is the shopper's, on every order they pay: a test finds its own orders by it in a shared shop. */
export function httpShopper(baseUrl: string, email = "sale@example.com") {
  const post = async (pathname: string, body: unknown, cookie?: string) => {
    const response = await fetch(baseUrl + pathname, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, json: (await response.json()) as Record<string, unknown> };
  };
  /** One order of one variant, start to paid; false when the shop refuses it for want of stock. */
  return async function buy({ sku, priceCents }: Buyable): Promise<boolean> {
    const quantity = Math.max(1, Math.ceil(MINIMUM_ORDER_CENTS / priceCents));
    const cart = await post("/api/cart-items", { cartItems: [{ kind: "product", sku, quantity }] });
    const cookie = cart.response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const session = await post(
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity, sku }], store_id: "demo", cost_of_checkout: priceCents * quantity },
      cookie,
    );
    if (session.response.status === 409) return false;
    if (session.response.status !== 201) throw new Error(`checkout session: ${session.response.status} ${JSON.stringify(session.json)}`);
    const submitted = await post(
      "/api/stripe/submit_order",
      {
        session_id: session.json.session_id,
        store_id: "demo",
        address: { line1: "1 Main St", city: "Austin", state: "TX", postal_code: "73301", country: "US" },
        email,
        name: "Sale Shopper",
        shipping_option: "standard",
      },
      cookie,
    );
    if (submitted.response.status === 409) return false;
    if (!submitted.response.ok) throw new Error(`submit order: ${submitted.response.status} ${JSON.stringify(submitted.json)}`);
    const paid = await post("/api/stripe/simulated/confirm", {
      client_secret: submitted.json.client_secret,
      card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
    });
    if (!paid.response.ok) throw new Error(`payment: ${paid.response.status} ${JSON.stringify(paid.json)}`);
    return true;
  };
}
