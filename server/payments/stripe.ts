/**
 * Stripe through its official SDK: PaymentIntents for one-time carts, Subscriptions for carts with a subscription,
 * every create call with an idempotency key, and webhooks verified with `constructEvent` on the raw body.
 * `STRIPE_API_BASE` points the SDK at another host (the tests' local fake Stripe server).
 */
import Stripe from "stripe";
import {
  PaymentNotFoundError,
  WebhookVerificationError,
  type Payment,
  type PaymentChange,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RefundRequest,
  type RenewalAddition,
  type SavedCard,
  type SubscriptionItem,
  type SubscriptionRequest,
} from "./provider";

/** How far a webhook signature's time may be from ours, either way: Stripe's default. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  accountId?: string;
  apiBase?: string;
};

/** The card as the subscriber recognises it, from a PaymentMethod (expanded or retrieved). */
const cardOf = (method: string | Stripe.PaymentMethod | null): SavedCard | null =>
  typeof method === "object" && method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null;

/** A renewal invoice paid (or not) on request, as the renewal logic reads a charge's answer. */
const invoicePayment = (invoice: Stripe.Invoice): Payment => ({
  id: invoice.id!,
  clientSecret: "",
  status: invoice.status === "paid" ? "succeeded" : "requires_payment_method",
  amountCents: invoice.amount_paid,
  metadata: {},
  failureMessage: null,
});

