/**
 * The shop's time zone in what the owner reads (decision 0061): the dashboard's 'today', the orders desk's date
 * filter and the orders CSV count and print New York's days once the shop is set to New York.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { orderLines, orders, variants } from "../db/schema";
import { createApiToken } from "../staff/tokens";
import { changeStoreSettings } from "../store/settings";
import { salesFigures } from "./dashboard";
import { ordersCommand } from "../commands/orders";

let t: TestApp;
let token: Record<string, string>;
type Paid = Awaited<ReturnType<typeof paidOrderBy>>;
let lateTonight: Paid, thisMorning: Paid, lastNight: Paid;

// 23:30 on Saturday 28 November 2026 in New York (EST, UTC-5): already 04:30 on the 29th in UTC.
const NOW = new Date("2026-11-29T04:30:00Z");

async function placedAt(order: Paid, at: string) {
  await t.deps.db.update(orders).set({ createdAt: new Date(at), paidAt: new Date(at) }).where(eq(orders.id, order.id));
}

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name: "books", role: "manager" });
  token = { authorization: `Bearer ${secret}` };
  lateTonight = await paidOrderBy(t, { email: "late@example.com", name: "Late Tonight" });
  thisMorning = await paidOrderBy(t, { email: "morning@example.com", name: "This Morning" });
  lastNight = await paidOrderBy(t, { email: "lastnight@example.com", name: "Last Night" });
  await placedAt(lateTonight, "2026-11-29T04:30:00Z"); // 23:30 on the 28th in New York
  await placedAt(thisMorning, "2026-11-28T14:00:00Z"); // 09:00 on the 28th: the 28th in UTC too, but before UTC's 'today'
  await placedAt(lastNight, "2026-11-28T04:00:00Z"); // 23:00 on the 27th in New York, the 28th in UTC
  await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "America/New_York" });
});
afterAll(async () => {
  await t.database.dispose();
});

const csvRows = async (path: string) => (await (await t.call("GET", path, undefined, token)).text()).trimEnd().split("\r\n");

describe("the shop's time zone", () => {
  it("counts New York's today on the dashboard at 23:30 there: an order paid then and one paid that morning, not the night before", async () => {
    const ids = [lateTonight.id, thisMorning.id, lastNight.id];
    const rows = await t.deps.db.select({ id: orders.id, totalCents: orders.totalCents }).from(orders).where(inArray(orders.id, ids));
    const total = (order: Paid) => rows.find((row) => row.id === order.id)!.totalCents;
    const figures = await salesFigures(t.deps.db, t.deps.storeId, NOW);
    expect(figures.todayCents).toBe(total(lateTonight) + total(thisMorning));
    expect(figures.last7DaysCents).toBe(total(lateTonight) + total(thisMorning) + total(lastNight));
    // In UTC the same moment's 'today' would have held the late order alone.
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "UTC" });
    expect((await salesFigures(t.deps.db, t.deps.storeId, NOW)).todayCents).toBe(total(lateTonight));
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "America/New_York" });
  });

  it("prints the orders CSV's times in New York, naming the zone, and filters by New York's days", async () => {
    const rows = await csvRows("/api/admin/orders.csv?q=late");
    expect(rows[0].split(",").slice(0, 5)).toEqual(["number", "placed_at", "paid_at", "fulfilled_at", "time_zone"]);
    expect(rows[1]).toMatch(new RegExp(`^${lateTonight.number},2026-11-28 23:30:00,2026-11-28 23:30:00,,America/New_York,`));
    const lines = await csvRows("/api/admin/order-lines.csv?q=lastnight");
    expect(lines[1]).toMatch(new RegExp(`^${lastNight.number},2026-11-27 23:00:00,America/New_York,`));

    const saturday = await csvRows("/api/admin/orders.csv?from=2026-11-28&to=2026-11-28");
    expect(saturday.slice(1).map((row) => Number(row.split(",")[0])).sort()).toEqual([lateTonight.number, thisMorning.number].sort());
  });

  it("lists the order on the owner's command line at New York's time, the zone named", async () => {
    const shown = await ordersCommand(t.deps, t.deps.storeId, ["show", String(lateTonight.number)]);
    expect(shown.split("\n")[0]).toMatch(/ 2026-11-28 23:30 EST$/);
  });

  it("keeps the admin API's instants in UTC: a program reading them converts as it needs", async () => {
    const page = await t.call("GET", `/api/admin/orders/${lateTonight.number}`, undefined, token);
    expect(((await page.json()) as { order: { created_at: string } }).order.created_at).toBe("2026-11-29T04:30:00.000Z");
  });

  it("writes every column of both CSVs, to the byte: summer and winter times, a discount, a refund, the lines", async () => {
    const order = await paidOrderBy(t, { email: "every@example.com", name: "Eve Every" });
    // Placed and paid on a July afternoon (EDT, UTC-4); shipped in the hour New York went back to EST.
    await t.deps.db
      .update(orders)
      .set({
        createdAt: new Date("2026-07-04T16:05:09.999Z"),
        paidAt: new Date("2026-07-04T16:10:00Z"),
        fulfilledAt: new Date("2026-11-01T06:30:00Z"),
        status: "fulfilled",
        discountCode: "SUMMER",
        discountCents: 125,
      })
      .where(eq(orders.id, order.id));
    const refund = await t.call("POST", `/api/admin/orders/${order.number}/refund`, { amount_cents: 250 }, token);
    expect(refund.status).toBe(200);
    const [line] = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const options = Object.values(line.attributes ?? {}).join(", ");
    const money = (cents: number) => (cents / 100).toFixed(2);

    const [header, row] = await csvRows(`/api/admin/orders.csv?q=${order.number}`);
    expect(header.split(",")).toHaveLength(23);
    expect(row).toBe(
      [
        `${order.number},2026-07-04 12:05:09,2026-07-04 12:10:00,2026-11-01 01:30:00,America/New_York,fulfilled,Eve Every,every@example.com`,
        `Sacramento,CA,95814,US,${money(order.subtotalCents)},1.25,SUMMER,${money(order.shippingCents)},${money(order.taxCents)},${money(order.totalCents)},2.50`,
        `${order.paymentProvider},${order.paymentReference},2,"2 × ${line.title} (${options})"`,
      ].join(","),
    );
    const [, lineRow] = await csvRows(`/api/admin/order-lines.csv?q=${order.number}`);
    expect(lineRow).toBe(`${order.number},2026-07-04 12:05:09,America/New_York,${line.title},${SKU},"${options}",2,${money(line.unitPriceCents)},${money(line.lineTotalCents)}`);
  });
});
