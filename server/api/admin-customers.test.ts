import { serverTimeZone } from "../../core/shop-time";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerAnswerSchema, customerPageSchema } from "../../core/schemas/admin-customers";
import { adminApi } from "../../tests/support/api-tokens";
import { SKU, paidOrderBy, subscribedBy } from "../../tests/support/checkout";
import { guestWhoSignsUp } from "../../tests/support/customers";
import { listDeskCustomers } from "../customers/desk";
import { variants } from "../db/schema";

const api = adminApi();
beforeAll(async () => {
  await api.t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
});

type Summary = { key: string; id: number | null; email: string; name: string; account: boolean; order_count: number; total_spent_cents: number; tags: string[] };
const list = async (q: string) => {
  const { status, body } = await api.call("GET", `/api/admin/customers?q=${encodeURIComponent(q)}`, undefined, api.fulfilment);
  expect(status).toBe(200);
  return customerPageSchema.parse(body).customers as Summary[];
};
const detail = async (key: string) => {
  const { status, body } = await api.call("GET", `/api/admin/customers/${key}`, undefined, api.fulfilment);
  expect(status).toBe(200);
  return customerAnswerSchema.parse(body).customer;
};

describe("every customer in /api/admin/customers", () => {
  it("two guest purchases by the same email (different case) make one customer with two orders", async () => {
    const first = await paidOrderBy(api.t, { email: "Gwen.Guest@Example.com", name: "Gwen Guest" });
    const second = await paidOrderBy(api.t, { email: "gwen.guest@example.COM", name: "Gwen G." }, 3);

    const found = await list("gwen.guest");
    expect(found).toEqual([
      expect.objectContaining({
        key: `o${first.number}`,
        id: null,
        account: false,
        name: "Gwen G.",
        order_count: 2,
        total_spent_cents: first.totalCents + second.totalCents,
      }),
    ]);
    // Any of their orders names the same customer.
    for (const key of [`o${first.number}`, `o${second.number}`]) {
      expect(await detail(key)).toMatchObject({
        key: `o${first.number}`,
        orders: [{ number: second.number }, { number: first.number }],
        first_order_at: first.createdAt.toISOString(),
        last_order_at: second.createdAt.toISOString(),
        newsletter: "not subscribed",
        subscriptions: [],
      });
    }
  });

  it("a guest who signs up later is the same customer, addressed by the account", async () => {
    const { order: guestOrder, account } = await guestWhoSignsUp(api.t, "Sam.Later@example.com", "Samuel", "Later");

    expect(await list("sam.later")).toEqual([
      expect.objectContaining({ key: String(account.id), id: account.id, account: true, name: "Samuel Later", order_count: 1, total_spent_cents: guestOrder.totalCents }),
    ]);
    expect(await detail(`o${guestOrder.number}`)).toMatchObject({ key: String(account.id), orders: [{ number: guestOrder.number }] });
    expect(await detail(String(account.id))).toMatchObject({ email: "Sam.Later@example.com", order_count: 1 });
  });

  it("lists a subscriber with their subscription", async () => {
    const subscription = await subscribedBy(api.t, "sub.scriber@example.com", { name: "Sue Scriber" });
    const [customer] = await list("sub.scriber");
    expect(await detail(customer.key)).toMatchObject({ order_count: 1, subscriptions: [{ id: subscription.id, status: "active" }] });
  });

  it("keeps staff's notes and tags by email, audited, found by tag and in the CSV", async () => {
    const order = await paidOrderBy(api.t, { email: "tia.tagged@example.com", name: "Tia Tagged" });
    const key = `o${order.number}`;

    const refused = await api.call("PUT", `/api/admin/customers/${key}/profile`, { notes: "", tags: ["ok", " "] });
    expect(refused).toMatchObject({ status: 400, body: { field: "tags.1" } });
    expect((await api.call("PUT", "/api/admin/customers/o99999999/profile", { notes: "", tags: [] })).status).toBe(404);
    expect((await api.call("GET", "/api/admin/customers/tia@example.com")).body).toMatchObject({ field: "id" });

    const saved = await api.call("PUT", `/api/admin/customers/${key}/profile`, { notes: " Likes it ground fine. ", tags: ["Wholesale", "cafe", "wholesale"] });
    expect(saved).toMatchObject({ status: 200, body: { customer: { notes: "Likes it ground fine.", tags: ["Wholesale", "cafe"] } } });
    expect(await api.lastAudit("customer")).toMatchObject({
      action: "customer.profile",
      entityId: key,
      actorLabel: "shopkeeper",
      changes: { notes: { before: null, after: "Likes it ground fine." } },
    });

    expect((await list("wholesale")).map((customer) => customer.key)).toEqual([key]);
    const csv = await api.t.call("GET", "/api/admin/customers.csv?q=cafe", undefined, api.fulfilment);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n").filter(Boolean)).toEqual([
      "email,name,account,orders,total_spent,first_order_at,last_order_at,time_zone,tags",
      expect.stringMatching(
        new RegExp(`^tia\\.tagged@example\\.com,Tia Tagged,guest,1,${(order.totalCents / 100).toFixed(2)},(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d),\\1,${serverTimeZone()},"Wholesale, cafe"$`),
      ),
    ]);
  });

  it("pages through customers a page at a time, none twice", async () => {
    const { db, storeId } = api.t.deps;
    const first = await listDeskCustomers(db, storeId, { limit: 2 });
    const rest = await listDeskCustomers(db, storeId, { cursor: first.nextCursor! });
    const keys = [...first.customers, ...rest.customers].map((customer) => customer.key);
    expect(keys.length).toBeGreaterThan(2);
    expect(new Set(keys).size).toBe(keys.length);
    expect((await api.call("GET", `/api/admin/customers?cursor=${first.nextCursor}`)).body).toMatchObject({ customers: expect.any(Array) });
  });
});
