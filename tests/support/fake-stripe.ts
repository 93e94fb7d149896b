/**
 * A local stand-in for api.stripe.com, enough for the shop's two payment paths. PaymentIntents: create (honouring
 * idempotency keys), update, retrieve, confirm with a test payment method, refunds. Subscriptions: customers and
 * products, amount-off coupons applied through a subscription's `discounts`, a subscription whose first invoice is
 * paid through its own PaymentIntent (the invoice's confirmation secret), retrieve, cancel, the invoices and invoice
 * payments that lead from a subscription back to what was paid, `renewSubscription` for a billing cycle Stripe
 * has charged, and `draftRenewal` / `chargeDraft` for one whose draft invoice takes invoice items first; a cycle is
 * charged to the subscription's default payment method, and one of Stripe's declining test cards leaves its invoice
 * open for `POST /v1/invoices/:id/pay`. A subscription's update moves its items to new prices (a changed interval
 * bills at once unless a trial defers it), sets its default payment method, or pauses collection. Checkout Sessions in
 * setup mode, completed by `completeSetup` as the customer would on Stripe's page, leave a SetupIntent with the
 * session's `setup_intent_data.metadata` and one of Stripe's test payment methods (retrievable with its card's brand
 * and last four). `signedEvent` builds a webhook body and a `Stripe-Signature` header with the SDK's own
 * `generateTestHeaderString`, as Stripe would sign it.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: { message: string } | null;
};

type Recurring = { interval: string; interval_count: number };

type SubscriptionItem = {
  id: string;
  object: "subscription_item";
  quantity: number;
  price: { id: string; object: "price"; currency: string; product: string; unit_amount: number; recurring: Recurring };
};

type InvoiceLine = {
  id: string;
  object: "line_item";
  amount: number;
  quantity: number;
  parent: { type: "subscription_item_details" | "invoice_item_details" };
};

type Coupon = {
  id: string;
  object: "coupon";
  name: string | null;
  amount_off: number;
  currency: string;
  duration: "once" | "forever";
  max_redemptions: number | null;
  times_redeemed: number;
};

/** A coupon applied to a subscription. */
type Discount = { id: string; object: "discount"; coupon: Coupon };

type Invoice = {
  id: string;
  object: "invoice";
  customer: string;
  currency: string;
  status: "draft" | "open" | "paid";
  /** Seconds since the epoch, as Stripe dates everything. */
  created: number;
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  /** The lines' amounts less the discounts, as Stripe charges them. */
  amount_due: number;
  amount_paid: number;
  total_discount_amounts: { amount: number; discount: string }[];
  lines: { object: "list"; data: InvoiceLine[]; has_more: false };
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
};

type PaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
};

type SetupIntent = {
  id: string;
  object: "setup_intent";
  status: "succeeded";
  customer: string | null;
  payment_method: string;
  usage: "off_session";
  metadata: Record<string, string>;
};

type CheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "setup";
  status: "open" | "complete";
  currency: string;
  customer: string | null;
  setup_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  /** Not part of Stripe's object: what `setup_intent_data[metadata]` asked the SetupIntent to carry. */
  setupMetadata: Record<string, string>;
};

type Subscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: "incomplete" | "active" | "trialing" | "canceled";
  /** The payment method its invoices are charged to: the first invoice's, or one set since. */
  default_payment_method: string | null;
  trial_end: number | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false };
  /** The discounts still to apply; a `once` coupon's is gone after the first invoice, as with Stripe. */
  discounts: string[];
  latest_invoice: string;
  metadata: Record<string, string>;
};

type Refund = { id: string; object: "refund"; status: "succeeded"; payment_intent: string; amount: number };

type InvoicePayment = { id: string; object: "invoice_payment"; invoice: string; status: "open" | "paid"; paymentIntent: string };

