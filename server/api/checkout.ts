/**
 * The checkout calls under /api/stripe (spec section 7, Payment and checkout), plus the paths the spec leaves to
 * us: the one-time tax preview, order submission, the client secret, the simulated card form and the webhook.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  calculateTaxSchema,
  cartCheckoutSchema,
  checkoutSessionCreatedSchema,
  checkoutSessionSchema,
  createCheckoutSessionSchema,
  priceInfoResponseSchema,
  sessionCheckoutSchema,
  shippingOptionsRequestSchema,
  shippingOptionsResponseSchema,
  simulatedConfirmResponseSchema,
  simulatedConfirmSchema,
  submittedOrderSchema,
  webhookResponseSchema,
} from "../../core/schemas/checkout";
import { linkOrderToSignedInCustomer } from "../accounts/customer-orders";
import { rememberOrderVisit } from "../analytics/order-sources";
import { cartIdForRequest } from "../cart/store";
import { CANCELED_PAYMENT_MESSAGE } from "../checkout/refusals";
import { calculateTax, createCheckoutSession, getCheckoutSession, previewSessionCheckout, submitSessionOrder } from "../checkout/checkout";
import { confirmSubscription, previewCartCheckout } from "../checkout/subscription-checkout";
import { shippingOptionsFor } from "../checkout/quote";
import type { AppEnv } from "../context";
import { HttpError } from "../http/errors";
import { applyPaymentEvent } from "../subscriptions/payment-events";
import { InvalidCardError, unlessNotFound, WebhookVerificationError } from "../payments/provider";
import { analyticsVisitOf } from "./metrics";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, operation, queryOf, register, UNKNOWN_STORE } from "./operation";

const UNKNOWN_SESSION = "Unknown store or session";
const storeParameter = z.string().optional().describe("Store; defaults to this deployment's");
const priceInfo = json(priceInfoResponseSchema, "The price in cents");

const createSession = operation({
  method: "post",
  path: "/create_checkout_session",
  tags: ["checkout"],
  summary: "Start a checkout session for the cart",
  request: { body: jsonBody(createCheckoutSessionSchema) },
  responses: {
    201: json(checkoutSessionCreatedSchema, "The checkout session"),
    ...errors({
      400: BAD_INPUT,
      403: "Checkout is disabled",
      404: UNKNOWN_STORE,
      409: "The cart changed",
      422: "No cart, empty cart or below the minimum order",
    }),
  },
});

const checkoutSession = operation({
  method: "get",
  path: "/checkout-session",
  tags: ["checkout"],
  summary: "A checkout session",
  request: {
    query: z.object({
      sessionId: z.string().optional().describe("The session (or session_id); one of the two is required"),
      session_id: z.string().optional().describe("Alias of sessionId"),
      store_id: storeParameter,
    }),
  },
  responses: {
    200: json(z.object({ session_data: checkoutSessionSchema }), "The session"),
    ...errors({ 400: "sessionId is required", 404: UNKNOWN_SESSION }),
  },
});

const clientSecret = operation({
  method: "get",
  path: "/client_secret",
  tags: ["checkout"],
  summary: "The payment's client secret of a checkout session",
  request: { query: z.object({ session_id: z.string().optional().describe("The checkout session; required"), store_id: storeParameter }) },
  responses: {
    200: json(z.object({ client_secret: z.string() }), "The client secret"),
    ...errors({ 400: "session_id is required", 404: UNKNOWN_SESSION }),
  },
});

/** A checkout step: a POST of a JSON `body`, answered with `answer`; 400 for a body that is not valid, and its `refusals`. */
const checkoutStep = <const P extends string, B extends z.ZodType>(step: {
  path: P;
  summary: string;
  body: B;
  answer: ReturnType<typeof json>;
  refusals: Partial<Record<400 | 404 | 409 | 422, string>>;
}) =>
  operation({
    method: "post",
    path: step.path,
    tags: ["checkout"],
    summary: step.summary,
    request: { body: jsonBody(step.body) },
    responses: { 200: step.answer, ...errors({ 400: BAD_INPUT, ...step.refusals }) },
  });

const shippingOptions = checkoutStep({
  path: "/get_shipping_options",
  summary: "Shipping options for an address",
  body: shippingOptionsRequestSchema,
  answer: json(shippingOptionsResponseSchema, "The store's options"),
  refusals: { 404: UNKNOWN_STORE },
});

const previewTaxAndShipping = checkoutStep({
  path: "/preview_tax_and_shipping",
  summary: "Price a subscription cart with address, shipping option and code",
  body: cartCheckoutSchema,
  answer: priceInfo,
  refusals: { 404: UNKNOWN_STORE, 409: "The cart changed", 422: "The cart cannot be checked out" },
});

const previewTax = checkoutStep({
  path: "/preview_tax",
  summary: "Price a one-time checkout session with address, shipping option and code",
  body: sessionCheckoutSchema,
  answer: priceInfo,
  refusals: { 404: UNKNOWN_SESSION, 409: "The cart changed" },
});

const calculateTaxOperation = checkoutStep({
  path: "/calculate_tax",
  summary: "Price the payment of a checkout session",
  body: calculateTaxSchema,
  answer: priceInfo,
  refusals: { 404: UNKNOWN_SESSION, 409: "The cart changed" },
});

const calculateTaxFinal = operation({
  ...calculateTaxOperation,
  path: "/calculate_tax_final",
  summary: "Price the payment of a checkout session and fix its amount",
});

