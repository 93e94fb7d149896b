/**
 * The reports (decision 0064) over known orders of a New York shop across the October–November boundary: one paid
 * at 23:30 on 31 October there (already November in UTC), one half an hour into November with a discount, one in
 * mid-November partly refunded, one early in October. Every figure of the sales, products and customers reports and
 * of the previous period is checked, the CSV, the dashboard summing the same revenue, the screens, and the door
 * shut to fulfilment staff.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { tokenHeaders } from "../../tests/support/api-tokens";
import type { TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy, subscribedBy } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { orderLines, orders, refunds, subscriptionOptions, subscriptions, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import { salesFigures } from "../orders/dashboard";
import { changeStoreSettings } from "../store/settings";

let t: TestApp;
let manager: Record<string, string>;

const office = renderedBackOffice();
const { get, html } = office;

type Figures = { subtotal: number; discount?: number; shipping: number; tax: number };

/** An order by `email` paid at `paidAt` (UTC) for two bags, its figures set to `figures` (its one line the subtotal). */
async function orderOf(email: string, paidAt: string, figures: Figures) {
  const order = await paidOrderBy(t, { email, name: email.split("@")[0] });
  const discount = figures.discount ?? 0;
  await t.deps.db
    .update(orders)
    .set({
      createdAt: new Date(paidAt),
      paidAt: new Date(paidAt),
      subtotalCents: figures.subtotal,
      discountCents: discount,
      discountCode: discount ? "TEN" : null,
      shippingCents: figures.shipping,
      taxCents: figures.tax,
      totalCents: figures.subtotal - discount + figures.shipping + figures.tax,
    })
    .where(eq(orders.id, order.id));
  await t.deps.db.update(orderLines).set({ unitPriceCents: figures.subtotal / 2, lineTotalCents: figures.subtotal }).where(eq(orderLines.orderId, order.id));
  return order;
}

beforeAll(async () => {
  t = office.t;
  manager = await tokenHeaders(t, "manager");
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "America/New_York" });
  // 23:30 on 31 October in New York (EDT, UTC-4): November in UTC.
  await orderOf("alice@example.com", "2026-11-01T03:30:00Z", { subtotal: 5000, shipping: 500, tax: 300 });
  await orderOf("bob@example.com", "2026-11-01T04:30:00Z", { subtotal: 4000, discount: 1000, shipping: 500, tax: 180 });
  const refunded = await orderOf("ALICE@example.com", "2026-11-15T17:00:00Z", { subtotal: 3200, shipping: 500, tax: 200 });
  await orderOf("carol@example.com", "2026-10-10T16:00:00Z", { subtotal: 2000, shipping: 0, tax: 100 });
  // Two subscriptions of two bags every other week: one since mid-October, one started and cancelled in November.
  // Their first orders are moved out of the reports' months, whose sales are counted above.
  const since = await subscribedBy(t, "sub.one@example.com");
  const ended = await subscribedBy(t, "sub.two@example.com");
  for (const [subscription, started, cancelled] of [
    [since, "2026-10-15T16:00:00Z", null],
    [ended, "2026-11-05T16:00:00Z", "2026-11-20T16:00:00Z"],
  ] as const) {
    await t.deps.db
      .update(subscriptions)
      .set({ createdAt: new Date(started), ...(cancelled ? { status: "cancelled" as const, cancelledAt: new Date(cancelled) } : {}) })
      .where(eq(subscriptions.id, subscription.id));
    await t.deps.db.update(orders).set({ paidAt: new Date("2026-06-01T16:00:00Z") }).where(eq(orders.id, subscription.firstOrderId));
  }
  await t.deps.db.insert(refunds).values({
    storeId: t.deps.storeId,
    orderId: refunded.id,
    provider: refunded.paymentProvider,
    paymentReference: refunded.paymentReference!,
    idempotencyKey: "report-test-refund",
    reason: "damaged bag",
    amountCents: 1000,
    status: "succeeded",
  });
});

type Answer = {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
  group: string;
  figures: { label: string; current: number; previous: number }[];
  chart: { bars: { label: string; value: number }[]; description: string };
  tables: { title: string; rows: (string | number)[][] }[];
};