function toPayment(intent: Stripe.PaymentIntent): Payment {
  const known: readonly string[] = ["requires_action", "processing", "succeeded", "canceled"];
  const status = (known.includes(intent.status) ? intent.status : "requires_payment_method") as PaymentStatus;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status,
    amountCents: intent.amount,
    metadata: { ...intent.metadata },
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly clientConfig;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    const base = options.apiBase ? new URL(options.apiBase) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(options.accountId ? { stripeAccount: options.accountId } : {}),
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    this.clientConfig = { provider: "stripe", publishableKey: options.publishableKey, accountId: options.accountId ?? null } as const;
  }

  async createPayment(input: PaymentRequest) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
        ...(input.email ? { receipt_email: input.email } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toPayment(intent);
  }

  async updatePayment(id: string, input: PaymentChange) {
    const intent = await this.stripe.paymentIntents.update(id, {
      ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
      ...(input.email ? { receipt_email: input.email } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
    });
    return toPayment(intent);
  }

  async confirmPayment(id: string, input: { paymentMethodId?: string }) {
    const intent = await this.stripe.paymentIntents.confirm(id, input.paymentMethodId ? { payment_method: input.paymentMethodId } : {});
    return toPayment(intent);
  }

  async retrievePayment(id: string) {
    try {
      if (id.startsWith("sub_")) {
        return this.subscriptionPayment(await this.stripe.subscriptions.retrieve(id, { expand: ["latest_invoice.confirmation_secret"] }));
      }
      return toPayment(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      // Only a payment Stripe says does not exist (another account or mode) is missing; a network error is not.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
        throw new PaymentNotFoundError(error.message);
      }
      throw error;
    }
  }

  async cancelPayment(id: string, input: { idempotencyKey: string }) {
    if (id.startsWith("sub_")) {
      const payment = await this.retrievePayment(id);
      if (payment.status !== "requires_payment_method") return payment;
      await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey: input.idempotencyKey });
      return this.retrievePayment(id);
    }
    try {
      return toPayment(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: input.idempotencyKey }));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded, is processing or is canceled already: it stays as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") {
        return this.retrievePayment(id);
      }
      throw error;
    }
  }

  async refund(id: string, input: RefundRequest) {
    const subscription = id.startsWith("sub_");
    const paymentIntent = subscription
      ? await this.invoicePaymentIntent(await this.firstInvoiceId(id))
      : id.startsWith("in_")
        ? await this.invoicePaymentIntent(id)
        : id;
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}) },
      { idempotencyKey: input.idempotencyKey },
    );
    if (subscription) await this.stripe.subscriptions.cancel(id);
    return { id: refund.id, status: refund.status ?? "pending" };
  }

  /** The PaymentIntent that paid an invoice; declined attempts are listed beside it, not paid. */
  private async invoicePaymentIntent(invoiceId: string): Promise<string> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, expand: ["data.payment.payment_intent"] });
    const paid = payments.data.find((payment) => payment.status === "paid")?.payment.payment_intent;
    const id = typeof paid === "string" ? paid : paid?.id;
    if (!id) throw new Error(`Invoice ${invoiceId} has no payment to refund`);
    return id;
  }

  /** The subscription's first invoice, the checkout's, however many renewals came after it. */
  private async firstInvoiceId(subscriptionId: string): Promise<string> {
    for await (const invoice of this.stripe.invoices.list({ subscription: subscriptionId, limit: 100 })) {
      if (invoice.billing_reason === "subscription_create") return invoice.id!;
    }
    throw new Error(`Subscription ${subscriptionId} has no first invoice`);
  }

  async createSubscription(input: SubscriptionRequest) {
    const key = input.idempotencyKey;
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: input.metadata },
      { idempotencyKey: `${key}:customer` },
    );
    const product = await this.stripe.products.create({ name: "Order" }, { idempotencyKey: `${key}:product` });
    // The order's discount as a coupon of its own, used up by the first invoice: renewals are new orders at the
    // recurring price, and a retried checkout (same key) gets the same coupon back instead of a second discount.
    const coupon =
      input.discountCents > 0
        ? await this.stripe.coupons.create(
            { name: "Order discount", amount_off: input.discountCents, currency: "usd", duration: "once", max_redemptions: 1 },
            { idempotencyKey: `${key}:coupon` },
          )
        : null;
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: input.items.map((item) => ({
          quantity: item.quantity,
          price_data: {
            currency: "usd",
            product: product.id,
            unit_amount: item.unitAmountCents,
            recurring: { interval: item.interval, interval_count: item.intervalCount },
          },
        })),
        // Shipping, tax and any one-time lines are charged once, on the first invoice.
        add_invoice_items:
          input.oneTimeCents > 0
            ? [{ price_data: { currency: "usd", product: product.id, unit_amount: input.oneTimeCents } }]
            : [],
        // A subscription's discount covers the whole invoice, one-time items included.
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: input.metadata,
        expand: ["latest_invoice.confirmation_secret"],
      },
      { idempotencyKey: key },
    );
    return { subscriptionId: subscription.id, payment: this.subscriptionPayment(subscription) };
  }

  private subscriptionPayment(subscription: Stripe.Subscription): Payment {
    const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
    const status: PaymentStatus =
      subscription.status === "active" || subscription.status === "trialing"
        ? "succeeded"
        : subscription.status === "canceled" || subscription.status === "incomplete_expired"
          ? "canceled"
          : "requires_payment_method";
    return {
      id: subscription.id,
      clientSecret: invoice?.confirmation_secret?.client_secret ?? "",
      status,
      amountCents: invoice?.amount_due ?? 0,
      metadata: { ...subscription.metadata },
      failureMessage: null,
    };
  }

  async addToRenewal(invoiceId: string, additions: RenewalAddition[], idempotencyKey: string) {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    const customer = typeof invoice.customer === "string" ? invoice.customer : invoice.customer!.id;
    for (const addition of additions) {
      await this.stripe.invoiceItems.create(
        { customer, invoice: invoiceId, amount: addition.amountCents, currency: "usd", description: addition.description },
        { idempotencyKey: `${idempotencyKey}:${addition.name}` },
      );
    }
  }

  async pauseRenewals(subscriptionId: string, resumesAt: Date | null, idempotencyKey: string) {
    // "void": the invoices of the paused cycles are voided, so nothing is owed for them later.
    const pause = resumesAt ? { behavior: "void" as const, resumes_at: Math.floor(resumesAt.getTime() / 1000) } : { behavior: "void" as const };
    await this.stripe.subscriptions.update(subscriptionId, { pause_collection: pause }, { idempotencyKey });
  }

  async resumeRenewals(subscriptionId: string, idempotencyKey: string) {
    await this.stripe.subscriptions.update(subscriptionId, { pause_collection: "" }, { idempotencyKey });
  }

  async endSubscription(subscriptionId: string, { idempotencyKey }: { idempotencyKey: string }) {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    if (subscription.status !== "canceled") await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
  }

  async subscriptionCard(subscriptionId: string): Promise<SavedCard | null> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ["default_payment_method"] });
    return cardOf(subscription.default_payment_method);
  }

  /**
   * Stripe's documented way to change a subscription's card: a Checkout Session in setup mode for the subscription's
   * customer, whose SetupIntent names the subscription; `checkout.session.completed` reports it done.
   */
  async startCardSetup(subscriptionId: string, input: { returnUrl: string; metadata: Record<string, string>; idempotencyKey: string }) {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const metadata = { ...input.metadata, subscription_id: subscriptionId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "setup",
        currency: "usd",
        customer: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
        setup_intent_data: { metadata },
        metadata,
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no page to send the subscriber to`);
    return { url: session.url };
  }

  async useSetUpCard(subscriptionId: string, setupId: string, idempotencyKey: string): Promise<SavedCard> {
    const setup = await this.stripe.setupIntents.retrieve(setupId, { expand: ["payment_method"] });
    // Only a setup started for this subscription may change its card.
    if (setup.metadata?.subscription_id !== subscriptionId) throw new Error(`SetupIntent ${setupId} was not made for ${subscriptionId}`);
    const method = setup.payment_method;
    const card = cardOf(method);
    if (setup.status !== "succeeded" || !method || !card) throw new Error(`SetupIntent ${setupId} saved no card`);
    await this.stripe.subscriptions.update(subscriptionId, { default_payment_method: typeof method === "string" ? method : method.id }, { idempotencyKey });
    return card;
  }

  async payRenewal(invoiceId: string, idempotencyKey: string): Promise<Payment> {
    try {
      return invoicePayment(await this.stripe.invoices.pay(invoiceId, {}, { idempotencyKey }));
    } catch (error) {
      // A declined card: Stripe sends invoice.payment_failed for the attempt, which the dunning counts.
      if (error instanceof Stripe.errors.StripeCardError) {
        return { ...invoicePayment(await this.stripe.invoices.retrieve(invoiceId)), failureMessage: error.message };
      }
      // Paid meanwhile (Stripe's own retry came first): Stripe refuses to pay it twice.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const invoice = await this.stripe.invoices.retrieve(invoiceId);
        if (invoice.status === "paid") return invoicePayment(invoice);
      }
      throw error;
    }
  }

  /**
   * The items move to prices on the new plan (made as at checkout, on the subscription's product). Stripe restarts the
   * billing cycle and bills at once when a price's interval changes; a trial until the shop's next date keeps the paid
   * cycle as it is and starts the new plan's cycles on that date, with nothing prorated.
   */
  async changeRenewalPlan(subscriptionId: string, items: SubscriptionItem[], from: Date, idempotencyKey: string) {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const product = subscription.items.data[0]?.price.product;
    if (!product) throw new Error(`Subscription ${subscriptionId} has no items`);
    await this.stripe.subscriptions.update(
      subscriptionId,
      {
        items: [
          ...subscription.items.data.map((item) => ({ id: item.id, deleted: true })),
          ...items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: "usd",
              product: typeof product === "string" ? product : product.id,
              unit_amount: item.unitAmountCents,
              recurring: { interval: item.interval, interval_count: item.intervalCount },
            },
          })),
        ],
        proration_behavior: "none",
        trial_end: Math.floor(from.getTime() / 1000),
      },
      { idempotencyKey },
    );
  }

  parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null {
    const signature = headers.get("stripe-signature") ?? "";
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookVerificationError((error as Error).message);
    }
    // constructEvent refuses only signatures older than the tolerance; one dated ahead of it is as suspect.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    if (signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookVerificationError("Timestamp outside the tolerance zone");
    }
    switch (event.type) {
      case "payment_intent.succeeded":
      case "payment_intent.payment_failed":
      case "payment_intent.canceled": {
        const intent = event.data.object;
        const type =
          event.type === "payment_intent.succeeded"
            ? "payment.succeeded"
            : event.type === "payment_intent.canceled"
              ? "payment.canceled"
              : "payment.failed";
        return {
          id: event.id,
          type,
          paymentId: intent.id,
          amountCents: intent.amount,
          failureMessage: intent.last_payment_error?.message ?? null,
        };
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscription = invoice.parent?.subscription_details?.subscription;
        if (!subscription) return null;
        const subscriptionId = typeof subscription === "string" ? subscription : subscription.id;
        // The first invoice belongs to the checkout's order.
        if (invoice.billing_reason === "subscription_create") {
          return {
            id: event.id,
            type: event.type === "invoice.paid" ? "payment.succeeded" : "payment.failed",
            paymentId: subscriptionId,
            amountCents: invoice.amount_paid,
            failureMessage: event.type === "invoice.paid" ? null : "The subscription's first payment failed.",
          };
        }
        // A paid cycle is the next delivery. A failed one ships nothing: Stripe retries it as the account's settings
        // say, and the shop tells the subscriber each time.
        if (invoice.billing_reason !== "subscription_cycle") return null;
        return event.type === "invoice.paid"
          ? { id: event.id, type: "subscription.renewed", paymentId: subscriptionId, renewalPaymentId: invoice.id!, amountCents: invoice.amount_paid }
          : {
              id: event.id,
              type: "subscription.renewal-failed",
              paymentId: subscriptionId,
              renewalPaymentId: invoice.id!,
              failureMessage: "The card was declined.",
            };
      }
      // Stripe opens each cycle's invoice as a draft about an hour before charging it: the shop adds shipping and tax.
      case "invoice.created": {
        const invoice = event.data.object;
        const subscription = invoice.parent?.subscription_details?.subscription;
        if (!subscription || invoice.billing_reason !== "subscription_cycle" || invoice.status !== "draft") return null;
        return {
          id: event.id,
          type: "subscription.renewal-drafted",
          paymentId: typeof subscription === "string" ? subscription : subscription.id,
          renewalPaymentId: invoice.id!,
          amountCents: invoice.lines.data.filter((line) => line.parent?.type === "subscription_item_details").reduce((sum, line) => sum + line.amount, 0),
          dueAt: new Date(invoice.created * 1000),
        };
      }
      // The subscriber gave another card on Stripe's setup page (startCardSetup).
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId = session.metadata?.subscription_id;
        if (session.mode !== "setup" || !subscriptionId || !session.setup_intent) return null;
        const setupId = typeof session.setup_intent === "string" ? session.setup_intent : session.setup_intent.id;
        return { id: event.id, type: "subscription.card-set-up", paymentId: subscriptionId, setupId };
      }
      default:
        return null;
    }
  }

  /** Stripe delivers events over HTTP to POST /api/stripe/webhook, never in-process. */
  onEvent() {}
}
