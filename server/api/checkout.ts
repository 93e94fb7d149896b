/**
 * The checkout calls under /api/stripe (spec section 7, Payment and checkout), plus the paths the spec leaves to
 * us: the one-time tax preview, order submission, the client secret, the simulated card form and the webhook.
 */
import { Hono } from "hono";
import {
  calculateTaxSchema,
  cartCheckoutSchema,
  createCheckoutSessionSchema,
  sessionCheckoutSchema,
  shippingOptionsRequestSchema,
  simulatedConfirmSchema,
} from "../../core/schemas/checkout";
import { linkOrderToSignedInCustomer } from "../accounts/customer-orders";
import { cartIdForRequest } from "../cart/store";
import {
  CANCELED_PAYMENT_MESSAGE,
  calculateTax,
  confirmSubscription,
  createCheckoutSession,
  getCheckoutSession,
  listShippingOptions,
  previewCartCheckout,
  previewSessionCheckout,
  submitSessionOrder,
} from "../checkout/checkout";
import type { AppEnv } from "../context";
import { HttpError, readJson } from "../http/errors";
import { applyPaymentEvent } from "../orders/orders";
import { InvalidCardError, unlessNotFound, WebhookVerificationError } from "../payments/provider";

export function checkoutRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  routes.post("/create_checkout_session", async (c) => {
    const body = await readJson(c, createCheckoutSessionSchema);
    const { storeId } = c.var;
    return c.json(await createCheckoutSession(c.var.deps, storeId, cartIdForRequest(c.req.raw), body), 201);
  });

  routes.get("/checkout-session", async (c) => {
    const sessionId = c.req.query("sessionId") ?? c.req.query("session_id");
    if (!sessionId) throw new HttpError(400, "sessionId is required");
    const { storeId } = c.var;
    return c.json({ session_data: await getCheckoutSession(c.var.deps, storeId, sessionId, cartIdForRequest(c.req.raw)) });
  });

  routes.get("/client_secret", async (c) => {
    const sessionId = c.req.query("session_id");
    if (!sessionId) throw new HttpError(400, "session_id is required");
    const { storeId } = c.var;
    const session = await getCheckoutSession(c.var.deps, storeId, sessionId, cartIdForRequest(c.req.raw));
    return c.json({ client_secret: session.client_secret });
  });

  routes.post("/get_shipping_options", async (c) => {
    // Read for its validation (store_id, when sent, must be a store); the options are the resolved store's.
    await readJson(c, shippingOptionsRequestSchema);
    return c.json({ shipping_options: await listShippingOptions(c.var.deps.db, c.var.storeId) });
  });

  /** Subscription carts: the stored cart priced with the shopper's address, option and code. */
  routes.post("/preview_tax_and_shipping", async (c) => {
    const body = await readJson(c, cartCheckoutSchema);
    const { storeId } = c.var;
    return c.json({ price_info: await previewCartCheckout(c.var.deps, storeId, cartIdForRequest(c.req.raw), body) });
  });

  /** One-time carts: the checkout session priced with the shopper's address, option and code. */
  routes.post("/preview_tax", async (c) => {
    const body = await readJson(c, sessionCheckoutSchema);
    const { storeId } = c.var;
    return c.json({ price_info: await previewSessionCheckout(c.var.deps, storeId, cartIdForRequest(c.req.raw), body) });
  });

  routes.post("/calculate_tax", async (c) => {
    const body = await readJson(c, calculateTaxSchema);
    const { storeId } = c.var;
    return c.json({ price_info: await calculateTax(c.var.deps, storeId, cartIdForRequest(c.req.raw), body, false) });
  });

  routes.post("/calculate_tax_final", async (c) => {
    const body = await readJson(c, calculateTaxSchema);
    const { storeId } = c.var;
    return c.json({ price_info: await calculateTax(c.var.deps, storeId, cartIdForRequest(c.req.raw), body, true) });
  });

  routes.post("/submit_order", async (c) => {
    const body = await readJson(c, sessionCheckoutSchema);
    const { storeId } = c.var;
    const submitted = await submitSessionOrder(c.var.deps, storeId, cartIdForRequest(c.req.raw), body);
    await linkOrderToSignedInCustomer(c.var.deps, c.req.raw, storeId, submitted.order_id);
    return c.json(submitted);
  });

  routes.post("/confirm_subscription", async (c) => {
    const body = await readJson(c, cartCheckoutSchema);
    const { storeId } = c.var;
    const submitted = await confirmSubscription(c.var.deps, storeId, cartIdForRequest(c.req.raw), body);
    await linkOrderToSignedInCustomer(c.var.deps, c.req.raw, storeId, submitted.order_id);
    return c.json(submitted);
  });

  /** The simulated provider's card form posts here, as Stripe.js would post to Stripe. */
  routes.post("/simulated/confirm", async (c) => {
    const { payments } = c.var.deps;
    if (payments.name !== "simulated") throw new HttpError(404, "Not found");
    const body = await readJson(c, simulatedConfirmSchema);
    const paymentId = body.client_secret.split("_secret_")[0];
    // Only the provider saying it has no such payment is an unknown payment; a database away answers 503 as usual.
    const payment = await unlessNotFound(payments.retrievePayment(paymentId));
    if (!payment || payment.clientSecret !== body.client_secret) throw new HttpError(400, "unknown payment", "client_secret");
    // Another checkout of the same cart took over (its payment was canceled so it can never be paid).
    if (payment.status === "canceled") throw new HttpError(409, CANCELED_PAYMENT_MESSAGE);
    try {
      const confirmed = await payments.confirmPayment(paymentId, {
        card: { number: body.card.number, expMonth: body.card.exp_month, expYear: body.card.exp_year, cvc: body.card.cvc },
      });
      return c.json({ id: confirmed.id, status: confirmed.status, error: confirmed.failureMessage });
    } catch (error) {
      if (error instanceof InvalidCardError) throw new HttpError(400, error.message);
      throw error;
    }
  });

  routes.post("/webhook", async (c) => {
    const deps = c.var.deps;
    const rawBody = await c.req.text();
    let event;
    try {
      event = deps.payments.parseWebhook(rawBody, c.req.raw.headers);
    } catch (error) {
      if (error instanceof WebhookVerificationError || error instanceof SyntaxError) {
        throw new HttpError(400, `Webhook rejected: ${error.message}`);
      }
      throw error;
    }
    if (!event) return c.json({ received: true, handled: false });
    const outcome = await applyPaymentEvent(deps, event);
    return c.json({ received: true, handled: outcome === "applied", outcome });
  });

  return routes;
}
