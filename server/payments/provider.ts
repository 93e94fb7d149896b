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

/** A subscription's charge for its next billing cycle was declined: nothing ships, the card must change or the charge be retried. */
export type SubscriptionRenewalFailedEvent = {
  id: string;
  type: "subscription.renewal-failed";
  /** The subscription: the payment reference of the order that started it. */
  paymentId: string;
  /** The declined charge. */
  renewalPaymentId: string;
  failureMessage: string;
};

/**
 * A provider that keeps the schedule (Stripe) has begun the next cycle's bill, still open to additions: the shop prices
 * the cycle with its quote and adds what the recurring price leaves out (shipping, tax, a changed price) before it is charged.
 */
export type SubscriptionRenewalDraftedEvent = {
  id: string;
  type: "subscription.renewal-drafted";
  paymentId: string;
  /** The draft bill (with Stripe, the invoice): the renewal's payment reference once it is paid. */
  renewalPaymentId: string;
  /** What the bill's recurring items charge, before anything is added to it. */
  amountCents: number;
  /** When the cycle began: a cycle the shop skipped or paused is not the one its record waits for. */
  dueAt: Date;
};

/**
 * The subscriber gave another card on the provider's own setup page (Stripe: a Checkout Session in setup mode has
 * completed): it is to become the card the subscription charges.
 */
export type SubscriptionCardSetUpEvent = {
  id: string;
  type: "subscription.card-set-up";
  /** The subscription the setup was started for. */
  paymentId: string;
  /** What saved the card (with Stripe, the SetupIntent). */
  setupId: string;
};

/** A provider event normalised for the order logic; `id` is the provider's event id, used to ignore replays. */
export type PaymentEvent =
  | PaymentStatusEvent
  | SubscriptionRenewedEvent
  | SubscriptionRenewalFailedEvent
  | SubscriptionRenewalDraftedEvent
  | SubscriptionCardSetUpEvent;

/** One addition to a cycle's bill; `name` keeps it one line however often it is asked for. */
export type RenewalAddition = { name: "price-change" | "discount" | "shipping" | "tax"; amountCents: number; description: string };

/**
 * The event id of a renewal charge's outcome, the same for the provider's event and the charging job's own reading of
 * the answer, so the second of the two is a replay of the first.
 */
export const renewalChargeEventId = (renewalPaymentId: string) => `evt_renewal_${renewalPaymentId}`;

/** The card a subscription charges, as the subscriber recognises it. */
export type SavedCard = { brand: string; last4: string };

export type RenewalCharge = { subscriptionId: string; amountCents: number; metadata: Record<string, string>; idempotencyKey: string };

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
  /** The card a subscription charges, or null when the provider keeps none for it. */
  subscriptionCard(subscriptionId: string): Promise<SavedCard | null>;
  /**
   * Providers that leave the schedule to the shop (the simulated one) charge a due cycle when asked, with the
   * subscription's card, and report the outcome as a `subscription.renewed` or `subscription.renewal-failed` event.
   * Stripe keeps the schedule itself and has no such call.
   */
  chargeRenewal?(input: RenewalCharge): Promise<Payment>;
  /** Adds to a cycle's draft bill (a `subscription.renewal-drafted` event's) before the provider charges it. */
  addToRenewal?(renewalPaymentId: string, additions: RenewalAddition[], idempotencyKey: string): Promise<void>;
  /**
   * A provider that keeps the schedule (Stripe) charges no cycle until `resumesAt` (never, while null) or until
   * `resumeRenewals`: the shop's skip and pause, mirrored.
   */
  pauseRenewals?(subscriptionId: string, resumesAt: Date | null, idempotencyKey: string): Promise<void>;
  resumeRenewals?(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** Stops a provider that keeps the schedule (Stripe) from charging a subscription the shop has cancelled. */
  endSubscription?(subscriptionId: string, input: { idempotencyKey: string }): Promise<void>;
  /**
   * Replaces the card a subscription charges (the simulated provider's card form; Stripe's own setup flow otherwise).
   * A card the provider will not keep is answered, not thrown: its words are the subscriber's to read.
   */
  replaceSubscriptionCard?(subscriptionId: string, card: CardDetails): Promise<SavedCard | { refused: string }>;
  /**
   * The provider's own setup flow (Stripe Checkout in setup mode): the page where the subscriber gives a card for the
   * subscription, and from which they come back to `returnUrl`. Its completion arrives as `subscription.card-set-up`.
   */
  startCardSetup?(subscriptionId: string, input: { returnUrl: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<{ url: string }>;
  /** Makes the card a completed setup saved the one the subscription charges, and tells which card it is. */
  useSetUpCard?(subscriptionId: string, setupId: string, idempotencyKey: string): Promise<SavedCard>;
  /**
   * A provider that keeps the schedule (Stripe) charges now a cycle's bill it keeps open after a decline. A decline is
   * answered (status not succeeded), and the provider's own event reports it too.
   */
  payRenewal?(renewalPaymentId: string, idempotencyKey: string): Promise<Payment>;
  /**
   * A provider that keeps the schedule (Stripe) charges the subscription's items at a new plan from `from` on: nothing
   * prorated, nothing charged before then.
   */
  changeRenewalPlan?(subscriptionId: string, items: SubscriptionItem[], from: Date, idempotencyKey: string): Promise<void>;
  /** Verifies a webhook on its raw body; null for events the shop does not act on. */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null;
  /** Where a provider that delivers events in-process (the simulated one) sends them. */
  onEvent(listener: (event: PaymentEvent) => Promise<void>): void;
}
