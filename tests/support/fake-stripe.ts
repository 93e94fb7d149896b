/**
 * A local stand-in for api.stripe.com, enough for the shop's PaymentIntents path: create (honouring idempotency
 * keys), update, retrieve, confirm with a test payment method, refunds. `signedEvent` builds a webhook body and a
 * `Stripe-Signature` header with the SDK's own `generateTestHeaderString`, as Stripe would sign it.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
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

export type FakeStripe = {
  url: string;
  intents: Map<string, Intent>;
  /** Every request, in order: method, path and the idempotency key sent. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  signedEvent(type: string, object: unknown, options?: { id?: string; timestamp?: number }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

/** Stripe's form encoding (`metadata[order_key]=x`) back into an object, one level deep as the shop sends it. */
function parseForm(text: string): Record<string, string | Record<string, string>> {
  const result: Record<string, string | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) {
      const bag = (result[nested[1]] ??= {}) as Record<string, string>;
      bag[nested[2]] = value;
    } else {
      result[key] = value;
    }
  }
  return result;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const DECLINED_METHODS = new Set(["pm_card_chargeDeclined", "pm_card_visa_chargeDeclined"]);

export async function startFakeStripe(webhookSecret: string): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();
  const requests: FakeStripe["requests"] = [];
  const stripe = new Stripe("sk_test_fake");

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method: request.method ?? "GET", path: url.pathname, idempotencyKey });
    const form = parseForm(await bodyOf(request));
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
      response.end(JSON.stringify(payload));
    };
    const notFound = () => send(404, { error: { type: "invalid_request_error", message: `No such resource: ${url.pathname}` } });
    const parts = url.pathname.split("/").filter(Boolean); // ["v1", "payment_intents", id?, action?]
    if (parts[0] !== "v1") return notFound();

    if (parts[1] === "payment_intents") {
      const id = parts[2];
      if (!id && request.method === "POST") {
        if (idempotencyKey && byKey.has(idempotencyKey)) return send(200, intents.get(byKey.get(idempotencyKey)!));
        const newId = `pi_${randomBytes(12).toString("hex")}`;
        const intent: Intent = {
          id: newId,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: String(form.currency ?? "usd"),
          status: "requires_payment_method",
          client_secret: `${newId}_secret_${randomBytes(8).toString("hex")}`,
          metadata: (form.metadata as Record<string, string>) ?? {},
          receipt_email: (form.receipt_email as string) ?? null,
          last_payment_error: null,
        };
        intents.set(newId, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, newId);
        return send(200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return notFound();
      if (request.method === "GET") return send(200, intent);
      if (parts[3] === "confirm") {
        const method = String(form.payment_method ?? "pm_card_visa");
        if (DECLINED_METHODS.has(method)) {
          intent.status = "requires_payment_method";
          intent.last_payment_error = { message: "Your card was declined." };
        } else {
          intent.status = "succeeded";
          intent.last_payment_error = null;
        }
        return send(200, intent);
      }
      if (form.amount !== undefined) intent.amount = Number(form.amount);
      if (form.receipt_email !== undefined) intent.receipt_email = String(form.receipt_email);
      if (form.metadata) intent.metadata = { ...intent.metadata, ...(form.metadata as Record<string, string>) };
      return send(200, intent);
    }

    if (parts[1] === "refunds" && request.method === "POST") {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return notFound();
      return send(200, { id: `re_${randomBytes(8).toString("hex")}`, object: "refund", status: "succeeded", payment_intent: intent.id, amount: intent.amount });
    }
    return notFound();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
