import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminApi } from "../../tests/support/api-tokens";
import { paidOrderBy, SKU } from "../../tests/support/checkout";
import { orderLines, variants } from "../db/schema";
import { fulfilOrder } from "../orders/operations";

const api = adminApi();

async function shippedOrder(email: string) {
  await api.t.deps.db.update(variants).set({ stock: 100 }).where(eq(variants.sku, SKU));
  const paid = await paidOrderBy(api.t, { email, name: "Api Return" }, 2);
  const order = await fulfilOrder(api.t.deps, "demo", paid.number!);
  const [line] = await api.t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return { order, line };
}

describe("/api/admin returns", () => {
  it("answers 401 without a session or token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/returns"],
      ["GET", "/api/admin/orders/1001/returns"],
      ["POST", "/api/admin/orders/1001/returns"],
      ["POST", "/api/admin/returns/1/approve"],
      ["POST", "/api/admin/returns/1/refund"],
    ]) {
      const response = await api.t.call(method, path, method === "POST" ? {} : undefined);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
  });

  it("refuses bad input naming the field, unknown records and moves the state does not allow; audits by the token's name", async () => {
    const { order, line } = await shippedOrder("api-returns@example.com");
    const path = `/api/admin/orders/${order.number}/returns`;
    expect(await api.call("POST", path, { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "bored" }, api.fulfilment)).toEqual({
      status: 400,
      body: { error: "Choose a reason for the return", field: "reason" },
    });
    expect(await api.call("POST", path, { lines: [{ order_line_id: line.id, quantity: 3 }], reason: "size" }, api.fulfilment)).toMatchObject({
      status: 422,
      body: { field: "lines.0.quantity" },
    });
    expect((await api.call("POST", "/api/admin/orders/999999/returns", { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "size" })).status).toBe(404);
    expect((await api.call("GET", "/api/admin/returns/999999")).status).toBe(404);
    expect((await api.call("GET", "/api/admin/returns?from=2026-02-30")).body).toMatchObject({ field: "from" });

    const created = await api.call("POST", path, { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "size", note: "Too small" }, api.fulfilment);
    expect(created).toMatchObject({ status: 201, body: { return: { status: "requested", requested_by: "packing bench", note: "Too small" } } });
    const id = (created.body.return as { id: number }).id;
    expect((await api.call("POST", `/api/admin/returns/${id}/refund`, {})).status).toBe(409);
    expect((await api.call("POST", `/api/admin/returns/${id}/approve`, undefined, api.fulfilment)).body.return).toMatchObject({ status: "approved" });
    expect((await api.call("POST", `/api/admin/returns/${id}/approve`)).status).toBe(409);
    expect(await api.lastAudit("return")).toMatchObject({ action: "return.approve", actorLabel: "packing bench", entityId: String(id) });
    expect((await api.call("GET", path)).body).toMatchObject({ returnable: [{ order_line_id: line.id, bought: 2, returned: 1, left: 1 }] });
  });
});