const submitOrder = checkoutStep({
  path: "/submit_order",
  summary: "Submit a one-time order (paid once the payment provider confirms)",
  body: sessionCheckoutSchema,
  answer: json(submittedOrderSchema, "The submitted order"),
  refusals: { 404: UNKNOWN_SESSION, 409: "The cart changed or stock ran out", 422: "The order cannot be placed" },
});

const confirmSubscriptionOperation = checkoutStep({
  path: "/confirm_subscription",
  summary: "Submit a subscription order for the stored cart",
  body: cartCheckoutSchema,
  answer: json(submittedOrderSchema, "The submitted order"),
  refusals: { 404: UNKNOWN_STORE, 409: "The cart changed or stock ran out", 422: "The cart cannot be checked out" },
});

const simulatedConfirm = checkoutStep({
  path: "/simulated/confirm",
  summary: "The simulated provider's card form (only with PAYMENT_PROVIDER=simulated)",
  body: simulatedConfirmSchema,
  answer: json(simulatedConfirmResponseSchema, "The payment's status, and why it failed"),
  refusals: {
    400: "Bad input, unknown payment or invalid card",
    404: "Not the simulated provider",
    409: "Another checkout of the cart took over",
  },
});

const webhook = operation({
  method: "post",
  path: "/webhook",
  tags: ["checkout"],
  summary: "Payment provider webhook, verified by its signature (the provider's own event body)",
  responses: { 200: json(webhookResponseSchema, "Received"), ...errors({ 400: "Webhook rejected" }) },
});

export function checkoutRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  routes.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  register(routes, createSession, async (c) => {
    const body = await bodyOf(c, createSession);
    const { storeId } = c.var.deps;
    return c.json(await createCheckoutSession(c.var.deps, storeId, cartIdForRequest(c.req.raw), body), 201);
  });

  register(routes, checkoutSession, async (c) => {
    const query = queryOf(c, checkoutSession);
    const sessionId = query.sessionId ?? query.session_id;
    if (!sessionId) throw new HttpError(400, "sessionId is required");
    const { storeId } = c.var.deps;
    return c.json({ session_data: await getCheckoutSession(c.var.deps, storeId, sessionId, cartIdForRequest(c.req.raw)) });
  });

  register(routes, clientSecret, async (c) => {
    const sessionId = queryOf(c, clientSecret).session_id;
    if (!sessionId) throw new HttpError(400, "session_id is required");
    const { storeId } = c.var.deps;
    const session = await getCheckoutSession(c.var.deps, storeId, sessionId, cartIdForRequest(c.req.raw));
    return c.json({ client_secret: session.client_secret });
  });

  register(routes, shippingOptions, async (c) => {
    // store_id, when sent, must be a store (bodyOf); the options are the resolved store's.
    const body = await bodyOf(c, shippingOptions);
    return c.json({ shipping_options: await shippingOptionsFor(c.var.deps, c.var.deps.storeId, cartIdForRequest(c.req.raw), body) });
  });

  /** Subscription carts: the stored cart priced with the shopper's address, option and code. */
  register(routes, previewTaxAndShipping, async (c) => {
    const body = await bodyOf(c, previewTaxAndShipping);
    const { storeId } = c.var.deps;
    return c.json({ price_info: await previewCartCheckout(c.var.deps, storeId, cartIdForRequest(c.req.raw), body) });
  });

  /** One-time carts: the checkout session priced with the shopper's address, option and code. */
  register(routes, previewTax, async (c) => {
    const body = await bodyOf(c, previewTax);
    const { storeId } = c.var.deps;
    return c.json({ price_info: await previewSessionCheckout(c.var.deps, storeId, cartIdForRequest(c.req.raw), body) });
  });

  register(routes, calculateTaxOperation, async (c) => {
    const body = await bodyOf(c, calculateTaxOperation);
    const { storeId } = c.var.deps;
    return c.json({ price_info: await calculateTax(c.var.deps, storeId, cartIdForRequest(c.req.raw), body, false) });
  });

  register(routes, calculateTaxFinal, async (c) => {
    const body = await bodyOf(c, calculateTaxFinal);
    const { storeId } = c.var.deps;
    return c.json({ price_info: await calculateTax(c.var.deps, storeId, cartIdForRequest(c.req.raw), body, true) });
  });

  register(routes, submitOrder, async (c) => {
    const body = await bodyOf(c, submitOrder);
    const { storeId } = c.var.deps;
    const submitted = await submitSessionOrder(c.var.deps, storeId, cartIdForRequest(c.req.raw), body);
    await linkOrderToSignedInCustomer(c.var.deps, c.req.raw, storeId, submitted.order_id);
    await rememberOrderVisit(c.var.deps.db, storeId, submitted.order_id, analyticsVisitOf(c));
    return c.json(submitted);
  });

  register(routes, confirmSubscriptionOperation, async (c) => {
    const body = await bodyOf(c, confirmSubscriptionOperation);
    const { storeId } = c.var.deps;
    const submitted = await confirmSubscription(c.var.deps, storeId, cartIdForRequest(c.req.raw), body);
    await linkOrderToSignedInCustomer(c.var.deps, c.req.raw, storeId, submitted.order_id);
    await rememberOrderVisit(c.var.deps.db, storeId, submitted.order_id, analyticsVisitOf(c));
    return c.json(submitted);
  });

  /** The simulated provider's card form posts here, as Stripe.js would post to Stripe. */
  register(routes, simulatedConfirm, async (c) => {
    const { payments } = c.var.deps;
    if (payments.name !== "simulated") throw new HttpError(404, "Not found");
    const body = await bodyOf(c, simulatedConfirm);
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

  register(routes, webhook, async (c) => {
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
