/**
 * The one seam between the shop and a card payment provider. The checkout and order logic speak only this
 * interface, so the simulated provider (offline default) and Stripe drive exactly the same states and events.
 */

/** Stripe's PaymentIntent states, which the simulated provider reproduces. */
export type PaymentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

export type Payment = {
  id: string;
  /** Handed to the browser so it can confirm the payment with the provider's client. */
  clientSecret: string;
  status: PaymentStatus;
  amountCents: number;
  metadata: Record<string, string>;
  /** Why the last attempt failed (a declined card), when it did. */
  failureMessage: string | null;
};

export type PaymentEventType = "payment.succeeded" | "payment.failed" | "payment.canceled" | "payment.refunded";

/** What became of an order's payment. */
export type PaymentStatusEvent = {
  id: string;
  type: PaymentEventType;
  /** The payment (or, for subscriptions, the subscription) the event is about: the order's payment reference. */
  paymentId: string;
  amountCents: number;
  failureMessage: string | null;
};

/** A subscription charged for its next billing cycle: the next delivery, a new order. */
export type SubscriptionRenewedEvent = {
  id: string;
  type: "subscription.renewed";
  /** The subscription: the payment reference of the order that started it. */
  paymentId: string;
  /** The renewal's own payment (with Stripe, the paid invoice): the new order's payment reference. */
  renewalPaymentId: string;
  amountCents: number;
};

/** A provider event normalised for the order logic; `id` is the provider's event id, used to ignore replays. */
export type PaymentEvent = PaymentStatusEvent | SubscriptionRenewedEvent;

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type SubscriptionItem = {
  title: string;
  unitAmountCents: number;
  quantity: number;
  interval: "day" | "week" | "month" | "year";
  intervalCount: number;
};

export type ProviderClientConfig =
  | { provider: "simulated" }
  | { provider: "stripe"; publishableKey: string; accountId: string | null };

/** Card details that cannot be right (bad number, past expiry, bad CVC): refused before any attempt is made. */
export class InvalidCardError extends Error {}

/**
 * The provider has no payment of that id (a simulated payment made before a restart, or a payment of another
 * account): nothing can be paid on it, so the checkout makes a new one instead.
 */
export class PaymentNotFoundError extends Error {}

/**
 * What a provider call answered, or null when the provider says it has no such payment. Any other failure (the
 * provider or the database away) is thrown: it never reads as "no payment", which could expire a paid order.
 */
export function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof PaymentNotFoundError) return null;
    throw error;
  });
}

/** A webhook whose signature or timestamp does not verify: answered with 400 and otherwise ignored. */
export class WebhookVerificationError extends Error {}

export type PaymentRequest = { amountCents: number; email?: string; metadata: Record<string, string>; idempotencyKey: string };

export type PaymentChange = { amountCents?: number; email?: string; metadata?: Record<string, string> };

export type RefundRequest = { idempotencyKey: string; amountCents?: number };

export type SubscriptionRequest = {
  email: string;
  name: string;
  items: SubscriptionItem[];
  oneTimeCents: number;
  discountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: "simulated" | "stripe";
  /** What the checkout page needs to load the payment form. */
  readonly clientConfig: ProviderClientConfig;
  /** Creates a payment; the same idempotency key always returns the same payment, never a second one. */
  createPayment(input: PaymentRequest): Promise<Payment>;
  /** Changes the amount (shipping and tax are known late) or metadata of a payment not yet confirmed. */
  updatePayment(id: string, input: PaymentChange): Promise<Payment>;
  /** Confirms a payment on the server; the simulated card form uses this, Stripe's browser client does it itself. */
  confirmPayment(id: string, input: { card?: CardDetails; paymentMethodId?: string }): Promise<Payment>;
  retrievePayment(id: string): Promise<Payment>;
  /**
   * Cancels a payment (or a subscription's first payment) nobody has paid, so it can never be paid. One that already
   * succeeded or is processing is left as it is and returned, for the caller to see; canceling twice is harmless.
   */
  cancelPayment(id: string, input: { idempotencyKey: string }): Promise<Payment>;
  /**
   * Gives back an order's payment. A subscription's reference refunds its first payment and ends the subscription;
   * a renewal's refunds that delivery only.
   */
  refund(id: string, input: RefundRequest): Promise<{ id: string; status: string }>;
  /**
   * Starts a subscription whose first invoice is paid like a payment: the recurring items, plus once the one-time
   * part (shipping, tax and lines bought once), less the order's discount, so it charges exactly the order's total.
   * The discount is the order's, so later cycles charge the recurring items in full.
   */
  createSubscription(input: SubscriptionRequest): Promise<{ subscriptionId: string; payment: Payment }>;
  /** Verifies a webhook on its raw body; null for events the shop does not act on. */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null;
  /** Where a provider that delivers events in-process (the simulated one) sends them. */
  onEvent(listener: (event: PaymentEvent) => Promise<void>): void;
}
