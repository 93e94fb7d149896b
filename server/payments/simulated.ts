/**
 * The embedded default provider: the whole checkout runs offline with the well-known test cards, through the same
 * states as Stripe's PaymentIntents, and its "webhook" events reach the order logic asynchronously, as Stripe's do.
 * Its ledger (payments and refunds) lives in the shop's database; the events are delivered in-process by the instance
 * that confirmed, and the start-up reconciliation reads the ledger for any a crash cut off.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { simulatedPayments, simulatedRefunds } from "../db/schema";
import {
  InvalidCardError,
  PaymentNotFoundError,
  renewalChargeEventId,
  WebhookVerificationError,
  type CardDetails,
  type Payment,
  type PaymentChange,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RefundRequest,
  type RenewalCharge,
  type SavedCard,
  type SubscriptionRequest,
} from "./provider";

export const SIMULATED_SIGNATURE_HEADER = "x-simulated-signature";

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  /** Stripe's card that is saved without trouble but whose every charge is declined: a subscription's failing renewals. */
  chargesDeclined: "4000000000000341",
} as const;

const DECLINES: Record<string, string> = {
  [TEST_CARDS.declined]: "Your card was declined.",
  [TEST_CARDS.insufficientFunds]: "Your card has insufficient funds.",
};

const ANY_OTHER_CARD_DECLINE = "Your card was declined. Use a test card such as 4242 4242 4242 4242.";

/** What a charge on the card answers: null when it is paid, else the decline. */
function chargeDeclineOf(number: string): string | null {
  if (number === TEST_CARDS.succeeds) return null;
  if (number === TEST_CARDS.chargesDeclined) return "Your card was declined.";
  return DECLINES[number] ?? ANY_OTHER_CARD_DECLINE;
}

const digitsOf = (card: CardDetails) => card.number.replace(/[\s-]/g, "");

function brandOf(number: string): string {
  if (number.startsWith("4")) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  if (number.startsWith("6")) return "Discover";
  return "Card";
}

/** A payment that starts a subscription: its card is kept for the renewals. */
const isSubscriptionPayment = (id: string) => id.startsWith("sub_");

type StoredCard = SavedCard & { chargeDecline: string | null };

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
function checkCard(card: CardDetails, now = new Date()): void {
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

type EventWithoutId = PaymentEvent extends infer Event ? (Event extends PaymentEvent ? Omit<Event, "id"> : never) : never;

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

type PaymentRow = typeof simulatedPayments.$inferSelect;

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status as PaymentStatus,
  amountCents: row.amountCents,
  metadata: { ...row.metadata },
  failureMessage: row.failureMessage,
});

