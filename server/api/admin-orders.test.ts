import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { customerAnswerSchema, customerPageSchema } from "../../core/schemas/admin-customers";
import { orderAnswerSchema, orderPageSchema, refundAnswerSchema } from "../../core/schemas/admin-orders";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { createCustomer } from "../accounts/customers";
import { auditEvents, mailOutbox, orderLines, orders, products, variants } from "../db/schema";
import { addSubscriber } from "../newsletter/subscribers";
import type { SimulatedPaymentProvider } from "../payments/simulated";
import { commandLineActor } from "../audit/audit";
import { createApiToken } from "../staff/tokens";

let t: TestApp;
let fulfilment: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name: "packing bench", role: "fulfilment" });
  fulfilment = { authorization: `Bearer ${secret}` };
});
afterAll(async () => {
  await t.database.dispose();
});

const paidBy = (email: string, name: string, quantity = 2) => paidOrderBy(t, { email, name }, quantity);

/** Any answer of these routes, or the error shape. */
type Answer = Partial<z.infer<typeof orderPageSchema> & z.infer<typeof refundAnswerSchema> & z.infer<typeof customerPageSchema>> & {
  error?: string;
  field?: string;
};

const call = async (method: string, path: string, body?: unknown) => {
  const response = await t.call(method, path, body, fulfilment);
  return { status: response.status, body: (await response.json()) as Answer };
};