export type FakeStripe = {
  url: string;
  intents: Map<string, Intent>;
  customers: Map<string, { id: string; email: string; name: string }>;
  coupons: Map<string, Coupon>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  refunds: Map<string, Refund>;
  checkoutSessions: Map<string, CheckoutSession>;
  /** The PaymentIntent that pays each invoice. */
  invoiceIntent(invoiceId: string): Intent;
  /** Every request, in order: method, path and the idempotency key sent. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Stripe charging the next billing cycle: a paid `subscription_cycle` invoice for the recurring items. */
  renewSubscription(subscriptionId: string): Invoice;
  /**
   * The next billing cycle as Stripe begins it: a draft `subscription_cycle` invoice of the recurring items, which
   * takes invoice items (`POST /v1/invoiceitems` naming it) until `chargeDraft` finalizes and charges it, as Stripe
   * does about an hour after `invoice.created`.
   */
  draftRenewal(subscriptionId: string, created?: Date): Invoice;
  /** What the last subscription update set as its `pause_collection`, or null once it was cleared. */
  pauseCollectionOf(subscriptionId: string): { behavior: string; resumes_at?: string } | null;
  /** Finalizes a draft invoice and charges it to the subscription's default payment method (paid, or left open when declined). */
  chargeDraft(invoiceId: string): Invoice;
  /**
   * The customer completing a setup-mode Checkout Session on Stripe's page with one of Stripe's test payment methods:
   * a SetupIntent saves it for the customer. One Stripe refuses to save (`pm_card_chargeDeclined`) throws, the session
   * still open.
   */
  completeSetup(sessionId: string, paymentMethod?: string): CheckoutSession;
  signedEvent(type: string, object: unknown, options?: { id?: string; timestamp?: number }): { body: string; headers: Record<string, string> };
  /** An outage: while false, every connection is dropped unanswered, as when Stripe cannot be reached. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
};

type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Form = { [key: string]: FormValue };

/**
 * Stripe's form encoding back into an object: `items[0][price_data][recurring][interval]=month` becomes
 * `{ items: [{ price_data: { recurring: { interval: "month" } } }] }`; a level whose keys are 0..n is an array.
 */
function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [key, value] of params) {
    const path = [key.replace(/\[.*$/, ""), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1])];
    let bag = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) bag[part] = value;
      else bag = (bag[part] ??= {}) as Form;
    });
  }
  return arraysIn(root) as Form;
}

function arraysIn(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysIn(value[key])] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

const list = (form: Form, key: string) => (form[key] ?? []) as FormValue[];
const bag = (value: FormValue | undefined) => (value ?? {}) as Record<string, string>;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const DECLINED_METHODS = new Set(["pm_card_chargeDeclined", "pm_card_visa_chargeDeclined"]);

/** Stripe's test payment methods the fake knows, with the card each stands for. */
const TEST_METHODS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_amex: { brand: "amex", last4: "8431" },
  /** 4000000000000341: saved without trouble, every charge declined. */
  pm_card_visa_chargeDeclined: { brand: "visa", last4: "0341" },
  /** 4000000000000002: declined, even when only saved. */
  pm_card_chargeDeclined: { brand: "visa", last4: "0002" },
};

