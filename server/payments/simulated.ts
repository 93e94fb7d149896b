/**
 * The embedded default provider: the whole checkout runs offline with the well-known test cards, through the same
 * states as Stripe's PaymentIntents, and its "webhook" events reach the order logic asynchronously, as Stripe's do.
 * State lives in memory: a payment left unconfirmed by a restart simply expires with its reservation.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  InvalidCardError,
  PaymentNotFoundError,
  WebhookVerificationError,
  type CardDetails,
  type Payment,
  type PaymentChange,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatusEvent,
  type RefundRequest,
  type SubscriptionRequest,
} from "./provider";

export const SIMULATED_SIGNATURE_HEADER = "x-simulated-signature";

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

const DECLINES: Record<string, string> = {
  [TEST_CARDS.declined]: "Your card was declined.",
  [TEST_CARDS.insufficientFunds]: "Your card has insufficient funds.",
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The checks a card form makes before any attempt; the messages are Stripe's. */
export function checkCard(card: CardDetails, now = new Date()): void {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) throw new InvalidCardError("Your card number is invalid.");
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new InvalidCardError("Your card's expiration month is invalid.");
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired = year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1);
  if (!Number.isInteger(year) || expired) throw new InvalidCardError("Your card's expiration date is in the past.");
  if (!/^\d{3,4}$/.test(card.cvc)) throw new InvalidCardError("Your card's security code is invalid.");
}

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated" as const;
  readonly clientConfig = { provider: "simulated" } as const;
  private readonly payments = new Map<string, Payment>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly refunds = new Map<string, { id: string; status: string }>();
  private readonly listeners: ((event: PaymentEvent) => Promise<void>)[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly webhookSecret: string = randomBytes(32).toString("hex")) {}

  async createPayment(input: PaymentRequest) {
    return this.create("pi", input);
  }

  private create(prefix: string, input: { amountCents: number; metadata: Record<string, string>; idempotencyKey: string }) {
    const existing = this.byIdempotencyKey.get(input.idempotencyKey);
    if (existing) return { ...this.payments.get(existing)! };
    const id = newId(prefix);
    const payment: Payment = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      status: "requires_payment_method",
      amountCents: input.amountCents,
      metadata: { ...input.metadata },
      failureMessage: null,
    };
    this.payments.set(id, payment);
    this.byIdempotencyKey.set(input.idempotencyKey, id);
    return { ...payment };
  }

  private get(id: string): Payment {
    const payment = this.payments.get(id);
    if (!payment) throw new PaymentNotFoundError(`No such payment: ${id}`);
    return payment;
  }

  async updatePayment(id: string, input: PaymentChange) {
    const payment = this.get(id);
    if (payment.status !== "requires_payment_method") {
      throw new Error(`Payment ${id} can no longer be changed (status ${payment.status})`);
    }
    if (input.amountCents !== undefined) payment.amountCents = input.amountCents;
    if (input.metadata) payment.metadata = { ...payment.metadata, ...input.metadata };
    return { ...payment };
  }

  async confirmPayment(id: string, input: { card?: CardDetails }) {
    const payment = this.get(id);
    if (payment.status === "succeeded" || payment.status === "processing") return { ...payment };
    if (payment.status === "canceled") throw new Error(`Payment ${id} was canceled`);
    if (!input.card) throw new InvalidCardError("Card details are required.");
    checkCard(input.card);
    const number = input.card.number.replace(/[\s-]/g, "");
    const decline = DECLINES[number] ?? (number === TEST_CARDS.succeeds ? null : "Your card was declined. Use a test card such as 4242 4242 4242 4242.");
    if (decline) {
      // As with Stripe, a declined attempt leaves the payment open for another card and reports the failure.
      payment.status = "requires_payment_method";
      payment.failureMessage = decline;
      this.emit({ type: "payment.failed", paymentId: id, amountCents: payment.amountCents, failureMessage: decline });
    } else {
      payment.status = "succeeded";
      payment.failureMessage = null;
      this.emit({ type: "payment.succeeded", paymentId: id, amountCents: payment.amountCents, failureMessage: null });
    }
    return { ...payment };
  }

  async retrievePayment(id: string) {
    return { ...this.get(id) };
  }

  async refund(id: string, input: RefundRequest) {
    const done = this.refunds.get(input.idempotencyKey);
    if (done) return done;
    const payment = this.payments.get(id);
    if (payment && payment.status !== "succeeded") throw new Error(`Payment ${id} has not succeeded; nothing to refund`);
    const refund = { id: newId("re"), status: "succeeded" };
    this.refunds.set(input.idempotencyKey, refund);
    // A payment made before a restart (or in the shop's process, when the owner refunds from the command line) is
    // not in this process's memory: no money ever moved, so the refund simply succeeds.
    if (payment) {
      this.emit({ type: "payment.refunded", paymentId: id, amountCents: input.amountCents ?? payment.amountCents, failureMessage: null });
    }
    return refund;
  }

  async createSubscription(input: SubscriptionRequest) {
    const recurringCents = input.items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
    const amountCents = recurringCents + input.oneTimeCents - input.discountCents;
    const payment = this.create("sub", { amountCents, metadata: input.metadata, idempotencyKey: input.idempotencyKey });
    return { subscriptionId: payment.id, payment };
  }

  /** Signs an event body as this provider's webhook sender would, for tests and replays. */
  sign(rawBody: string): string {
    return createHmac("sha256", this.webhookSecret).update(rawBody).digest("hex");
  }

  parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null {
    const signature = headers.get(SIMULATED_SIGNATURE_HEADER) ?? "";
    const expected = Buffer.from(this.sign(rawBody));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new WebhookVerificationError("Webhook signature does not match");
    }
    return JSON.parse(rawBody) as PaymentEvent;
  }

  onEvent(listener: (event: PaymentEvent) => Promise<void>) {
    this.listeners.push(listener);
  }

  /** Resolves once every event emitted so far has been handled (tests wait on it instead of sleeping). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private emit(event: Omit<PaymentStatusEvent, "id">) {
    const full: PaymentEvent = { id: newId("evt"), ...event };
    // Delivered after the confirming request returns, like a webhook arriving moments later.
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => Promise.all(this.listeners.map((listener) => listener(full))))
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }
}