export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated" as const;
  readonly clientConfig = { provider: "simulated" } as const;
  private readonly listeners: ((event: PaymentEvent) => Promise<void>)[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  /**
   * The ledger is the database's, as Stripe's is Stripe's: any instance can confirm or read a payment another made,
   * and a payment confirmed just before a crash is still there for the start-up reconciliation to find.
   */
  constructor(
    private readonly db: Database,
    private readonly webhookSecret: string = randomBytes(32).toString("hex"),
  ) {}

  async createPayment(input: PaymentRequest) {
    return this.create("pi", input);
  }

  private async create(prefix: string, input: { amountCents: number; metadata: Record<string, string>; idempotencyKey: string }) {
    const id = newId(prefix);
    const [made] = await this.db
      .insert(simulatedPayments)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        status: "requires_payment_method",
        amountCents: input.amountCents,
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: simulatedPayments.idempotencyKey })
      .returning();
    if (made) return toPayment(made);
    // The key was used before (or by a concurrent request): that payment is the one.
    const [existing] = await this.db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, input.idempotencyKey));
    return toPayment(existing);
  }

  private async get(id: string): Promise<PaymentRow> {
    const [row] = await this.db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
    if (!row) throw new PaymentNotFoundError(`No such payment: ${id}`);
    return row;
  }

  /**
   * Changes a payment only while it is in `from`, in one conditional statement, so two instances acting on the same
   * payment at once cannot both move it (one confirm succeeds, the other finds it already succeeded).
   */
  private async transition(id: string, from: PaymentStatus, change: PgUpdateSetSource<typeof simulatedPayments>) {
    const [row] = await this.db
      .update(simulatedPayments)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(simulatedPayments.id, id), eq(simulatedPayments.status, from)))
      .returning();
    return row ?? null;
  }

  async updatePayment(id: string, input: PaymentChange) {
    const changed = await this.transition(id, "requires_payment_method", {
      ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
      ...(input.metadata ? { metadata: sql`${simulatedPayments.metadata} || ${JSON.stringify(input.metadata)}::jsonb` } : {}),
    });
    if (changed) return toPayment(changed);
    const payment = await this.get(id);
    throw new Error(`Payment ${id} can no longer be changed (status ${payment.status})`);
  }

  async confirmPayment(id: string, input: { card?: CardDetails }) {
    const payment = await this.get(id);
    if (payment.status === "succeeded" || payment.status === "processing") return toPayment(payment);
    if (payment.status === "canceled") throw new Error(`Payment ${id} was canceled`);
    if (!input.card) throw new InvalidCardError("Card details are required.");
    checkCard(input.card);
    const number = digitsOf(input.card);
    const decline = chargeDeclineOf(number);
    const saved: StoredCard | null = isSubscriptionPayment(id) ? { brand: brandOf(number), last4: number.slice(-4), chargeDecline: null } : null;
    // As with Stripe, a declined attempt leaves the payment open for another card and reports the failure.
    const changed = await this.transition(
      id,
      "requires_payment_method",
      decline ? { failureMessage: decline } : { status: "succeeded", failureMessage: null, savedCard: saved },
    );
    // Another confirm of the same payment moved it first (and sent its event): report where it is now.
    if (!changed) return this.retrievePayment(id);
    this.emit({
      type: decline ? "payment.failed" : "payment.succeeded",
      paymentId: id,
      amountCents: changed.amountCents,
      failureMessage: decline,
    });
    return toPayment(changed);
  }

  async retrievePayment(id: string) {
    return toPayment(await this.get(id));
  }

  async cancelPayment(id: string) {
    // Only an unpaid payment moves; a paid or already canceled one is reported as it is, as Stripe refuses to cancel it.
    const canceled = await this.transition(id, "requires_payment_method", { status: "canceled" });
    if (!canceled) return this.retrievePayment(id);
    this.emit({ type: "payment.canceled", paymentId: id, amountCents: canceled.amountCents, failureMessage: null });
    return toPayment(canceled);
  }

  async refund(id: string, input: RefundRequest) {
    const done = await this.refundByKey(input.idempotencyKey);
    if (done) return done;
    const [payment] = await this.db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
    if (payment && payment.status !== "succeeded") throw new Error(`Payment ${id} has not succeeded; nothing to refund`);
    const amountCents = input.amountCents ?? payment?.amountCents ?? 0;
    const [made] = await this.db
      .insert(simulatedRefunds)
      .values({ idempotencyKey: input.idempotencyKey, id: newId("re"), paymentId: id, amountCents })
      .onConflictDoNothing()
      .returning();
    // A concurrent retry of the same refund recorded it first: that refund is the one, and it sent the event.
    if (!made) return (await this.refundByKey(input.idempotencyKey))!;
    // A payment made before the ledger was kept in the database is not in it: no money ever moved, so the refund
    // simply succeeds.
    if (payment) this.emit({ type: "payment.refunded", paymentId: id, amountCents, failureMessage: null });
    return { id: made.id, status: "succeeded" };
  }

  private async refundByKey(idempotencyKey: string) {
    const [refund] = await this.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.idempotencyKey, idempotencyKey));
    return refund ? { id: refund.id, status: "succeeded" } : null;
  }

  async createSubscription(input: SubscriptionRequest) {
    const recurringCents = input.items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
    const amountCents = recurringCents + input.oneTimeCents - input.discountCents;
    const payment = await this.create("sub", { amountCents, metadata: input.metadata, idempotencyKey: input.idempotencyKey });
    return { subscriptionId: payment.id, payment };
  }

  async subscriptionCard(subscriptionId: string): Promise<SavedCard | null> {
    const card = (await this.get(subscriptionId)).savedCard;
    return card ? { brand: card.brand, last4: card.last4 } : null;
  }

  /**
   * Charges a due cycle with the subscription's card. The idempotency key names the attempt, so a retried call is the
   * same charge, answered as it ended, and never a second one.
   */
  async chargeRenewal(input: RenewalCharge) {
    const card = (await this.get(input.subscriptionId)).savedCard;
    if (!card) throw new Error(`Subscription ${input.subscriptionId} has no card to charge`);
    const payment = await this.create("pi", input);
    const changed = await this.transition(
      payment.id,
      "requires_payment_method",
      card.chargeDecline ? { status: "canceled", failureMessage: card.chargeDecline } : { status: "succeeded", failureMessage: null },
    );
    if (!changed) return this.retrievePayment(payment.id);
    const outcome = { id: renewalChargeEventId(changed.id), paymentId: input.subscriptionId, renewalPaymentId: changed.id };
    this.emit(
      card.chargeDecline
        ? { ...outcome, type: "subscription.renewal-failed", failureMessage: card.chargeDecline }
        : { ...outcome, type: "subscription.renewed", amountCents: changed.amountCents },
    );
    return toPayment(changed);
  }

  /** As Stripe's setup flow: a card that cannot be saved is refused; one saved may still be declined when charged. */
  async replaceSubscriptionCard(subscriptionId: string, card: CardDetails): Promise<SavedCard | { refused: string }> {
    try {
      checkCard(card);
    } catch (error) {
      if (error instanceof InvalidCardError) return { refused: error.message };
      throw error;
    }
    const number = digitsOf(card);
    const savable = number === TEST_CARDS.succeeds || number === TEST_CARDS.chargesDeclined;
    if (!savable) return { refused: DECLINES[number] ?? ANY_OTHER_CARD_DECLINE };
    const saved: StoredCard = { brand: brandOf(number), last4: number.slice(-4), chargeDecline: chargeDeclineOf(number) };
    const [row] = await this.db.update(simulatedPayments).set({ savedCard: saved, updatedAt: new Date() }).where(eq(simulatedPayments.id, subscriptionId)).returning();
    if (!row) throw new PaymentNotFoundError(`No such subscription: ${subscriptionId}`);
    return { brand: saved.brand, last4: saved.last4 };
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

  private emit(event: EventWithoutId & { id?: string }) {
    const full = { id: newId("evt"), ...event } as PaymentEvent;
    // Delivered after the confirming request returns, like a webhook arriving moments later.
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => Promise.all(this.listeners.map((listener) => listener(full))))
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }
}