/** Declined when a setup saves it, as Stripe's generic decline card is. */
const SETUP_DECLINED_METHODS = new Set(["pm_card_chargeDeclined"]);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(webhookSecret: string): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const customers = new Map<string, { id: string; email: string; name: string }>();
  const coupons = new Map<string, Coupon>();
  const discounts = new Map<string, Discount>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const invoicePayments = new Map<string, InvoicePayment>();
  const refunds = new Map<string, Refund>();
  const pauses = new Map<string, { behavior: string; resumes_at?: string }>();
  const checkoutSessions = new Map<string, CheckoutSession>();
  const setupIntents = new Map<string, SetupIntent>();
  const paymentMethods = new Map<string, PaymentMethod>();
  /** The test payment method each saved one was made from (`pm_card_visa` becomes a `pm_…` of its own, as with Stripe). */
  const testMethodOf = new Map<string, string>();
  /** What each idempotency key created, so a retried create returns the same object. */
  const byKey = new Map<string, unknown>();
  const requests: FakeStripe["requests"] = [];
  const stripe = new Stripe("sk_test_fake");

  function createIntent(amount: number, currency: string, metadata: Record<string, string>, receiptEmail: string | null): Intent {
    const id = newId("pi");
    const intent: Intent = {
      id,
      object: "payment_intent",
      amount,
      currency,
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      metadata,
      receipt_email: receiptEmail,
      last_payment_error: null,
    };
    intents.set(id, intent);
    return intent;
  }

  /**
   * What the subscription's discounts take off an invoice of `amount` (every line is discountable, Stripe's default
   * for invoice items), never more than the invoice; a `once` discount is then used up.
   */
  function applyDiscounts(subscription: Subscription, amount: number): Invoice["total_discount_amounts"] {
    let left = amount;
    const applied = subscription.discounts.map((id) => {
      const off = Math.min(discounts.get(id)!.coupon.amount_off, left);
      left -= off;
      return { amount: off, discount: id };
    });
    subscription.discounts = subscription.discounts.filter((id) => discounts.get(id)!.coupon.duration !== "once");
    return applied;
  }

  /** An invoice for the subscription's recurring items plus one-time lines, with the PaymentIntent that pays it. */
  function createInvoice(subscription: Subscription, reason: Invoice["billing_reason"], oneTimeAmounts: number[], { draft = false, created = new Date() } = {}): Invoice {
    const lines: InvoiceLine[] = [
      ...subscription.items.data.map((item) => ({
        id: newId("il"),
        object: "line_item" as const,
        amount: item.price.unit_amount * item.quantity,
        quantity: item.quantity,
        parent: { type: "subscription_item_details" as const },
      })),
      ...oneTimeAmounts.map((amount) => ({
        id: newId("il"),
        object: "line_item" as const,
        amount,
        quantity: 1,
        parent: { type: "invoice_item_details" as const },
      })),
    ];
    const invoice: Invoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      currency: "usd",
      status: "draft",
      created: Math.floor(created.getTime() / 1000),
      billing_reason: reason,
      amount_due: lines.reduce((sum, line) => sum + line.amount, 0),
      amount_paid: 0,
      total_discount_amounts: [],
      lines: { object: "list", data: lines, has_more: false },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return draft ? invoice : finalize(invoice);
  }

  /** A draft invoice made final: its lines' amount less the subscription's discounts, and the PaymentIntent that pays it. */
  function finalize(invoice: Invoice): Invoice {
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
    const amount = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
    const discounted = applyDiscounts(subscription, amount);
    invoice.status = "open";
    invoice.total_discount_amounts = discounted;
    invoice.amount_due = amount - discounted.reduce((sum, discount) => sum + discount.amount, 0);
    const intent = createIntent(invoice.amount_due, "usd", {}, null);
    const payment: InvoicePayment = { id: newId("inpay"), object: "invoice_payment", invoice: invoice.id, status: "open", paymentIntent: intent.id };
    invoicePayments.set(payment.id, payment);
    return invoice;
  }

  /** A test payment method as the API returns it; the customer it is attached to, once it is. */
  function paymentMethodOf(id: string): PaymentMethod | null {
    const known = paymentMethods.get(id);
    if (known) return known;
    const card = TEST_METHODS[id];
    if (!card) return null;
    const made: PaymentMethod = { id, object: "payment_method", type: "card", customer: null, card: { ...card, exp_month: 12, exp_year: 2034 } };
    paymentMethods.set(id, made);
    return made;
  }

  /** Stripe charging a final invoice to the subscription's default payment method: paid, or left open when declined. */
  function chargeInvoice(invoice: Invoice): Invoice {
    const intent = invoiceIntent(invoice.id);
    const method = subscriptions.get(invoice.parent.subscription_details.subscription)!.default_payment_method ?? "pm_card_visa";
    if (DECLINED_METHODS.has(testMethodOf.get(method) ?? method)) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { message: "Your card was declined." };
      return invoice;
    }
    intent.status = "succeeded";
    intent.last_payment_error = null;
    settleInvoiceOf(intent);
    return invoice;
  }

  /**
   * Once the invoice's PaymentIntent succeeds the invoice is paid and its subscription active, as with Stripe. The
   * payment method that paid the first invoice becomes the subscription's default (`save_default_payment_method:
   * on_subscription`, as the shop creates them).
   */
  function settleInvoiceOf(intent: Intent, paymentMethod?: string) {
    const payment = [...invoicePayments.values()].find((candidate) => candidate.paymentIntent === intent.id);
    if (!payment || intent.status !== "succeeded") return;
    const invoice = invoices.get(payment.invoice)!;
    payment.status = "paid";
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
    if (subscription.status !== "trialing") subscription.status = "active";
    if (paymentMethod && invoice.billing_reason === "subscription_create") subscription.default_payment_method = paymentMethod;
  }

  const invoiceIntent = (invoiceId: string) =>
    intents.get([...invoicePayments.values()].find((payment) => payment.invoice === invoiceId)!.paymentIntent)!;

  /**
   * The subscription as the API returns it: `latest_invoice` and `default_payment_method` ids unless expanded, the
   * invoice's confirmation secret only on request.
   */
  function subscriptionView(subscription: Subscription, expand: string[]) {
    const method = expand.includes("default_payment_method") && subscription.default_payment_method ? { default_payment_method: paymentMethodOf(subscription.default_payment_method) } : {};
    if (!expand.some((path) => path.startsWith("latest_invoice"))) return { ...subscription, ...method };
    const invoice = invoices.get(subscription.latest_invoice)!;
    const secret = expand.includes("latest_invoice.confirmation_secret")
      ? { confirmation_secret: { type: "payment_intent", client_secret: invoiceIntent(invoice.id).client_secret } }
      : {};
    return { ...subscription, ...method, latest_invoice: { ...invoice, ...secret } };
  }

  const isRunning = (subscription: Subscription | undefined) => subscription?.status === "active" || subscription?.status === "trialing";

  /** A subscription item at a new price, made from `price_data` on the subscription's product. */
  function itemOf(raw: Form): SubscriptionItem {
    const price = raw.price_data as Form;
    const recurring = price.recurring as Record<string, string>;
    return {
      id: newId("si"),
      object: "subscription_item" as const,
      quantity: Number(raw.quantity ?? 1),
      price: {
        id: newId("price"),
        object: "price" as const,
        currency: String(price.currency),
        product: String(price.product),
        unit_amount: Number(price.unit_amount),
        recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
      },
    };
  }

  /**
   * `items` on a subscription update: an `id` with `deleted` removes that item, `price_data` without an `id` adds one,
   * both replace its price. A changed interval restarts the billing cycle now and bills at once, as Stripe does,
   * unless a `trial_end` defers the new cycle to that date.
   */
  function updateItems(subscription: Subscription, form: Form): string | null {
    const behaviors = ["create_prorations", "none", "always_invoice"];
    if (form.proration_behavior !== undefined && !behaviors.includes(String(form.proration_behavior))) return "Invalid proration_behavior";
    const intervalOf = (item: SubscriptionItem) => `${item.price.recurring.interval_count} ${item.price.recurring.interval}`;
    const before = new Set(subscription.items.data.map(intervalOf));
    let data = [...subscription.items.data];
    for (const raw of list(form, "items") as Form[]) {
      const existing = raw.id === undefined ? undefined : data.find((item) => item.id === raw.id);
      if (raw.id !== undefined && !existing) return `No such subscription item: '${String(raw.id)}'`;
      if (raw.deleted === "true") data = data.filter((item) => item !== existing);
      else if (existing && raw.price_data) data = data.map((item) => (item === existing ? { ...itemOf(raw), id: existing.id } : item));
      else if (raw.price_data) data.push(itemOf(raw));
      else if (existing && raw.quantity !== undefined) existing.quantity = Number(raw.quantity);
    }
    if (data.length === 0) return "A subscription must keep at least one item";
    if (new Set(data.map(intervalOf)).size > 1) return "All prices on a subscription must have the same recurring interval";
    subscription.items = { ...subscription.items, data };
    if (form.trial_end !== undefined) {
      const trialEnd = Number(form.trial_end);
      if (!(trialEnd > Date.now() / 1000)) return "Invalid timestamp: must be an integer Unix timestamp in the future.";
      subscription.trial_end = trialEnd;
      subscription.status = "trialing";
    } else if (!data.every((item) => before.has(intervalOf(item)))) {
      chargeInvoice(createInvoice(subscription, "subscription_update", []));
    }
    return null;
  }

  /** The session as the API returns it: its page's address only while it is open. */
  const sessionView = ({ setupMetadata: _setupMetadata, ...session }: CheckoutSession) => ({ ...session, url: session.status === "open" ? session.url : null });

  let reachable = true;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (!reachable) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, idempotencyKey });
    // The SDK sends GET and DELETE parameters in the query string, the others in the body.
    const form = parseForm(method === "GET" || method === "DELETE" ? url.searchParams : new URLSearchParams(await bodyOf(request)));
    const expand = list(form, "expand") as string[];
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
      response.end(JSON.stringify(payload));
    };
    const notFound = () => send(404, { error: { type: "invalid_request_error", message: `No such resource: ${url.pathname}` } });
    const invalid = (message: string) => send(400, { error: { type: "invalid_request_error", message } });
    const listOf = (data: unknown[]) => send(200, { object: "list", data, has_more: false, url: url.pathname });
    /** A retried create: Stripe answers it with what the first call made, without checking it again. */
    const replayed = idempotencyKey !== null && byKey.has(idempotencyKey);
    /** A create call: the object made for this idempotency key before, or a new one remembered under it. */
    const created = <T>(make: () => T): T => {
      if (replayed) return byKey.get(idempotencyKey!) as T;
      const object = make();
      if (idempotencyKey) byKey.set(idempotencyKey, object);
      return object;
    };
    const parts = url.pathname.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    if (parts[0] !== "v1") return notFound();
    const [, resource, id, action] = parts;

    if (resource === "payment_intents") {
      if (!id && method === "POST") {
        return send(
          200,
          created(() => createIntent(Number(form.amount), String(form.currency ?? "usd"), bag(form.metadata), (form.receipt_email as string) ?? null)),
        );
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return notFound();
      if (method === "GET") return send(200, intent);
      if (action === "confirm") {
        const paymentMethod = String(form.payment_method ?? "pm_card_visa");
        if (DECLINED_METHODS.has(paymentMethod)) {
          intent.status = "requires_payment_method";
          intent.last_payment_error = { message: "Your card was declined." };
        } else {
          intent.status = "succeeded";
          intent.last_payment_error = null;
        }
        settleInvoiceOf(intent, paymentMethod);
        return send(200, intent);
      }
      if (action === "cancel") {
        if (intent.status === "succeeded" || intent.status === "processing" || intent.status === "canceled") {
          const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`;
          return send(400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message } });
        }
        intent.status = "canceled";
        return send(200, intent);
      }
      if (form.amount !== undefined) intent.amount = Number(form.amount);
      if (form.receipt_email !== undefined) intent.receipt_email = String(form.receipt_email);
      if (form.metadata) intent.metadata = { ...intent.metadata, ...bag(form.metadata) };
      return send(200, intent);
    }

    if (resource === "customers" && !id && method === "POST") {
      const customer = created(() => ({ id: newId("cus"), object: "customer", email: String(form.email), name: String(form.name) }));
      customers.set(customer.id, customer);
      return send(200, customer);
    }

    if (resource === "products" && !id && method === "POST") {
      return send(200, created(() => ({ id: newId("prod"), object: "product", name: String(form.name) })));
    }

    if (resource === "coupons" && !id && method === "POST") {
      const duration = String(form.duration ?? "once");
      // The shop's coupons take a fixed amount off; percentages and repeating coupons are not modelled.
      if (form.amount_off === undefined || (duration !== "once" && duration !== "forever")) {
        return invalid("The fake Stripe supports amount_off coupons lasting once or forever");
      }
      const coupon = created(() => {
        const made: Coupon = {
          id: randomBytes(4).toString("hex"),
          object: "coupon",
          name: (form.name as string | undefined) ?? null,
          amount_off: Number(form.amount_off),
          currency: String(form.currency),
          duration,
          max_redemptions: form.max_redemptions !== undefined ? Number(form.max_redemptions) : null,
          times_redeemed: 0,
        };
        coupons.set(made.id, made);
        return made;
      });
      return send(200, coupon);
    }

    if (resource === "subscriptions") {
      if (!id && method === "POST") {
        if (!customers.has(String(form.customer))) return notFound();
        const couponIds = list(form, "discounts").map((raw) => String((raw as Form).coupon));
        for (const couponId of replayed ? [] : couponIds) {
          const coupon = coupons.get(couponId);
          if (!coupon) return invalid(`No such coupon: '${couponId}'`);
          if (coupon.currency !== "usd") return invalid(`Coupon ${couponId} is in ${coupon.currency}, not the subscription's usd`);
          if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
            return invalid(`Coupon ${couponId} has been redeemed its maximum number of times`);
          }
        }
        const subscription = created(() => {
          const made: Subscription = {
            id: newId("sub"),
            object: "subscription",
            customer: String(form.customer),
            status: "incomplete",
            default_payment_method: null,
            trial_end: null,
            items: {
              object: "list",
              has_more: false,
              data: list(form, "items").map((raw) => itemOf(raw as Form)),
            },
            discounts: couponIds.map((couponId) => {
              const coupon = coupons.get(couponId)!;
              coupon.times_redeemed += 1;
              const discount: Discount = { id: newId("di"), object: "discount", coupon };
              discounts.set(discount.id, discount);
              return discount.id;
            }),
            latest_invoice: "",
            metadata: bag(form.metadata),
          };
          subscriptions.set(made.id, made);
          const oneTime = list(form, "add_invoice_items").map((raw) => {
            const item = raw as Form;
            return Number((item.price_data as Form).unit_amount) * Number(item.quantity ?? 1);
          });
          createInvoice(made, "subscription_create", oneTime);
          return made;
        });
        return send(200, subscriptionView(subscription, expand));
      }
      const subscription = id ? subscriptions.get(id) : undefined;
      if (!subscription) return notFound();
      if (method === "GET") return send(200, subscriptionView(subscription, expand));
      if (method === "DELETE") {
        subscription.status = "canceled";
        return send(200, subscription);
      }
      if (method === "POST") {
        // A retried update is answered as the first was, without being made again.
        if (replayed) return send(200, subscriptionView(byKey.get(idempotencyKey!) as Subscription, expand));
        if (form.default_payment_method !== undefined) {
          const paymentMethod = paymentMethodOf(String(form.default_payment_method));
          if (!paymentMethod) return invalid(`No such PaymentMethod: '${String(form.default_payment_method)}'`);
          if (paymentMethod.customer !== subscription.customer) {
            return invalid(`The customer does not have a payment method with the ID ${paymentMethod.id}. The payment method must be attached to the customer.`);
          }
          subscription.default_payment_method = paymentMethod.id;
        }
        if (form.items !== undefined) {
          const refused = updateItems(subscription, form);
          if (refused) return invalid(refused);
        }
        if (form.pause_collection !== undefined) {
          // An empty value clears the pause, as Stripe reads it.
          if (form.pause_collection === "") pauses.delete(subscription.id);
          else pauses.set(subscription.id, form.pause_collection as { behavior: string; resumes_at?: string });
        }
        if (idempotencyKey) byKey.set(idempotencyKey, subscription);
        return send(200, subscriptionView(subscription, expand));
      }
      return notFound();
    }

    if (resource === "checkout" && id === "sessions") {
      const sessionId = action;
      if (!sessionId && method === "POST") {
        if (form.mode !== "setup") return invalid("The fake Stripe supports Checkout Sessions in setup mode only");
        if (form.currency === undefined && form.payment_method_types === undefined) {
          return invalid("currency is required in setup mode when payment_method_types is not set.");
        }
        if (form.success_url === undefined) return invalid("Missing required param: success_url.");
        if (form.customer !== undefined && !customers.has(String(form.customer))) return invalid(`No such customer: '${String(form.customer)}'`);
        const session = created(() => {
          const made: CheckoutSession = {
            id: `cs_test_${randomBytes(16).toString("hex")}`,
            object: "checkout.session",
            mode: "setup",
            status: "open",
            currency: String(form.currency ?? "usd"),
            customer: (form.customer as string | undefined) ?? null,
            setup_intent: null,
            metadata: bag(form.metadata),
            success_url: String(form.success_url),
            cancel_url: (form.cancel_url as string | undefined) ?? null,
            url: "",
            setupMetadata: bag(bag(form.setup_intent_data as Form).metadata as FormValue),
          };
          made.url = `http://${request.headers.host}/c/pay/${made.id}`;
          checkoutSessions.set(made.id, made);
          return made;
        });
        return send(200, sessionView(session));
      }
      const session = sessionId ? checkoutSessions.get(sessionId) : undefined;
      if (!session) return notFound();
      if (method === "GET") return send(200, sessionView(session));
      return notFound();
    }

    if (resource === "setup_intents" && id && method === "GET") {
      const setup = setupIntents.get(id);
      if (!setup) return notFound();
      return send(200, expand.includes("payment_method") ? { ...setup, payment_method: paymentMethodOf(setup.payment_method) } : setup);
    }

    if (resource === "payment_methods" && id && method === "GET") {
      const paymentMethod = paymentMethodOf(id);
      return paymentMethod ? send(200, paymentMethod) : notFound();
    }

    if (resource === "invoices" && id && action === "pay" && method === "POST") {
      const invoice = invoices.get(id);
      if (!invoice) return notFound();
      if (!replayed) {
        if (invoice.status === "paid") return invalid("Invoice is already paid");
        if (invoice.status !== "open") return invalid(`You can only pay an open invoice; this one is ${invoice.status}.`);
      }
      const paid = created(() => chargeInvoice(invoice));
      if (paid.status !== "paid") {
        return send(402, { error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } });
      }
      return send(200, paid);
    }

    if (resource === "invoiceitems" && !id && method === "POST") {
      const invoice = invoices.get(String(form.invoice));
      if (!invoice) return notFound();
      if (invoice.status !== "draft") return invalid("You can only add invoice items to draft invoices.");
      const line = created(() => {
        const made: InvoiceLine = { id: newId("il"), object: "line_item", amount: Number(form.amount), quantity: 1, parent: { type: "invoice_item_details" } };
        invoice.lines.data.push(made);
        invoice.amount_due += made.amount;
        return made;
      });
      return send(200, { id: line.id, object: "invoiceitem", amount: line.amount, invoice: invoice.id, description: form.description ?? null });
    }

    if (resource === "invoices" && id && method === "GET") {
      const invoice = invoices.get(id);
      return invoice ? send(200, invoice) : notFound();
    }

    if (resource === "invoices" && !id && method === "GET") {
      const subscription = String(form.subscription ?? "");
      // Newest first, as Stripe lists them.
      return listOf([...invoices.values()].filter((invoice) => invoice.parent.subscription_details.subscription === subscription).reverse());
    }

    if (resource === "invoice_payments" && !id && method === "GET") {
      const expanded = expand.includes("data.payment.payment_intent");
      return listOf(
        [...invoicePayments.values()]
          .filter((payment) => payment.invoice === String(form.invoice))
          .map(({ paymentIntent, ...payment }) => ({
            ...payment,
            payment: { type: "payment_intent", payment_intent: expanded ? intents.get(paymentIntent) : paymentIntent },
          })),
      );
    }

    if (resource === "refunds" && method === "POST") {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return notFound();
      if (intent.status !== "succeeded") {
        return send(400, { error: { type: "invalid_request_error", message: `PaymentIntent ${intent.id} has not succeeded` } });
      }
      const refund = created(() => {
        const amount = form.amount !== undefined ? Number(form.amount) : intent.amount;
        const made: Refund = { id: newId("re"), object: "refund", status: "succeeded", payment_intent: intent.id, amount };
        refunds.set(made.id, made);
        return made;
      });
      return send(200, refund);
    }
    return notFound();
  };
  // A fault of the fake's fails the one call that met it, as Stripe's own 500 would, not the test process.
  const server: Server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    customers,
    coupons,
    subscriptions,
    invoices,
    refunds,
    checkoutSessions,
    invoiceIntent,
    requests,
    renewSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || !isRunning(subscription)) throw new Error(`Subscription ${subscriptionId} is not active`);
      return chargeInvoice(createInvoice(subscription, "subscription_cycle", []));
    },
    draftRenewal(subscriptionId, created) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || !isRunning(subscription)) throw new Error(`Subscription ${subscriptionId} is not active`);
      // The trial that deferred a new plan ends with this cycle.
      subscription.status = "active";
      subscription.trial_end = null;
      return createInvoice(subscription, "subscription_cycle", [], { draft: true, created });
    },
    pauseCollectionOf: (subscriptionId) => pauses.get(subscriptionId) ?? null,
    chargeDraft(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice || invoice.status !== "draft") throw new Error(`Invoice ${invoiceId} is not a draft`);
      return chargeInvoice(finalize(invoice));
    },
    completeSetup(sessionId, paymentMethod = "pm_card_visa") {
      const session = checkoutSessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`Checkout Session ${sessionId} is not open`);
      const card = TEST_METHODS[paymentMethod];
      if (!card) throw new Error(`No such test payment method: ${paymentMethod}`);
      if (SETUP_DECLINED_METHODS.has(paymentMethod)) throw new Error("Your card was declined.");
      const method: PaymentMethod = { id: newId("pm"), object: "payment_method", type: "card", customer: session.customer, card: { ...card, exp_month: 12, exp_year: 2034 } };
      paymentMethods.set(method.id, method);
      testMethodOf.set(method.id, paymentMethod);
      const setup: SetupIntent = {
        id: newId("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer: session.customer,
        payment_method: method.id,
        usage: "off_session",
        metadata: session.setupMetadata,
      };
      setupIntents.set(setup.id, setup);
      session.setup_intent = setup.id;
      session.status = "complete";
      return sessionView(session) as CheckoutSession;
    },
    signedEvent(type, object, options = {}) {
      const body = JSON.stringify({
        id: options.id ?? `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret, timestamp: options.timestamp });
      return { body, headers: { "stripe-signature": header, "content-type": "application/json" } };
    },
    setReachable(value) {
      reachable = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
