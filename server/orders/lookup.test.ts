import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ORDER_NOT_FOUND_MESSAGE } from "../../core/schemas/order-lookup";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { paidOrderBy } from "../../tests/support/checkout";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { Order } from "./orders";
import { fulfilOrder } from "./operations";
import { LOOKUP_PER_CLIENT, LOOKUP_PER_ORDER } from "./lookup";

let t: TestApp;
let renderer: PageRenderer;
let order: Order;

beforeAll(async () => {
  t = await createTestApp();
  renderer = await startPageRenderer();
  order = await paidOrderBy(t, { email: "Lou.Lookup@Example.com", name: "Lou Lookup" });
}, 120_000);
afterAll(async () => {
  await renderer.close();
  await t.database.dispose();
});
beforeEach(() => t.deps.rateLimiter.clear());

const lookup = (body: Record<string, unknown>) => t.call("POST", "/api/orders/lookup", { store_id: "demo", ...body });

/** What a browser without JavaScript gets back from posting the lookup form. */
async function postForm(fields: Record<string, string>) {
  const response = await renderer.appOf(t).request("http://localhost/orders/lookup", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, html: await response.text() };
}

describe("the order lookup API", () => {
  it("gives the status of an order to its email, whatever the case and spaces", async () => {
    const response = await lookup({ order_number: order.number, email: "  lou.lookup@example.COM " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      order: {
        number: order.number,
        status: "paid",
        placed_at: order.createdAt.toISOString(),
        shipped_at: null,
        carrier: null,
        tracking_number: null,
        tracking_url: null,
      },
    });
  });

  it("answers an unknown number and a known number with another email byte for byte alike", async () => {
    const unknown = await lookup({ order_number: order.number! + 1000, email: "someone@example.com" });
    const wrongEmail = await lookup({ order_number: order.number, email: "someone@example.com" });
    expect(unknown.status).toBe(404);
    expect(wrongEmail.status).toBe(404);
    const [a, b] = [await unknown.text(), await wrongEmail.text()];
    expect(a).toBe(JSON.stringify({ error: ORDER_NOT_FOUND_MESSAGE }));
    expect(b).toBe(a);
    expect(wrongEmail.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    expect(wrongEmail.headers.get("content-length")).toBe(unknown.headers.get("content-length"));
  });

  it("refuses bad input naming the field", async () => {
    for (const [body, field] of [
      [{ order_number: "abc", email: "lou.lookup@example.com" }, "order_number"],
      [{ order_number: 0, email: "lou.lookup@example.com" }, "order_number"],
      [{ order_number: 99_999_999_999, email: "lou.lookup@example.com" }, "order_number"],
      [{ order_number: order.number, email: "not an email" }, "email"],
      [{ order_number: order.number }, "email"],
    ] as const) {
      const response = await lookup(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field: string }).field).toBe(field);
    }
  });

  it("stops guessing the email of one number, even from the right email, with 429 and Retry-After", async () => {
    for (let i = 0; i < LOOKUP_PER_ORDER.limit; i++) {
      expect((await lookup({ order_number: order.number, email: `guess${i}@example.com` })).status).toBe(404);
    }
    const refused = await lookup({ order_number: order.number, email: "lou.lookup@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS_MESSAGE });
  });

  it("stops one client trying many numbers", async () => {
    for (let i = 1; i <= LOOKUP_PER_CLIENT.limit; i++) {
      expect((await lookup({ order_number: 500_000 + i, email: "someone@example.com" })).status).toBe(404);
    }
    expect((await lookup({ order_number: order.number, email: "lou.lookup@example.com" })).status).toBe(429);
  });

  it("links the parcel once the order has shipped with a known carrier", async () => {
    await fulfilOrder(t.deps, "demo", order.number!, { carrier: "royal mail", trackingNumber: "AB 123/4" });
    const body = (await (await lookup({ order_number: order.number, email: "lou.lookup@example.com" })).json()) as {
      order: Record<string, unknown>;
    };
    expect(body.order).toMatchObject({
      status: "fulfilled",
      shipped_at: expect.any(String),
      carrier: "Royal Mail",
      tracking_number: "AB 123/4",
      tracking_url: "https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%2F4",
    });
  });
});

describe("the order lookup page, before JavaScript", () => {
  it("shows the order's status to its email", async () => {
    const { status, html } = await postForm({ order_number: `#${order.number}`, email: "LOU.LOOKUP@example.com" });
    expect(status).toBe(200);
    expect(html).toContain(`Order #<!-- -->${order.number}`);
    expect(html).toMatch(/Status: <!-- -->(Paid|Fulfilled)/);
  });

  it("tells an unknown number and another email the same, with 404", async () => {
    const unknown = await postForm({ order_number: String(order.number! + 1000), email: "someone@example.com" });
    const wrongEmail = await postForm({ order_number: String(order.number), email: "someone@example.com" });
    expect(unknown.status).toBe(404);
    expect(wrongEmail.status).toBe(404);
    const said = (html: string) => html.match(/<p role="alert"[^>]*>([^<]*)<\/p>/)?.[1];
    expect(said(unknown.html)).toBe(ORDER_NOT_FOUND_MESSAGE);
    expect(said(wrongEmail.html)).toBe(ORDER_NOT_FOUND_MESSAGE);
  });

  it("names the malformed field beside it, with 400", async () => {
    const { status, html } = await postForm({ order_number: "twelve", email: "nope" });
    expect(status).toBe(400);
    expect(html).toContain("Order number must be the number from your confirmation email");
    expect(html).toContain("Invalid email address");
    expect(html).toContain('aria-invalid="true"');
  });

  it("says when the client is over its limit, with 429", async () => {
    for (let i = 0; i < LOOKUP_PER_ORDER.limit; i++) await postForm({ order_number: String(order.number), email: `g${i}@example.com` });
    const { status, html } = await postForm({ order_number: String(order.number), email: "lou.lookup@example.com" });
    expect(status).toBe(429);
    expect(html).toContain(TOO_MANY_ATTEMPTS_MESSAGE);
  });
});
