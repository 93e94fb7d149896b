/**
 * Real answers against the schemas their operations declare: every operation of the OpenAPI document is called with
 * valid input on the seeded shop, and the body it answers is parsed with the response schema its definition declares
 * for the status it answered. An operation nobody calls here fails the last test, so a new one is checked too.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import {
  ADDRESS,
  asBrowserOf,
  checkoutDetails,
  orderRow,
  owingOrder,
  paidOrder,
  payWithCard,
  SKU,
  startCheckout,
  submitOrder,
  subscribedBy,
} from "../../tests/support/checkout";
import type { productAnswerSchema } from "../../core/schemas/admin-catalogue";
import type { ImportAnswer } from "../../core/schemas/admin-imports";
import type { bundleAnswerSchema, collectionAnswerSchema } from "../../core/schemas/admin-merchandising";
import type { productPicturesSchema } from "../../core/schemas/admin-pictures";
import type { BundleResponse } from "../../core/schemas/catalog";
import { REPORTS } from "../../core/reports";
import { createCustomer } from "../accounts/customers";
import { addSubscriber } from "../newsletter/subscribers";
import { discounts, mailOutbox, orderLines, orders, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import { SIMULATED_SIGNATURE_HEADER, type SimulatedPaymentProvider } from "../payments/simulated";
import { issueReviewRequest } from "../reviews/review-tokens";
import { commandLineActor } from "../audit/audit";
import { ensureSetupLink } from "../staff/setup-link";
import { createApiToken } from "../staff/tokens";
import { apiRoutes } from ".";
import { documentedOperations } from "./openapi";

type Body = Record<string, never>;
type Declared = { content?: Record<string, { schema: z.ZodType }> };
type ProductAnswer = z.infer<typeof productAnswerSchema>;
type ProductPictures = z.infer<typeof productPicturesSchema>;
type BundleAnswer = z.infer<typeof bundleAnswerSchema>;
type CollectionAnswer = z.infer<typeof collectionAnswerSchema>;

const operations = documentedOperations(apiRoutes());
const checked = new Set<string>();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

/** Calls a documented operation (`path` as the document names it) and parses its answer with the declared schema. */
async function call(
  method: "get" | "post" | "put" | "patch" | "delete",
  path: string,
  request: { url?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const operation = operations.find((candidate) => candidate.method === method && candidate.path === path);
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const url = request.url ?? path;
  // A picture upload goes as the multipart form it is, its boundary set by the request; t.call would make it JSON.
  const response =
    request.body instanceof FormData
      ? await t.app.request(`http://localhost${url}`, { method: method.toUpperCase(), body: request.body, headers: request.headers })
      : await t.call(method.toUpperCase(), url, request.body, request.headers);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  const declared = operation!.responses[response.status] as Declared | undefined;
  expect(declared, `${method} ${path} declares its ${response.status}`).toBeDefined();
  // A download (orders.csv, an invoice's PDF) declares its media type and a string: there is no JSON to parse, only the type to match.
  const download = ["text/csv", "application/pdf"].find((type) => declared!.content?.[type]);
  if (download) {
    expect(response.headers.get("content-type"), `${method} ${path}`).toMatch(new RegExp(`^${download}`));
    checked.add(`${method} ${path}`);
    return { response, body: {} as Body };
  }
  const schema = declared!.content?.["application/json"]?.schema;
  if (!schema) {
    expect(text).toBe("");
    checked.add(`${method} ${path}`);
    return { response, body: {} as Body };
  }
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.error?.issues ?? [], `${method} ${path} ${response.status}: ${text.slice(0, 400)}`).toEqual([]);
  checked.add(`${method} ${path}`);
  return { response, body: JSON.parse(text) as Body };
}

const cookieOf = (response: Response) => response.headers.getSetCookie()[0].split(";")[0];
const store = DEMO.storeId;

