import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { draftAnswerSchema } from "../../core/schemas/admin-drafts";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { ADDRESS, stockOf } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { auditEvents, variants } from "../db/schema";
import { createApiToken } from "../staff/tokens";

const TEA = "JASM-50G";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  await t.deps.db.update(variants).set({ stock: 40 }).where(eq(variants.sku, TEA));
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name: "phone desk", role: "fulfilment" });
  headers = { authorization: `Bearer ${secret}` };
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof draftAnswerSchema>> & { error?: string; field?: string };

const call = async (method: string, path: string, body?: unknown) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

const order = {
  email: "bistro@example.com",
  customer_name: "Bistro Bee",
  shipping_address: ADDRESS,
  shipping_option: "express",
  lines: [{ sku: TEA, quantity: 3 }],
};

describe("/api/admin/drafts", () => {
  it("answers 401 without a token, on every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/drafts"],
      ["POST", "/api/admin/drafts"],
      ["GET", "/api/admin/drafts/1"],
      ["PATCH", "/api/admin/drafts/1"],
      ["DELETE", "/api/admin/drafts/1"],
      ["POST", "/api/admin/drafts/1/send-invoice"],
      ["POST", "/api/admin/drafts/1/mark-paid"],
    ]) {
      expect((await t.call(method, path, method === "GET" || method === "DELETE" ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuses bad input naming the field, and makes nothing", async () => {
    const before = (await call("GET", "/api/admin/drafts")).body;
    expect(await call("POST", "/api/admin/drafts", { ...order, lines: [{ sku: TEA, quantity: 0 }] })).toMatchObject({
      status: 400,
      body: { field: "lines.0.quantity" },
    });
    expect(await call("POST", "/api/admin/drafts", { ...order, lines: [{ sku: TEA, quantity: 1, unit_price_cents: 12.5 }] })).toMatchObject({
      status: 400,
      body: { field: "lines.0.unit_price_cents" },
    });
    expect(await call("POST", "/api/admin/drafts", { ...order, lines: [] })).toMatchObject({ status: 400, body: { field: "lines" } });
    expect(await call("POST", "/api/admin/drafts", { ...order, discount: { kind: "percent", percent: 101 } })).toMatchObject({ status: 400 });
    expect(await call("POST", "/api/admin/drafts", { ...order, lines: [{ sku: "GONE", quantity: 1 }] })).toMatchObject({
      status: 400,
      body: { field: "lines.0.sku", error: 'unknown sku "GONE"' },
    });
    expect((await call("GET", "/api/admin/drafts")).body).toEqual(before);
    expect(await call("GET", "/api/admin/drafts/999999")).toMatchObject({ status: 404 });
  });

  it("builds, reprices, marks paid and then refuses changes; each audited under the token's name", async () => {
    const stock = await stockOf(t, TEA);
    const made = await call("POST", "/api/admin/drafts", order);
    expect(made.status).toBe(201);
    const id = made.body.draft!.id;
    // 3 × $16.00 = $48.00, express $14.99, California taxes the goods only: 7.25 % of $48.00 = $3.48.
    expect(made.body.draft).toMatchObject({
      status: "open",
      order_number: null,
      totals: { subtotal_cents: 4800, discount_cents: 0, shipping_cents: 1499, tax_cents: 348, total_cents: 6647 },
      lines: [{ sku: TEA, unit_price_cents: 1600, catalogue_unit_price_cents: 1600, price_overridden: false, line_total_cents: 4800 }],
    });
    const changed = await call("PATCH", `/api/admin/drafts/${id}`, { lines: [{ sku: TEA, quantity: 3, unit_price_cents: 1500 }], discount: { kind: "amount", amount_cents: 500 } });
    expect(changed.body.draft).toMatchObject({
      totals: { subtotal_cents: 4500, discount_cents: 500, shipping_cents: 1499, tax_cents: 290, total_cents: 5789 },
      discount: { kind: "amount", amount_cents: 500 },
      email: "bistro@example.com",
    });
    expect(await stockOf(t, TEA)).toBe(stock);

    const paid = await call("POST", `/api/admin/drafts/${id}/mark-paid`, { paid_with: "bank transfer", note: "Invoice 77" });
    expect(paid.body.draft).toMatchObject({ status: "paid", order_number: expect.any(Number) });
    expect(await stockOf(t, TEA)).toBe(stock - 3);
    expect(await call("PATCH", `/api/admin/drafts/${id}`, { shipping_cents_override: 0 })).toMatchObject({ status: 409 });
    expect(await call("POST", `/api/admin/drafts/${id}/send-invoice`)).toMatchObject({ status: 409 });
    expect(await call("DELETE", `/api/admin/drafts/${id}`)).toMatchObject({ status: 409 });

    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.actorLabel, "phone desk"));
    expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(["draft.create", "draft.update", "draft.mark-paid", "order.payment-link.mark-paid"]));
  });
});