describe("/api/admin/orders", () => {
  it("answers 401 without a session or token, on every route of the desk", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/orders"],
      ["GET", "/api/admin/orders.csv"],
      ["GET", "/api/admin/orders/1001"],
      ["POST", "/api/admin/orders/1001/fulfil"],
      ["POST", "/api/admin/orders/1001/cancel"],
      ["POST", "/api/admin/orders/1001/refund"],
      ["POST", "/api/admin/orders/1001/notes"],
      ["POST", "/api/admin/orders/1001/resend-confirmation"],
      ["GET", "/api/admin/customers"],
      ["GET", "/api/admin/customers/1"],
    ]) {
      const response = await t.call(method, path, method === "POST" ? {} : undefined);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(await response.json()).toEqual({ error: "Sign-in required" });
    }
  });

  it("lets fulfilment staff list, ship, refund in part, note and export, each in the audit trail by the token's name", async () => {
    const order = await paidBy("lee@example.com", "Lee Lam");
    await paidBy("max@example.com", "=HYPERLINK(\"x\"), Max");

    const list = await call("GET", "/api/admin/orders?q=LEE");
    expect(list).toMatchObject({ status: 200, body: { orders: [{ number: order.number, status: "paid", customer_name: "Lee Lam" }], next_cursor: null } });
    expect((await call("GET", "/api/admin/orders?status=shipped")).body).toEqual({
      error: "status must be one of paid, awaiting_payment, backordered, fulfilled, cancelled, refunded",
      field: "status",
    });
    expect((await call("GET", "/api/admin/orders?from=2026-02-30")).body).toMatchObject({ field: "from" });
    expect((await call("GET", "/api/admin/orders?cursor=abc")).body).toMatchObject({ field: "cursor" });
    expect((await call("GET", "/api/admin/orders?cursor=9999999999999")).body).toEqual({ error: "Invalid cursor", field: "cursor" });
    expect((await call("GET", "/api/admin/customers?cursor=9999999999999")).body).toEqual({ error: "Invalid cursor", field: "cursor" });
    const today = new Date().toISOString().slice(0, 10);
    expect((await call("GET", `/api/admin/orders?from=${today}&to=${today}&q=lee`)).body.orders!).toHaveLength(1);
    expect((await call("GET", `/api/admin/orders?to=2020-01-01`)).body.orders!).toHaveLength(0);

    const shipped = await call("POST", `/api/admin/orders/${order.number}/fulfil`, { carrier: "UPS", tracking_number: "1Z999" });
    expect(shipped).toMatchObject({
      status: 200,
      body: { order: { status: "fulfilled", shipment: { carrier: "UPS", tracking_number: "1Z999", tracking_url: "https://www.ups.com/track?tracknum=1Z999" } } },
    });
    expect((await call("POST", `/api/admin/orders/${order.number}/fulfil`, {})).status).toBe(409);

    expect((await call("POST", `/api/admin/orders/${order.number}/refund`, { amount_cents: 0 })).body).toMatchObject({ field: "amount_cents" });
    expect((await call("POST", `/api/admin/orders/${order.number}/refund`, { amount_cents: order.totalCents + 1 })).body).toMatchObject({
      field: "amount_cents",
    });
    const refunded = await call("POST", `/api/admin/orders/${order.number}/refund`, { amount_cents: 250 });
    expect(refunded).toMatchObject({
      status: 200,
      body: {
        refund: { amount_cents: 250, owed: false },
        order: { status: "fulfilled", payment: { refunded_cents: 250, refundable_cents: order.totalCents - 250, refunds: [{ amount_cents: 250 }] } },
      },
    });
    await (t.deps.payments as SimulatedPaymentProvider).drain();

    const noted = await call("POST", `/api/admin/orders/${order.number}/notes`, { text: "  Left at the door  " });
    expect(noted).toMatchObject({ status: 201, body: { order: { notes: [{ author: "packing bench", text: "Left at the door" }] } } });
    expect((await call("POST", `/api/admin/orders/${order.number}/notes`, { text: " " })).body).toEqual({ error: "text is required", field: "text" });
    expect((await call("POST", `/api/admin/orders/${order.number}/resend-confirmation`)).status).toBe(200);

    const detail = await call("GET", `/api/admin/orders/${order.number}`);
    // Each answer is what its operation declares.
    orderAnswerSchema.parse(detail.body);
    orderAnswerSchema.parse(noted.body);
    refundAnswerSchema.parse(refunded.body);
    orderPageSchema.parse(list.body);
    expect(detail.body.order!.lines[0]).toMatchObject({ sku: SKU, quantity: 2 });
    expect(detail.body.order!.timeline.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(["created", "paid", "fulfilled", "refund", "note", "email"]),
    );
    expect((await call("GET", "/api/admin/orders/99999")).status).toBe(404);
    expect((await call("GET", "/api/admin/orders/abc")).body).toMatchObject({ field: "number" });

    const trail = await t.deps.db
      .select({ action: auditEvents.action, actor: auditEvents.actorLabel })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "order"), eq(auditEvents.entityId, String(order.number))));
    expect(trail).toEqual([
      { action: "order.fulfil", actor: "packing bench" },
      { action: "order.refund", actor: "packing bench" },
      { action: "order.note", actor: "packing bench" },
      { action: "order.resend-confirmation", actor: "packing bench" },
    ]);
    const shippedMail = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "order-shipped")));
    expect(shippedMail[0].text).toContain("Track it: https://www.ups.com/track?tracknum=1Z999");

    const csv = await t.call("GET", "/api/admin/orders.csv?status=paid&q=max", undefined, fulfilment);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "number,placed_at,paid_at,fulfilled_at,time_zone,status,customer_name,email,ship_city,ship_state,ship_postal_code,ship_country," +
        "subtotal,discount,discount_code,shipping,tax,total,refunded,payment_provider,payment_reference,item_count,items",
    );
    expect(lines).toHaveLength(2);
    // A name a spreadsheet would run as a formula is shown as text, quoted for its comma and quotes.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x""), Max",max@example.com,Sacramento,CA,95814,US,`);
  });

  it("spells a bundle line out in words in the order, its email and both CSVs, money in dollars", async () => {
    const order = await paidBy("bea@example.com", "Bea Bundle");
    const [content] = await t.deps.db
      .select({ sku: variants.sku, handle: products.handle, title: products.title, attributes: variants.attributes })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.storeId, t.deps.storeId), sql`${variants.attributes} <> '{}'::jsonb`))
      .limit(1);
    const words = `2 × ${content.title} — ${Object.values(content.attributes).join(", ")}`;
    await t.deps.db.insert(orderLines).values({
      storeId: t.deps.storeId,
      orderId: order.id,
      kind: "bundle",
      title: "Gift Box",
      attributes: { [content.handle]: content.sku },
      stockComponents: { [content.sku]: 2 },
      quantity: 1,
      unitPriceCents: 4250,
      lineTotalCents: 4250,
    });

    const detail = await call("GET", `/api/admin/orders/${order.number}`);
    expect((detail.body as { order: { lines: unknown[] } }).order.lines[1]).toMatchObject({ kind: "bundle", options: "", contents: [{ text: words, sku: content.sku }] });

    await call("POST", `/api/admin/orders/${order.number}/resend-confirmation`);
    const confirmations = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "order-confirmation")));
    const mail = confirmations.at(-1)!;
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(`1 × Gift Box: ${words}`.replace("1 × ", body === mail.text ? "1 x " : "1 × "));
      expect(body).not.toContain(`${content.handle}:`);
    }

    const orderRows = (await (await t.call("GET", "/api/admin/orders.csv?q=bea", undefined, fulfilment)).text()).trimEnd().split("\r\n");
    expect(orderRows).toHaveLength(2);
    expect(orderRows[1]).toMatch(/^\d+,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(orderRows[1]).toContain(`,${(order.subtotalCents / 100).toFixed(2)},0.00,,`);
    expect(orderRows[1]).toContain(`; 1 × Gift Box: ${words}`);

    const lineRows = (await (await t.call("GET", "/api/admin/order-lines.csv?q=bea", undefined, fulfilment)).text()).trimEnd().split("\r\n");
    expect(lineRows[0]).toBe("order_number,placed_at,time_zone,title,sku,options,quantity,unit_price,line_total");
    expect(lineRows).toHaveLength(3);
    expect(lineRows[2]).toMatch(new RegExp(`^${order.number},[^,]+,[^,]+,Gift Box,,${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},1,42.50,42.50$`));
  });

  it("cancels a paid order and answers what went back", async () => {
    const order = await paidBy("nia@example.com", "Nia Noor");
    const cancelled = await call("POST", `/api/admin/orders/${order.number}/cancel`);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { refund: { amount_cents: order.totalCents, owed: false }, order: { status: "cancelled", payment: { refundable_cents: 0 } } },
    });
    expect((await call("POST", `/api/admin/orders/${order.number}/refund`, {})).status).toBe(409);
  });
});