describe("every documented operation answers what it declares", () => {
  it("the document and the page data", async () => {
    await call("get", "/api/openapi.json");
    await call("get", "/data/{pagename}.json", { url: "/data/about.json" });
  });

  it("search and catalogue", async () => {
    const { body: found } = await call("post", "/api/search/keyword-search", { body: { store_id: store, query: "coffee" } });
    expect(found.formattedProductData).not.toEqual([]);
    await call("get", "/api/search/collection", { url: `/api/search/collection?store_id=${store}&collection_name=coffee` });
    await call("post", "/api/search/by_handles", { body: { store_id: store, handles: [DEMO.productHandles.ethiopia] } });
  });

  it("cart, bundles and discounts", async () => {
    const { body: detail } = await call("get", "/api/bundles/{handle}", {
      url: `/api/bundles/${DEMO.bundleHandles.pourOverKit}?store_id=${store}`,
    });
    const { bundle, handle_options: options } = (detail as unknown as BundleResponse).data.data;

    await call("get", "/api/cart-items");
    const saved = await call("post", "/api/cart-items", {
      body: {
        cartItems: [
          { sku: SKU, quantity: 1, subscription: { subscription_id: DEMO.subscriptions.houseBlend.everyTwoWeeks } },
          { kind: "bundle", bundle_id: bundle.bundle_id, quantity: 1, selected_variants: Object.fromEntries(options.map((o) => [o.id, o.bundle_variations[0].sku])) },
        ],
      },
    });
    const cookie = cookieOf(saved.response);
    const { body: cart } = await call("get", "/api/cart-items", { headers: { cookie } });
    expect((cart.cartItems as { kind: string }[]).map((item) => item.kind)).toEqual(["product", "bundle"]);

    await t.deps.db.insert(discounts).values({ storeId: store, code: "SCHEMA10", percentage: 10, maxRedemptions: 100 });
    await call("get", "/api/discount/{code}", { url: "/api/discount/SCHEMA10" });
  });

  it("content and newsletter", async () => {
    await call("post", "/api/customer_service/process_customer_service_request", {
      body: { customer_service_data: { customer_name: "Ada", customer_email: "ada@example.com", message: "Hello" }, store_id: store },
    });
    await call("post", "/api/customer_service/add_customer_to_newsletter", { body: { email: "letters@example.com", store_id: store } });
    await call("get", "/api/discount/popupDiscount", { url: `/api/discount/popupDiscount?store_id=${store}` });
    await call("post", "/api/discount/sendWelcomeEmail", { body: { customer_email: "welcome@example.com", store_id: store } });
  });

  it("accounts", async () => {
    const account = { email: "schema@example.com", password: "a long enough passphrase", store_id: store };
    await call("post", "/api/auth/signup", { body: { ...account, first_name: "Sche", last_name: "Ma" } });
    const { response } = await call("post", "/api/auth/login", { body: account });
    const cookie = cookieOf(response);
    const { body: status } = await call("get", "/api/auth/status", { url: `/api/auth/status?store_id=${store}`, headers: { cookie } });
    expect(status.isLoggedIn).toBe(true);
    await call("post", "/api/auth/logout", { headers: { cookie } });
    await call("post", "/api/auth/forgot-password", { body: { email: account.email, store_id: store } });
    const token = await vi.waitFor(async () => {
      const [mail] = await t.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, account.email), eq(mailOutbox.kind, "password-reset")))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    });
    await call("post", "/api/auth/reset-password", { body: { token, password: "another long passphrase", store_id: store } });
  });

  it("one-time checkout, payment and the provider's events", async () => {
    const { sessionId, cookie } = await startCheckout(t, 2);
    // startCheckout made the session through the same operation; it is checked here as a client would call it.
    await call("post", "/api/stripe/create_checkout_session", {
      body: { checkout_items: [{ quantity: 2, sku: SKU }], store_id: store, cost_of_checkout: 3200 },
      headers: { cookie },
    });
    const headers = asBrowserOf(sessionId);
    const { body: session } = await call("get", "/api/stripe/checkout-session", {
      url: `/api/stripe/checkout-session?sessionId=${sessionId}&store_id=${store}`,
      headers,
    });
    await call("get", "/api/stripe/client_secret", { url: `/api/stripe/client_secret?session_id=${sessionId}`, headers });
    const email = "shopper@example.com";
    await call("post", "/api/stripe/get_shipping_options", { body: { address: ADDRESS, store_id: store, email }, headers });
    await call("post", "/api/stripe/preview_tax", { body: checkoutDetails(sessionId), headers });
    const paymentId = (session.session_data as { client_secret: string }).client_secret.split("_secret_")[0];
    const tax = { payment_intent_id: paymentId, store_id: store, address: ADDRESS, email, shipping_id: "standard" };
    await call("post", "/api/stripe/calculate_tax", { body: tax, headers });
    await call("post", "/api/stripe/calculate_tax_final", { body: tax, headers });
    const { body: submitted } = await call("post", "/api/stripe/submit_order", { body: checkoutDetails(sessionId), headers });
    await call("post", "/api/stripe/simulated/confirm", {
      body: { client_secret: submitted.client_secret, card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" } },
    });
    const simulated = t.deps.payments as SimulatedPaymentProvider;
    await simulated.drain();
    const event = JSON.stringify({ id: "evt_schema", type: "payment.failed", paymentId: "pi_unknown", amountCents: 1, failureMessage: "x" });
    await call("post", "/api/stripe/webhook", { body: event, headers: { [SIMULATED_SIGNATURE_HEADER]: simulated.sign(event) } });
  });

  it("subscription checkout", async () => {
    const { everyTwoWeeks } = DEMO.subscriptions.houseBlend;
    const saved = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "product", sku: SKU, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }],
    });
    const payload = {
      address: ADDRESS,
      shipping_option: "standard",
      email: "sub@example.com",
      store_id: store,
      fullName: "Sue Scriber",
      checkout_items: [{ quantity: 2, sku: SKU, subscription: everyTwoWeeks }],
      idempotency_key: "schema-attempt",
    };
    const headers = { cookie: cookieOf(saved) };
    await call("post", "/api/stripe/preview_tax_and_shipping", { body: payload, headers });
    await call("post", "/api/stripe/confirm_subscription", { body: payload, headers });
  });

  it("verified reviews", async () => {
    const { sessionId } = await startCheckout(t, 2);
    const { body: order } = await submitOrder(t, sessionId);
    await payWithCard(t, order.client_secret);
    const request = await issueReviewRequest(t.deps, store, order.order_id);
    const token = request!.token;
    const { body: reviewer } = await call("post", "/api/reviews/reviewer_order", { body: { review_token: token, current_store_id: store } });
    const details = reviewer.orderDetails as { order_id: number; product_details: { handle: string }[] };
    await call("post", "/api/reviews/submit", {
      body: {
        store_id: store,
        order_id: details.order_id,
        title: "Lovely",
        rating: 5,
        description: "Would buy again.",
        token,
        product_handle: details.product_details[0].handle,
      },
    });
  });

  it("analytics", async () => {
    const first = await call("post", "/api/metrics/initialize", { headers: { store_id: store } });
    expect(first.response.status).toBe(201);
    const cookie = cookieOf(first.response);
    const again = await call("post", "/api/metrics/initialize", { headers: { store_id: store, cookie } });
    expect(again.response.status).toBe(200);
    await call("post", "/api/metrics/collect-data", { body: {}, headers: { cookie } });
    const now = new Date().toISOString();
    await call("post", "/api/metrics/update-session-data", {
      url: `/api/metrics/update-session-data?load=${again.body!.load}`,
      body: {
        cartData: { cartEvents: [], cartStatus: "empty", sessionDuration: 1000, timestamp: now },
        productPageViews: {},
        viewedPages: [{ page: "/", queryData: {} }],
        totalViewTime: 1000,
        searchHistory: [],
        pageSpeed: { page: "/", lcp: 1200, inp: 80, cls: 0.01, ttfb: 150 },
      },
      headers: { cookie },
    });
  });

  it("the admin API", async () => {
    const setupToken = new URL((await ensureSetupLink(t.deps))!).searchParams.get("token")!;
    const owner = { email: "owner@example.com", password: "correct horse battery staple" };
    const setup = await call("post", "/api/admin/setup", { body: { token: setupToken, name: "Owner", ...owner } });
    expect(setup.response.status).toBe(201);
    const login = await call("post", "/api/admin/auth/login", { body: owner, headers: { cookie: cookieOf(setup.response) } });
    const headers = { cookie: cookieOf(login.response) };
    await call("get", "/api/admin/auth/me", { headers });

    const { body: added } = await call("post", "/api/admin/staff", {
      body: { email: "packer@example.com", name: "Packer", password: owner.password, role: "fulfilment" },
      headers,
    });
    const staffUrl = `/api/admin/staff/${(added.staff as unknown as { id: number }).id}`;
    await call("get", "/api/admin/staff", { headers });
    await call("patch", "/api/admin/staff/{id}", { url: staffUrl, body: { role: "manager" }, headers });
    await call("post", "/api/admin/staff/{id}/password-reset", { url: `${staffUrl}/password-reset`, headers });
    await call("post", "/api/admin/auth/forgot-password", { body: { email: "packer@example.com" } });
    const [resetMail] = await t.deps.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "packer@example.com"), eq(mailOutbox.kind, "staff-password-reset")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail.text)![1];
    await call("post", "/api/admin/auth/reset-password", { body: { token: resetToken, password: "a brand new passphrase" } });
    await call("delete", "/api/admin/staff/{id}", { url: staffUrl, headers });
    await call("get", "/api/admin/staff-policy", { headers });
    await call("post", "/api/admin/staff-policy", { body: { totp_required: false }, headers });

    const { body: made } = await call("post", "/api/admin/tokens", { body: { name: "Script", role: "manager" }, headers });
    await call("get", "/api/admin/tokens", { headers });
    await call("delete", "/api/admin/tokens/{id}", { url: `/api/admin/tokens/${(made.api_token as unknown as { id: number }).id}`, headers });
    const { body: audit } = await call("get", "/api/admin/audit", { url: "/api/admin/audit?entity=staff", headers });
    expect(audit.events).not.toEqual([]);

    const { body: enrolment } = await call("post", "/api/admin/auth/totp/enrol", { headers });
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment.secret as unknown as string) });
    const { body: on } = await call("post", "/api/admin/auth/totp/confirm", { body: { code: totp.generate() }, headers });
    const [backupCode] = on.backup_codes as unknown as string[];
    await call("post", "/api/admin/auth/backup-codes", { body: { code: backupCode }, headers });
    await call("post", "/api/admin/auth/totp/disable", { body: { code: totp.generate({ timestamp: Date.now() + 30_000 }) }, headers });
    const changed = await call("post", "/api/admin/auth/password", { body: { current_password: owner.password, password: "a brand new passphrase" }, headers });
    expect(changed.response.status).toBe(200);
    await call("post", "/api/admin/auth/logout", { headers });
  });

  it("draft orders", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Phone", role: "fulfilment" });
    const headers = { authorization: `Bearer ${secret}` };
    const draft = {
      email: "phone@example.com",
      customer_name: "Pat Phone",
      shipping_address: ADDRESS,
      shipping_option: "standard",
      lines: [{ sku: "SENCHA-50G", quantity: 2, unit_price_cents: 1200 }],
      discount: { kind: "percent", percent: 5 },
    };
    const { body: made } = await call("post", "/api/admin/drafts", { body: draft, headers });
    const id = (made.draft as unknown as { id: number }).id;
    const { body: other } = await call("post", "/api/admin/drafts", { body: { ...draft, email: "deleted@example.com" }, headers });
    const at = (draftId: number, action = "") => ({ url: `/api/admin/drafts/${draftId}${action}`, headers });
    await call("get", "/api/admin/drafts", { headers });
    await call("get", "/api/admin/drafts/{id}", at(id));
    await call("patch", "/api/admin/drafts/{id}", { ...at(id), body: { shipping_cents_override: 0 } });
    await call("post", "/api/admin/drafts/{id}/send-invoice", at(id, "/send-invoice"));
    await call("post", "/api/admin/drafts/{id}/mark-paid", { ...at(id, "/mark-paid"), body: { paid_with: "cash", note: "At the counter" } });
    await call("delete", "/api/admin/drafts/{id}", at((other.draft as unknown as { id: number }).id));
  });

  it("the orders desk and customers", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Desk", role: "fulfilment" });
    const headers = { authorization: `Bearer ${secret}` };
    const customer = (await createCustomer(t.deps.db, store, {
      email: "desk@example.com",
      password: "a long enough passphrase",
      firstName: "Dee",
      lastName: "Esk",
    }))!;
    const shipped = await orderRow(t, (await paidOrder(t)).order_id);
    await t.deps.db.update(orders).set({ customerId: customer.id }).where(eq(orders.id, shipped.id));
    const cancelled = await orderRow(t, (await paidOrder(t)).order_id);
    const orderUrl = (order: typeof shipped, action = "") => ({ url: `/api/admin/orders/${order.number}${action}`, headers });

    const { body: page } = await call("get", "/api/admin/orders", { url: "/api/admin/orders?status=paid", headers });
    expect(page.orders).not.toEqual([]);
    await call("get", "/api/admin/orders.csv", { url: "/api/admin/orders.csv?status=paid", headers });
    await call("get", "/api/admin/order-lines.csv", { url: "/api/admin/order-lines.csv?status=paid", headers });
    await call("get", "/api/admin/orders/{number}", orderUrl(shipped));
    await call("post", "/api/admin/orders/{number}/fulfil", { ...orderUrl(shipped, "/fulfil"), body: { carrier: "UPS", tracking_number: "1Z999" } });
    await call("post", "/api/admin/orders/{number}/refund", { ...orderUrl(shipped, "/refund"), body: { amount_cents: 100 } });
    await call("post", "/api/admin/orders/{number}/notes", { ...orderUrl(shipped, "/notes"), body: { text: "Left at the door" } });
    await call("post", "/api/admin/orders/{number}/resend-confirmation", orderUrl(shipped, "/resend-confirmation"));
    await call("get", "/api/admin/orders/{number}/invoice.pdf", orderUrl(shipped, "/invoice.pdf"));
    await call("post", "/api/admin/orders/{number}/cancel", orderUrl(cancelled, "/cancel"));
    const edited = await orderRow(t, (await paidOrder(t)).order_id);
    const [line] = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, edited.id));
    const change = { lines: [{ line_id: line.id, quantity: 3 }] };
    const { body: preview } = await call("post", "/api/admin/orders/{number}/edit/preview", { ...orderUrl(edited, "/edit/preview"), body: change });
    const expected = (preview.totals as { total_cents: number }).total_cents;
    await call("post", "/api/admin/orders/{number}/edit", { ...orderUrl(edited, "/edit"), body: { ...change, expected_total_cents: expected } });
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    const owing = await orderRow(t, (await paidOrder(t)).order_id);
    await owingOrder(t, owing, 300);
    await call("post", "/api/admin/orders/{number}/payment-link/resend", orderUrl(owing, "/payment-link/resend"));
    await call("post", "/api/admin/orders/{number}/payment-link/mark-paid", { ...orderUrl(owing, "/payment-link/mark-paid"), body: { paid_with: "cash" } });

    const { body: customers } = await call("get", "/api/admin/customers", { url: "/api/admin/customers?q=desk", headers });
    expect(customers.customers).toHaveLength(1);
    const { body: detail } = await call("get", "/api/admin/customers/{id}", { url: `/api/admin/customers/${customer.id}`, headers });
    expect((detail.customer as unknown as { orders: unknown[] }).orders).toHaveLength(1);
    await call("put", "/api/admin/customers/{id}/profile", { url: `/api/admin/customers/${customer.id}/profile`, body: { notes: "Regular", tags: ["cafe"] }, headers });
    await call("get", "/api/admin/customers.csv", { url: "/api/admin/customers.csv?q=cafe", headers });
  });

  it("returns and exchanges", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Returns desk", role: "fulfilment" });
    const headers = { authorization: `Bearer ${secret}` };
    const order = await orderRow(t, (await paidOrder(t)).order_id);
    await call("post", "/api/admin/orders/{number}/fulfil", { url: `/api/admin/orders/${order.number}/fulfil`, body: {}, headers });
    const orderReturns = `/api/admin/orders/${order.number}/returns`;
    const { body: before } = await call("get", "/api/admin/orders/{number}/returns", { url: orderReturns, headers });
    const lineId = (before.returnable as unknown as { order_line_id: number }[])[0].order_line_id;
    const ask = async () =>
      (await call("post", "/api/admin/orders/{number}/returns", { url: orderReturns, body: { lines: [{ order_line_id: lineId, quantity: 1 }], reason: "damaged" }, headers }))
        .body.return as unknown as { id: number; lines: { id: number }[] };
    const first = await ask();
    const second = await ask();
    const on = (ret: { id: number }, action = "") => ({ url: `/api/admin/returns/${ret.id}${action}`, headers });
    await call("get", "/api/admin/returns/{id}", on(first));
    await call("post", "/api/admin/returns/{id}/decline", { ...on(second, "/decline"), body: { note: "Opened" } });
    await call("post", "/api/admin/returns/{id}/approve", on(first, "/approve"));
    await call("post", "/api/admin/returns/{id}/receive", { ...on(first, "/receive"), body: { restock_line_ids: [first.lines[0].id] } });
    const { body: refunded } = await call("post", "/api/admin/returns/{id}/refund", { ...on(first, "/refund"), body: { shipping: false } });
    expect(refunded.return).toMatchObject({ status: "refunded" });

    const third = await ask();
    await call("post", "/api/admin/returns/{id}/approve", on(third, "/approve"));
    await call("post", "/api/admin/returns/{id}/close", on(third, "/close"));
    const exchanged = await orderRow(t, (await paidOrder(t)).order_id);
    await call("post", "/api/admin/orders/{number}/fulfil", { url: `/api/admin/orders/${exchanged.number}/fulfil`, body: {}, headers });
    const [line] = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, exchanged.id));
    const { body: made } = await call("post", "/api/admin/orders/{number}/returns", {
      url: `/api/admin/orders/${exchanged.number}/returns`,
      body: { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "size" },
      headers,
    });
    const swap = made.return as unknown as { id: number; lines: { id: number }[] };
    await call("post", "/api/admin/returns/{id}/approve", on(swap, "/approve"));
    await call("post", "/api/admin/returns/{id}/receive", { ...on(swap, "/receive"), body: {} });
    const { body: exchange } = await call("post", "/api/admin/returns/{id}/exchange", {
      ...on(swap, "/exchange"),
      body: { lines: [{ return_line_id: swap.lines[0].id, sku: "HOUSE-12OZ-DRIP" }] },
    });
    expect(exchange.exchange).toMatchObject({ order_number: expect.any(Number) });

    const { body: report } = await call("get", "/api/admin/returns", { headers });
    expect(report.reasons).toMatchObject({ damaged: 3, size: 1 });
    await call("get", "/api/admin/returns.csv", { url: "/api/admin/returns.csv?status=refunded", headers });
    await (t.deps.payments as SimulatedPaymentProvider).drain();
  });

  it("the reports", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Reports", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    for (const { name } of REPORTS) {
      const { body: report } = await call("get", `/api/admin/reports/${name}`, { headers });
      expect(report.figures).not.toEqual([]);
      await call("get", `/api/admin/reports/${name}.csv`, { url: `/api/admin/reports/${name}.csv?group=week`, headers });
    }
  });

  it("the subscriptions desk", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Subscriptions", role: "fulfilment" });
    const headers = { authorization: `Bearer ${secret}` };
    // Two more subscribers of the bag every other block buys: the shelf is topped up so theirs leave it as it was.
    await t.deps.db.update(variants).set({ stock: sql`${variants.stock} + 4` }).where(eq(variants.sku, SKU));
    const kept = await subscribedBy(t, "desk.kept@example.com");
    const ended = await subscribedBy(t, "desk.ended@example.com");
    const one = (subscription: typeof kept, action = "") => ({ url: `/api/admin/subscriptions/${subscription.id}${action}`, headers });

    const { body: page } = await call("get", "/api/admin/subscriptions", { url: "/api/admin/subscriptions?status=active", headers });
    expect(page.subscriptions).not.toEqual([]);
    await call("get", "/api/admin/subscriptions.csv", { url: "/api/admin/subscriptions.csv?status=active", headers });
    await call("get", "/api/admin/subscriptions/figures", { headers });
    await call("get", "/api/admin/subscriptions/plan", { headers });
    await call("get", "/api/admin/subscriptions/plan.csv", { headers });
    await call("get", "/api/admin/subscriptions/{id}", one(kept));
    await call("post", "/api/admin/subscriptions/{id}/skip", one(kept, "/skip"));
    await call("post", "/api/admin/subscriptions/{id}/pause", { ...one(kept, "/pause"), body: {} });
    await call("post", "/api/admin/subscriptions/{id}/resume", one(kept, "/resume"));
    await call("post", "/api/admin/subscriptions/{id}/cancel", { ...one(ended, "/cancel"), body: { reason: "Moving abroad" } });
  });

  it("the catalogue: products, stock, pictures, bundles, collections, import and export", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Catalogue", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    const lamp = {
      handle: "resp-lamp",
      title: "Lamp",
      options: ["Finish"],
      variants: [{ sku: "RESP-LAMP-BRASS", option_values: ["Brass"], price_cents: 8900, stock: 4 }],
    };
    const { body: created } = await call("post", "/api/admin/products", { body: lamp, headers });
    const product = (created as unknown as ProductAnswer).product;
    const productUrl = `/api/admin/products/${product.id}`;
    await call("get", "/api/admin/products", { url: "/api/admin/products?q=resp-lamp", headers });
    await call("get", "/api/admin/products/{id}", { url: productUrl, headers });
    await call("put", "/api/admin/products/{id}", { url: productUrl, body: { ...lamp, title: "Brass Lamp" }, headers });
    await call("post", "/api/admin/products/{id}/duplicate", { url: `${productUrl}/duplicate`, headers });

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2d6a73" } })
      .png()
      .toBuffer();
    const pictureForm = () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "resp.png");
      return form;
    };
    const { body: pictured } = await call("post", "/api/admin/products/{id}/pictures", { url: `${productUrl}/pictures`, body: pictureForm(), headers });
    const pictureId = (pictured as unknown as ProductPictures).pictures[0].id;
    const variantId = product.variants[0].id;
    await call("patch", "/api/admin/pictures/{id}", { url: `/api/admin/pictures/${pictureId}`, body: { alt_text: "A brass lamp" }, headers });
    await call("put", "/api/admin/variants/{id}/picture", { url: `/api/admin/variants/${variantId}/picture`, body: { picture_id: pictureId }, headers });
    await call("post", "/api/admin/products/{id}/status", { url: `${productUrl}/status`, body: { status: "active" }, headers });
    await call("delete", "/api/admin/pictures/{id}", { url: `/api/admin/pictures/${pictureId}`, headers });

    const stockUrl = `/api/admin/variants/${variantId}/stock`;
    await call("get", "/api/admin/inventory", { url: "/api/admin/inventory?q=RESP-LAMP", headers });
    await call("post", "/api/admin/variants/{id}/stock", { url: stockUrl, body: { delta: 2, reason: "received" }, headers });
    await call("get", "/api/admin/variants/{id}/stock", { url: stockUrl, headers });
    const rise = { variant_ids: [variantId], change: { kind: "price_percent", percent: 10 } };
    await call("post", "/api/admin/products/bulk/preview", { body: rise, headers });
    await call("post", "/api/admin/products/bulk/apply", { body: rise, headers });

    const kit = { handle: "resp-kit", title: "Lamp kit", price_cents: 9900, products: [{ product_id: product.id, quantity: 1, skus: [lamp.variants[0].sku] }] };
    const { body: bundled } = await call("post", "/api/admin/bundles", { body: kit, headers });
    const bundleId = (bundled as unknown as BundleAnswer).bundle.id;
    const bundleUrl = `/api/admin/bundles/${bundleId}`;
    await call("get", "/api/admin/bundles", { headers });
    await call("get", "/api/admin/bundles/{id}", { url: bundleUrl, headers });
    await call("put", "/api/admin/bundles/{id}", { url: bundleUrl, body: { ...kit, price_cents: 9500 }, headers });
    await call("post", "/api/admin/bundles/{id}/pictures", { url: `${bundleUrl}/pictures`, body: pictureForm(), headers });

    const lamps = { handle: "resp-lamps", title: "Lamps", product_ids: [product.id], bundle_ids: [bundleId] };
    const { body: collected } = await call("post", "/api/admin/collections", { body: lamps, headers });
    const collectionUrl = `/api/admin/collections/${(collected as unknown as CollectionAnswer).collection.id}`;
    await call("get", "/api/admin/collections", { headers });
    await call("get", "/api/admin/collections/{id}", { url: collectionUrl, headers });
    await call("put", "/api/admin/collections/{id}", { url: collectionUrl, body: { ...lamps, bundle_ids: [] }, headers });
    await call("delete", "/api/admin/collections/{id}", { url: collectionUrl, headers });
    await call("delete", "/api/admin/bundles/{id}", { url: bundleUrl, headers });

    const csv = "Handle,Title,Variant SKU,Variant Price\nresp-mug,Mug,RESP-MUG,12.00\n";
    const { response: queued } = await call("post", "/api/admin/products/import", {
      url: "/api/admin/products/import?dry_run=true",
      body: csv,
      headers: { ...headers, "content-type": "text/csv" },
    });
    // Followed to its end, so the answer checked carries the summary, and no job outlives the database.
    await vi.waitFor(
      async () => {
        const { body: job } = await call("get", "/api/admin/products/imports/{id}", { url: queued.headers.get("location")!, headers });
        expect((job as unknown as ImportAnswer).import.status).toBe("succeeded");
      },
      { timeout: 10_000 },
    );
    await call("get", "/api/admin/products/export", { headers });
  });

  it("discounts and the welcome offer", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Promotions", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    const terms = { code: "RESPONSES20", type: "percentage", percentage: 20, max_discount_cents: 1500, max_redemptions: 10 };
    const { body: created } = await call("post", "/api/admin/discounts", { body: terms, headers });
    const id = (created.discount as unknown as { id: number }).id;
    await call("get", "/api/admin/discounts", { headers });
    await call("get", "/api/admin/discounts/{id}", { url: `/api/admin/discounts/${id}`, headers });
    await call("put", "/api/admin/discounts/{id}", { url: `/api/admin/discounts/${id}`, body: { ...terms, percentage: 25 }, headers });
    await call("post", "/api/admin/discounts/{id}/status", { url: `/api/admin/discounts/${id}/status`, body: { action: "pause" }, headers });
    await call("get", "/api/admin/discounts/welcome-offer", { headers });
    await call("put", "/api/admin/discounts/welcome-offer", { body: { enabled: true, percentage: 10 }, headers });
  });

  it("the store's rules and looks: name, checkout, shipping options, tax rates and classes, the tax report, callout, colours, logo", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Settings", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    const { body: rules } = await call("get", "/api/admin/settings/rules", { headers });
    await call("put", "/api/admin/settings/rules", { body: rules, headers });
    const option = { name: "Responses courier", details: "", price_cents: 500, free_shipping_threshold_cents: null };
    const { body: created } = await call("post", "/api/admin/shipping-options", { body: option, headers });
    const optionUrl = `/api/admin/shipping-options/${(created.shipping_option as unknown as { id: number }).id}`;
    await call("get", "/api/admin/shipping-options", { headers });
    await call("put", "/api/admin/shipping-options/{id}", { url: optionUrl, body: { ...option, price_cents: 600 }, headers });
    await call("delete", "/api/admin/shipping-options/{id}", { url: optionUrl, headers });
    const rate = { country: "CA", region: "QC", rate_basis_points: 1497, taxes_shipping: true };
    const { body: tax } = await call("post", "/api/admin/tax-rates", { body: rate, headers });
    const taxUrl = `/api/admin/tax-rates/${(tax.tax_rate as unknown as { id: number }).id}`;
    await call("get", "/api/admin/tax-rates", { headers });
    await call("put", "/api/admin/tax-rates/{id}", { url: taxUrl, body: { ...rate, rate_basis_points: 1500 }, headers });
    await call("delete", "/api/admin/tax-rates/{id}", { url: taxUrl, headers });
    await call("post", "/api/admin/tax-classes", { body: { name: "Responses books" }, headers });
    await call("get", "/api/admin/tax-classes", { headers });
    await call("delete", "/api/admin/tax-classes/{key}", { url: "/api/admin/tax-classes/responses-books", headers });
    await call("get", "/api/admin/reports/tax", { url: "/api/admin/reports/tax?from=2026-01&to=2026-12", headers });
    await call("get", "/api/admin/reports/tax.csv", { headers });
    await call("get", "/api/admin/settings/looks", { headers });
    await call("patch", "/api/admin/settings/looks", { body: { callout: { text: "Responses" } }, headers });
    await call("put", "/api/admin/settings/theme-draft", { body: { callout: { text: "Responses draft" } }, headers });
    await call("get", "/api/admin/settings/theme-draft", { headers });
    await call("post", "/api/admin/settings/theme-draft/publish", { headers });
    await call("put", "/api/admin/settings/theme-draft", { body: { callout: { text: "Responses draft, discarded" } }, headers });
    await call("delete", "/api/admin/settings/theme-draft", { headers });
    const logo = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000000" } }).png().toBuffer();
    logo.append("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    await call("post", "/api/admin/settings/logo", { body: logo, headers });
  });

  it("the home page: banners, sections, pictures and testimonials", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Home", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    await call("get", "/api/admin/settings/home", { headers });
    await call("get", "/api/admin/jobs/failed", { headers });
    await call("get", "/api/admin/analytics/page-speed", { headers });
    await call("get", "/api/admin/cart-reminders", { headers });
    await call("patch", "/api/admin/settings/home", { body: { bannerHeader: "Responses" }, headers });
    const picture = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000000" } }).png().toBuffer();
    picture.append("file", new File([new Uint8Array(png)], "band.png", { type: "image/png" }));
    await call("post", "/api/admin/settings/home/pictures/{slot}", { url: "/api/admin/settings/home/pictures/imageBand", body: picture, headers });
    const entry = { title: "Responses", main_review: "Good", rating: 5, name: "Res" };
    const { body: created } = await call("post", "/api/admin/testimonials", { body: entry, headers });
    const url = `/api/admin/testimonials/${(created.testimonial as unknown as { id: number }).id}`;
    const { body: listed } = await call("get", "/api/admin/testimonials", { headers });
    await call("put", "/api/admin/testimonials/order", { body: { ids: (listed.testimonials as { id: number }[]).map((one) => one.id).reverse() }, headers });
    await call("put", "/api/admin/testimonials/{id}", { url, body: { ...entry, rating: 4 }, headers });
    await call("delete", "/api/admin/testimonials/{id}", { url, headers });
  });

  it("the inbox, review moderation and newsletter subscribers", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Inbox", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    await t.call("POST", "/api/customer_service/process_customer_service_request", {
      customer_service_data: { customer_name: "Ina Box", customer_email: "inbox@example.com", message: "Hello" },
      store_id: store,
    });
    const { body: inbox } = await call("get", "/api/admin/messages", { url: "/api/admin/messages?status=new", headers });
    const messageUrl = (action = "") => ({ url: `/api/admin/messages/${(inbox.messages as { id: number }[])[0].id}${action}`, headers });
    await call("get", "/api/admin/messages/{id}", messageUrl());
    await call("post", "/api/admin/messages/{id}/read", messageUrl("/read"));
    await call("post", "/api/admin/messages/{id}/replies", { ...messageUrl("/replies"), body: { body: "Hello to you" } });
    await call("post", "/api/admin/messages/{id}/spam", { ...messageUrl("/spam"), body: { spam: true } });

    const { body: listed } = await call("get", "/api/admin/reviews", { url: "/api/admin/reviews?status=published", headers });
    const reviewUrl = (action = "") => ({ url: `/api/admin/reviews/${(listed.reviews as { id: number }[])[0].id}${action}`, headers });
    await call("get", "/api/admin/reviews/{id}", reviewUrl());
    await call("put", "/api/admin/reviews/{id}/response", { ...reviewUrl("/response"), body: { response: "Thank you" } });
    await call("post", "/api/admin/reviews/{id}/hide", reviewUrl("/hide"));
    await call("post", "/api/admin/reviews/{id}/show", reviewUrl("/show"));
    await call("get", "/api/admin/review-settings", { headers });
    await call("put", "/api/admin/review-settings", { body: { hold_for_approval: false }, headers });

    await addSubscriber(t.deps.db, store, "responses@example.com", "footer");
    const { body: subscribers } = await call("get", "/api/admin/subscribers", { url: "/api/admin/subscribers?q=responses", headers });
    await call("get", "/api/admin/subscribers.csv", { url: "/api/admin/subscribers.csv?status=subscribed", headers });
    const subscriberId = (subscribers.subscribers as { id: number }[])[0].id;
    await call("post", "/api/admin/subscribers/{id}/unsubscribe", { url: `/api/admin/subscribers/${subscriberId}/unsubscribe`, headers });
  });

  it("blog posts and static pages", async () => {
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "Content", role: "manager" });
    const headers = { authorization: `Bearer ${secret}` };
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2d6a73" } }).png().toBuffer();
    const pictureForm = () => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(png)], "picture.png", { type: "image/png" }));
      return form;
    };
    const post = { blog_id: "resp-post", title: "Responses", author: "Tester", sections: [{ subheading: "", content: "Text." }] };
    const { body: written } = await call("post", "/api/admin/posts", { body: post, headers });
    const postUrl = `/api/admin/posts/${(written.post as unknown as { id: number }).id}`;
    await call("get", "/api/admin/posts", { headers });
    await call("get", "/api/admin/posts/{id}", { url: postUrl, headers });
    await call("put", "/api/admin/posts/{id}", { url: postUrl, body: { ...post, status: "published" }, headers });
    await call("post", "/api/admin/posts/{id}/picture", { url: `${postUrl}/picture`, body: pictureForm(), headers });
    await call("delete", "/api/admin/posts/{id}", { url: postUrl, headers });
    const page = { name: "resp-page", title: "Responses", sections: [{ subheading: "", content: "Text." }] };
    const { body: made } = await call("post", "/api/admin/pages", { body: page, headers });
    const pageUrl = `/api/admin/pages/${(made.page as unknown as { id: number }).id}`;
    await call("get", "/api/admin/pages", { headers });
    await call("get", "/api/admin/pages/{id}", { url: pageUrl, headers });
    await call("put", "/api/admin/pages/{id}", { url: pageUrl, body: { ...page, status: "published" }, headers });
    await call("post", "/api/admin/pages/{id}/picture", { url: `${pageUrl}/picture`, body: pictureForm(), headers });
    await call("delete", "/api/admin/pages/{id}", { url: pageUrl, headers });
  });

  it("order lookup, back-in-stock alerts and wishlists", async () => {
    const paid = await orderRow(t, (await paidOrder(t)).order_id);
    await call("post", "/api/orders/lookup", { body: { store_id: store, order_number: paid.number, email: paid.email } });

    const sku = "SUM-2LB-WB";
    await t.deps.db.update(variants).set({ stock: 0 }).where(eq(variants.sku, sku));
    await call("post", "/api/stock-alerts", { body: { store_id: store, sku, email: "waiting@example.com" } });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "waiting@example.com"), eq(mailOutbox.kind, "back-in-stock-confirm")));
    const token = (page: string) => mail.text.match(new RegExp(`/back-in-stock/${page}\\?token=(\\S+)`))![1];
    await call("post", "/api/stock-alerts/confirm", { body: { token: token("confirm") } });
    const { secret } = await createApiToken(t.deps.db, commandLineActor(store), { name: "alerts", role: "manager" });
    await call("get", "/api/admin/stock-alerts", { headers: { authorization: `Bearer ${secret}` } });
    await call("get", "/api/admin/wishlists", { headers: { authorization: `Bearer ${secret}` } });
    await call("post", "/api/stock-alerts/unsubscribe", { body: { token: token("unsubscribe") } });
  });

  it("left no documented operation unchecked", () => {
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(documented.filter((key) => !checked.has(key))).toEqual([]);
  });
});