async function answerOf(path: string): Promise<Answer> {
  const response = await t.call("GET", path, undefined, manager);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

const figuresOf = (answer: Answer) => Object.fromEntries(answer.figures.map((figure) => [figure.label, [figure.current, figure.previous]]));

describe("the reports", () => {
  it("sum November's sales in New York's days beside the 30 days before: the order paid late on 31 October counts in October", async () => {
    const sales = await answerOf("/api/admin/reports/sales?from=2026-11-01&to=2026-11-30");
    expect({ from: sales.from, to: sales.to, previous: [sales.previous_from, sales.previous_to], group: sales.group }).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      previous: ["2026-10-02", "2026-10-31"],
      group: "day",
    });
    // November: bob's (40.00 less 10.00 off) and alice's second (32.00, 10.00 refunded). October 2–31: alice's first and carol's.
    expect(figuresOf(sales)).toEqual({
      Orders: [2, 2],
      "Gross sales": [7200, 7000],
      Discounts: [1000, 0],
      "Returns and refunds": [1000, 0],
      "Net sales": [5200, 7000],
      Shipping: [1000, 500],
      Tax: [380, 400],
      "Total sales": [6580, 7900],
    });
    const [byDay] = sales.tables;
    expect(byDay.rows).toHaveLength(30 + 2);
    expect(byDay.rows[0]).toEqual(["2026-11-01", 1, 4000, 1000, 0, 3000, 500, 180, 3680]);
    expect(byDay.rows[14]).toEqual(["2026-11-15", 1, 3200, 0, 1000, 2200, 500, 200, 2900]);
    expect(byDay.rows.at(-2)).toEqual(["Total", 2, 7200, 1000, 1000, 5200, 1000, 380, 6580]);
    expect(sales.chart.bars).toHaveLength(30);
    expect(sales.chart.description).toBe("Net sales by day, 30 bars: highest $30.00 (2026-11-01), lowest $0.00 (2026-11-02), $52.00 in all.");
  });

  it("group by month in the shop's zone, and say the same as CSV with the previous period beside each figure", async () => {
    const byMonth = await answerOf("/api/admin/reports/sales?from=2026-10-01&to=2026-11-30&group=month");
    expect(byMonth.tables[0].rows.slice(0, 2)).toEqual([
      ["2026-10", 2, 7000, 0, 0, 7000, 500, 400, 7900],
      ["2026-11", 2, 7200, 1000, 1000, 5200, 1000, 380, 6580],
    ]);
    const response = await t.call("GET", "/api/admin/reports/sales.csv?from=2026-11-01&to=2026-11-30", undefined, manager);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="sales-report.csv"');
    const rows = (await response.text()).trimEnd().split("\r\n");
    expect(rows[0]).toBe("report,sales,from,2026-11-01,to,2026-11-30,time zone,America/New_York");
    expect(rows).toContain("figure,2026-11-01 to 2026-11-30,2026-10-02 to 2026-10-31");
    expect(rows).toContain("Net sales,52,70");
    expect(rows).toContain("Returns and refunds,10,0");
    expect(rows).toContain("2026-11-01,1,40,10,0,30,5,1.8,36.8");
  });

  it("count each product's units and net sales, the dashboard the same revenue", async () => {
    const products = await answerOf("/api/admin/reports/products?from=2026-11-01&to=2026-11-30");
    expect(figuresOf(products)).toEqual({ "Units sold": [4, 4], "Net sales": [5200, 7000], "Products sold": [1, 1] });
    const byProduct = products.tables.find((table) => table.title === "By product")!;
    expect(byProduct.rows).toEqual([[expect.any(String), 4, 5200, 4, 7000]]);
    expect(products.tables.find((table) => table.title === "By variant")!.rows).toEqual([[SKU, expect.any(String), expect.any(String), 4, 5200]]);

    // The dashboard on 16 November at 07:00 in New York: the last 30 days hold all but carol's; the last 7 alice's refunded one.
    const dashboard = await salesFigures(t.deps.db, t.deps.storeId, new Date("2026-11-16T12:00:00Z"));
    expect(dashboard).toEqual({ todayCents: 0, last7DaysCents: 2900, last30DaysCents: 5800 + 3680 + 2900 });
  });

  it("count customers by email, guests included: new, returning, average order value and repeat purchase rate", async () => {
    const customers = await answerOf("/api/admin/reports/customers?from=2026-11-01&to=2026-11-30");
    // November: bob new, alice returning (her first order was October's in New York), and she bought twice by its end.
    expect(figuresOf(customers)).toEqual({
      Customers: [2, 2],
      "New customers": [1, 2],
      "Returning customers": [1, 0],
      Orders: [2, 2],
      "Average order value": [2600, 3500],
      "Repeat purchase rate": [0.5, 0],
    });
    expect(customers.tables[0].rows[0]).toEqual(["2026-11-01", 1, 1, 0, 1, 3000]);
    expect(customers.tables[0].rows[14]).toEqual(["2026-11-15", 1, 0, 1, 1, 2200]);
  });

  it("count subscriptions active at the end, their monthly recurring revenue, those started and cancelled, and churn", async () => {
    const [plan] = await t.deps.db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, DEMO.subscriptions.houseBlend.everyTwoWeeks));
    // Two bags every two weeks: 26 deliveries a year, 26/12 a month.
    const monthly = Math.round((2 * plan.priceCents * 26) / 12);
    const subscribed = await answerOf("/api/admin/reports/subscriptions?from=2026-11-01&to=2026-11-30");
    expect(figuresOf(subscribed)).toEqual({
      "Active subscriptions": [1, 1],
      "Monthly recurring revenue": [monthly, monthly],
      Started: [1, 1],
      Cancelled: [1, 0],
      // November had the October one and the one it started; October the one it started.
      Churn: [0.5, 0],
    });
    expect(subscribed.tables[0].rows[4]).toEqual(["2026-11-05", 1, 0, 2, 2 * monthly]);
    expect(subscribed.tables[0].rows[19]).toEqual(["2026-11-20", 0, 1, 1, monthly]);
  });

  it("refuse a range that is not one, naming the field", async () => {
    for (const [query, field] of [
      ["from=2026-11-30&to=2026-11-01", "from"],
      ["group=year", "group"],
      ["from=2026-02-30", "from"],
      ["from=2025-01-01&to=2026-11-30&group=day", "group"],
    ]) {
      const response = await t.call("GET", `/api/admin/reports/sales?${query}`, undefined, manager);
      expect({ query, status: response.status, field: ((await response.json()) as { field?: string }).field }).toEqual({ query, status: 400, field });
    }
  });

  it("show the owner the index and each report's table, chart words and CSV link; shut them to fulfilment staff", async () => {
    const index = await html(await get("/admin/reports", office.owner));
    for (const name of ["sales", "products", "customers", "subscriptions"]) expect(index).toContain(`href="/admin/reports/${name}"`);
    const page = await html(await get("/admin/reports/sales?from=2026-11-01&to=2026-11-30", office.owner));
    expect(page).toContain("Net sales by day, 30 bars");
    expect(page).toContain('href="/api/admin/reports/sales.csv?from=2026-11-01&amp;to=2026-11-30"');
    expect(page).toContain("$52.00");
    expect((await get("/admin/reports/sales?group=year", office.owner)).status).toBe(400);
    expect((await get("/admin/reports/nothing", office.owner)).status).toBe(404);

    for (const path of ["/admin/reports", "/admin/reports/sales"]) expect({ path, status: (await get(path, office.packer)).status }).toEqual({ path, status: 403 });
    const packer = await tokenHeaders(t, "fulfilment");
    for (const path of ["/api/admin/reports/sales", "/api/admin/reports/sales.csv", "/api/admin/reports/customers"]) {
      expect({ path, status: (await t.call("GET", path, undefined, packer)).status }).toEqual({ path, status: 403 });
    }
    expect((await t.call("GET", "/api/admin/reports/sales")).status).toBe(401);
  });
});