describe("/api/admin/customers", () => {
  it("finds a customer by email or name, with orders, what they spent and their newsletter status", async () => {
    const customer = (await createCustomer(t.deps.db, t.deps.storeId, {
      email: "Olga@Example.com",
      password: "a long enough passphrase 42",
      firstName: "Olga",
      lastName: "Orr",
    }))!;
    const order = await paidBy("olga@example.com", "Olga Orr");
    await t.deps.db.update(orders).set({ customerId: customer.id }).where(eq(orders.id, order.id));
    await call("POST", `/api/admin/orders/${order.number}/refund`, { amount_cents: 300 });
    await addSubscriber(t.deps.db, t.deps.storeId, "olga@example.com", "footer");

    const found = await call("GET", "/api/admin/customers?q=olga%20orr");
    expect(found).toMatchObject({ status: 200, body: { customers: [{ id: customer.id, order_count: 1, total_spent_cents: order.totalCents - 300 }] } });
    expect((await call("GET", "/api/admin/customers?q=nobody")).body.customers!).toEqual([]);

    customerPageSchema.parse(found.body);
    const detail = await call("GET", `/api/admin/customers/${customer.id}`);
    customerAnswerSchema.parse(detail.body);
    expect(detail).toMatchObject({
      status: 200,
      body: {
        customer: {
          email: "Olga@Example.com",
          newsletter: "subscribed",
          total_spent_cents: order.totalCents - 300,
          orders: [{ number: order.number, status: "paid", total_cents: order.totalCents }],
        },
      },
    });
    expect((await call("GET", "/api/admin/customers/999999")).status).toBe(404);
  });
});
