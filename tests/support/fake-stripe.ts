/**
 * A local stand-in for api.stripe.com, enough for the shop's two payment paths. PaymentIntents: create (honouring
 * idempotency keys), update, retrieve, confirm with a test payment method, refunds. Subscriptions: customers and
 * products, amount-off coupons applied through a subscription's `discounts`, a subscription whose first invoice is
 * paid through its own PaymentIntent (the invoice's confirmation secret), retrieve, cancel, the invoices and invoice
 * payments that lead from a subscription back to what was paid, and `renewSubscription` for a billing cycle Stripe
 * has charged. `signedEvent` builds a webhook body and a `Stripe-Signature` header with the SDK's own
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
  status: "open" | "paid";
  billing_reason: "subscription_create" | "subscription_cycle";
  /** The lines' amounts less the discounts, as Stripe charges them. */
  amount_due: number;
  amount_paid: number;
  total_discount_amounts: { amount: number; discount: string }[];
  lines: { object: "list"; data: InvoiceLine[]; has_more: false };
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
};

type Subscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: "incomplete" | "active" | "canceled";
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
  /** The PaymentIntent that pays each invoice. */
  invoiceIntent(invoiceId: string): Intent;
  /** Every request, in order: method, path and the idempotency key sent. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Stripe charging the next billing cycle: a paid `subscription_cycle` invoice for the recurring items. */
  renewSubscription(subscriptionId: string): Invoice;
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
  function createInvoice(subscription: Subscription, reason: Invoice["billing_reason"], oneTimeAmounts: number[]): Invoice {
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
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const discounted = applyDiscounts(subscription, amount);
    const invoice: Invoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      currency: "usd",
      status: "open",
      billing_reason: reason,
      amount_due: amount - discounted.reduce((sum, discount) => sum + discount.amount, 0),
      amount_paid: 0,
      total_discount_amounts: discounted,
      lines: { object: "list", data: lines, has_more: false },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
    invoices.set(invoice.id, invoice);
    const intent = createIntent(invoice.amount_due, "usd", {}, null);
    const payment: InvoicePayment = { id: newId("inpay"), object: "invoice_payment", invoice: invoice.id, status: "open", paymentIntent: intent.id };
    invoicePayments.set(payment.id, payment);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** Once the invoice's PaymentIntent succeeds the invoice is paid and its subscription active, as with Stripe. */
  function settleInvoiceOf(intent: Intent) {
    const payment = [...invoicePayments.values()].find((candidate) => candidate.paymentIntent === intent.id);
    if (!payment || intent.status !== "succeeded") return;
    const invoice = invoices.get(payment.invoice)!;
    payment.status = "paid";
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    subscriptions.get(invoice.parent.subscription_details.subscription)!.status = "active";
  }

  const invoiceIntent = (invoiceId: string) =>
    intents.get([...invoicePayments.values()].find((payment) => payment.invoice === invoiceId)!.paymentIntent)!;

  /** The subscription as the API returns it: `latest_invoice` an id unless expanded, its confirmation secret only on request. */
  function subscriptionView(subscription: Subscription, expand: string[]) {
    if (!expand.some((path) => path.startsWith("latest_invoice"))) return subscription;
    const invoice = invoices.get(subscription.latest_invoice)!;
    const secret = expand.includes("latest_invoice.confirmation_secret")
      ? { confirmation_secret: { type: "payment_intent", client_secret: invoiceIntent(invoice.id).client_secret } }
      : {};
    return { ...subscription, latest_invoice: { ...invoice, ...secret } };
  }

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
        settleInvoiceOf(intent);
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
            items: {
              object: "list",
              has_more: false,
              data: list(form, "items").map((raw) => {
                const item = raw as Form;
                const price = item.price_data as Form;
                const recurring = price.recurring as Record<string, string>;
                return {
                  id: newId("si"),
                  object: "subscription_item" as const,
                  quantity: Number(item.quantity ?? 1),
                  price: {
                    id: newId("price"),
                    object: "price" as const,
                    currency: String(price.currency),
                    product: String(price.product),
                    unit_amount: Number(price.unit_amount),
                    recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
                  },
                };
              }),
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
      return notFound();
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
    invoiceIntent,
    requests,
    renewSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || subscription.status !== "active") throw new Error(`Subscription ${subscriptionId} is not active`);
      const invoice = createInvoice(subscription, "subscription_cycle", []);
      const intent = invoiceIntent(invoice.id);
      intent.status = "succeeded";
      settleInvoiceOf(intent);
      return invoice;
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
