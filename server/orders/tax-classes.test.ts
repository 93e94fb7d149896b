/**
 * Tax classes and the tax report (decision 0063): each order line keeps the rate of its product's class in its region,
 * so a later rate change rewrites no order, its invoice or the report; the report counts New York's months, taxable
 * and exempt sales, shipping taxed, the tax collected and what a refund gave back, as the API's JSON and CSV.
 */
import { readFileSync } from "node:fs";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { payWithCard } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { invoices, orderLines, orders, products, refunds, taxRates, variants } from "../db/schema";
import { createApiToken } from "../staff/tokens";
import { changeStoreSettings } from "../store/settings";
import { createTaxClass, createTaxRate, deleteTaxClass, listTaxRateRecords, updateTaxRate } from "../store/rules";
import type { InvoiceFigures } from "../../core/invoices";
import { refundOrder } from "./operations";
import { DEMO } from "../db/seed-content";
import { taxReport } from "./tax-report";

/** $16.00, $54.00 and $14.00 in the catalogue. */
const BLEND = "HOUSE-12OZ-WB";
const KETTLE = "KETTLE-STEEL";
const SENCHA = "SENCHA-50G";
const VIRGINIA = { line1: "1 Capitol Sq", city: "Richmond", state: "VA", postal_code: "23219", country: "US" };
const CALIFORNIA = { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };
/** $14.99, never free. */
const EXPRESS = 1499;

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
const actor = () => commandLineActor(t.deps.storeId);

type Order = typeof orders.$inferSelect;

/** A checkout of `items` shipped by express to `address`, paid by card; its order. */
async function bought(items: { sku: string; quantity: number }[], address: typeof VIRGINIA, email: string, discountCode?: string): Promise<Order> {
  const cartItems = items.map((item) => ({ kind: "product", ...item }));
  const cart = await t.call("POST", "/api/cart-items", { cartItems });
  expect(cart.status).toBe(200);
  const cookie = cart.headers.getSetCookie()[0].split(";")[0];
  const cost: Record<string, number> = { [BLEND]: 1600, [KETTLE]: 5400, [SENCHA]: 1400 };
  const session = await t.call(
    "POST",
    "/api/stripe/create_checkout_session",
    { checkout_items: items, store_id: "demo", cost_of_checkout: items.reduce((sum, item) => sum + cost[item.sku] * item.quantity, 0) },
    { cookie },
  );
  expect(session.status).toBe(201);
  const { session_id } = (await session.json()) as { session_id: string };
  const submitted = await t.call(
    "POST",
    "/api/stripe/submit_order",
    { session_id, store_id: "demo", address, email, name: "Tess Taxpayer", shipping_option: "express", ...(discountCode ? { discount_code: discountCode } : {}) },
    { cookie },
  );
  const body = (await submitted.json()) as { order_id: number; client_secret: string };
  expect(submitted.status, JSON.stringify(body)).toBe(200);
  await payWithCard(t, body.client_secret);
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
  expect(order.status).toBe("paid");
  return order;
}

const linesOf = (order: Order) => t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
const paidAt = (order: Order, at: string) => t.deps.db.update(orders).set({ createdAt: new Date(at), paidAt: new Date(at) }).where(eq(orders.id, order.id));

let mixed: Order;
let exempt: Order;
let california: Order;
let lateNight: Order;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.update(variants).set({ stock: 500 }).where(inArray(variants.sku, [BLEND, KETTLE, SENCHA]));
  manager = { authorization: `Bearer ${(await createApiToken(t.deps.db, actor(), { name: "books", role: "manager" })).secret}` };
  fulfilment = { authorization: `Bearer ${(await createApiToken(t.deps.db, actor(), { name: "packing", role: "fulfilment" })).secret}` };
  await changeStoreSettings(t.deps.db, actor(), { timeZone: "America/New_York" });
  // Virginia at 6 % with groceries (coffee and tea: the reduced class) at 1 % and shipping taxed; California (the
  // tests' shop) at 7.25 % with no reduced rate, so coffee is standard there; tea is exempt everywhere.
  await createTaxRate(t.deps.db, actor(), { country: "US", region: "VA", rate_basis_points: 600, taxes_shipping: true, class_rates: { reduced: 100 } });
  await t.deps.db.update(products).set({ taxClass: "reduced" }).where(eq(products.handle, "house-blend"));
  await t.deps.db.update(products).set({ taxClass: "exempt" }).where(eq(products.handle, "uji-sencha"));

  mixed = await bought([{ sku: BLEND, quantity: 2 }, { sku: KETTLE, quantity: 1 }], VIRGINIA, "mixed@example.com");
  exempt = await bought([{ sku: SENCHA, quantity: 1 }, { sku: BLEND, quantity: 1 }], VIRGINIA, "tea@example.com");
  california = await bought([{ sku: BLEND, quantity: 2 }], CALIFORNIA, "west@example.com");
  lateNight = await bought([{ sku: KETTLE, quantity: 1 }], VIRGINIA, "late@example.com");
  await paidAt(mixed, "2026-03-10T15:00:00Z");
  await paidAt(exempt, "2026-03-20T15:00:00Z");
  await paidAt(california, "2026-03-15T15:00:00Z");
  // 23:30 on 31 March in New York (EDT, UTC-4): 03:30 on 1 April in UTC.
  await paidAt(lateNight, "2026-04-01T03:30:00Z");
});
afterAll(async () => {
  await t.database.dispose();
});

describe("each order line", () => {
  it("is taxed at its class's rate in its region, and keeps the rate and its discount share", async () => {
    // 6 % of the $54 kettle and $14.99 shipping is 413.94 → 414; 1 % of the $32 of coffee is 32.
    expect(mixed).toMatchObject({ subtotalCents: 8600, shippingCents: EXPRESS, taxCents: 446, shippingTaxRateBasisPoints: 600, totalCents: 8600 + EXPRESS + 446 });
    expect((await linesOf(mixed)).map((line) => [line.sku, line.taxRateBasisPoints, line.discountCents])).toEqual([
      [BLEND, 100, 0],
      [KETTLE, 600, 0],
    ]);
    // Tea is exempt (0 %), coffee 1 %: 16; the shipping 6 %: 89.94 → 90.
    expect(exempt.taxCents).toBe(106);
    expect((await linesOf(exempt)).map((line) => line.taxRateBasisPoints)).toEqual([0, 100]);
    // California has no reduced rate: coffee at its standard 7.25 %, shipping untaxed there.
    expect(california).toMatchObject({ taxCents: 232, shippingTaxRateBasisPoints: null });
    expect((await linesOf(california)).map((line) => line.taxRateBasisPoints)).toEqual([725]);
  });

  it("keeps its rate after the owner changes the region's rates: the order, its invoice and the next quote", async () => {
    const [virginia] = (await listTaxRateRecords(t.deps.db, t.deps.storeId)).filter((rate) => rate.region === "VA");
    await updateTaxRate(t.deps.db, actor(), virginia.id, { ...virginia, rate_basis_points: 700, class_rates: { reduced: 200 } });
    try {
      expect((await linesOf(mixed)).map((line) => line.taxRateBasisPoints)).toEqual([100, 600]);
      const [invoice] = await t.deps.db.select().from(invoices).where(and(eq(invoices.orderId, mixed.id), eq(invoices.kind, "invoice")));
      const figures = invoice.figures as InvoiceFigures;
      expect(figures.taxes).toEqual([
        { label: "Tax VA 1%", cents: 32 },
        { label: "Tax VA 6% (goods and shipping)", cents: 414 },
      ]);
      expect(figures.lines.map((line) => line.text)).toEqual(["Tidewater House Blend (Whole Bean, 12 oz) (tax 1%)", "Gooseneck Pour-Over Kettle (Brushed Steel) (tax 6%)"]);
      // The report reads what the orders kept, not today's rates.
      const march = (await taxReport(t.deps.db, t.deps.storeId, { from: "2026-03", to: "2026-03" })).rows.find((row) => row.region === "VA");
      expect(march?.taxCollectedCents).toBe(446 + 106 + lateNight.taxCents);
      // A new order is taxed at the new rates: 2 % of the coffee, 7 % of the shipping.
      const next = await bought([{ sku: BLEND, quantity: 2 }], VIRGINIA, "after@example.com");
      expect(next.taxCents).toBe(64 + 105);
      expect((await linesOf(next)).map((line) => line.taxRateBasisPoints)).toEqual([200]);
      await t.deps.db.update(orders).set({ paidAt: new Date("2026-06-01T12:00:00Z") }).where(eq(orders.id, next.id));
    } finally {
      await updateTaxRate(t.deps.db, actor(), virginia.id, { ...virginia });
    }
  });
});

describe("the tax report", () => {
  it("counts New York's months by region: taxable and exempt sales, shipping taxed, tax collected and a refund's tax returned", async () => {
    // An owner's refund of $20 of the mixed order on 5 April gives back its share of the order's tax.
    const refunded = await refundOrder(t.deps, t.deps.storeId, mixed.number!, { amountCents: 2000 });
    expect(refunded.refundedCents).toBe(2000);
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, mixed.id));
    const returned = Math.round((2000 * 446) / mixed.totalCents);
    expect(refund.taxCents).toBe(returned);
    await t.deps.db.update(refunds).set({ createdAt: new Date("2026-04-05T16:00:00Z") }).where(eq(refunds.id, refund.id));

    const report = await taxReport(t.deps.db, t.deps.storeId, { from: "2026-03", to: "2026-04" });
    expect(report).toMatchObject({ from: "2026-03", to: "2026-04", timeZone: "America/New_York" });
    expect(report.rows).toEqual([
      {
        month: "2026-03",
        country: "US",
        region: "CA",
        taxableSalesCents: 3200,
        exemptSalesCents: 0,
        shippingTaxedCents: 0,
        taxCollectedCents: 232,
        taxReturnedCents: 0,
        netTaxCents: 232,
      },
      {
        month: "2026-03",
        country: "US",
        region: "VA",
        // The coffee and kettles of three orders, the late one's kettle included; the tea alone exempt.
        taxableSalesCents: 3200 + 5400 + 1600 + 5400,
        exemptSalesCents: 1400,
        shippingTaxedCents: 3 * EXPRESS,
        taxCollectedCents: 446 + 106 + 414,
        taxReturnedCents: 0,
        netTaxCents: 446 + 106 + 414,
      },
      {
        month: "2026-04",
        country: "US",
        region: "VA",
        taxableSalesCents: 0,
        exemptSalesCents: 0,
        shippingTaxedCents: 0,
        taxCollectedCents: 0,
        taxReturnedCents: returned,
        netTaxCents: -returned,
      },
    ]);
    // The late order is 1 April's in UTC.
    await changeStoreSettings(t.deps.db, actor(), { timeZone: "UTC" });
    try {
      const utc = await taxReport(t.deps.db, t.deps.storeId, { from: "2026-04", to: "2026-04" });
      expect(utc.rows.find((row) => row.region === "VA")?.taxCollectedCents).toBe(414);
    } finally {
      await changeStoreSettings(t.deps.db, actor(), { timeZone: "America/New_York" });
    }
  });

  it("is the API's JSON and CSV for owners and managers, refused to fulfilment staff and for months the wrong way round", async () => {
    const json = await t.call("GET", "/api/admin/reports/tax?from=2026-03&to=2026-03", undefined, manager);
    expect(json.status).toBe(200);
    const body = (await json.json()) as { time_zone: string; rows: { region: string; tax_collected_cents: number; exempt_sales_cents: number }[] };
    expect(body.time_zone).toBe("America/New_York");
    expect(body.rows.map((row) => [row.region, row.tax_collected_cents, row.exempt_sales_cents])).toEqual([
      ["CA", 232, 0],
      ["VA", 966, 1400],
    ]);
    const csv = await t.call("GET", "/api/admin/reports/tax.csv?from=2026-03&to=2026-04", undefined, manager);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows[0]).toBe("month,time_zone,country,region,taxable_sales,exempt_sales,shipping_taxed,tax_collected,tax_returned,net_tax");
    expect(rows[2]).toBe("2026-03,America/New_York,US,VA,156.00,14.00,44.97,9.66,0.00,9.66");
    expect(rows).toHaveLength(4);

    expect((await t.call("GET", "/api/admin/reports/tax", undefined, fulfilment)).status).toBe(403);
    const backwards = await t.call("GET", "/api/admin/reports/tax?from=2026-04&to=2026-03", undefined, manager);
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ field: "from" });
    expect((await t.call("GET", "/api/admin/reports/tax?from=2026-13", undefined, manager)).status).toBe(400);
  });
});

describe("tax classes", () => {
  it("are named by the owner, given rates per region, chosen for products, and deleted only when no product is in one", async () => {
    const created = await t.call("POST", "/api/admin/tax-classes", { name: "Books" }, manager);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ tax_class: { key: "books", name: "Books", built_in: false } });
    expect((await t.call("POST", "/api/admin/tax-classes", { name: "reduced" }, manager)).status).toBe(409);
    const listed = (await (await t.call("GET", "/api/admin/tax-classes", undefined, manager)).json()) as { tax_classes: { key: string }[] };
    expect(listed.tax_classes.map((taxClass) => taxClass.key)).toEqual(["standard", "reduced", "exempt", "books"]);

    const [virginia] = await t.deps.db.select().from(taxRates).where(eq(taxRates.region, "VA"));
    const rate = { country: "US", region: "VA", rate_basis_points: 600, taxes_shipping: true };
    const changed = await t.call("PUT", `/api/admin/tax-rates/${virginia.id}`, { ...rate, class_rates: { reduced: 100, books: 0 } }, manager);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { tax_rate: { class_rates: object } }).tax_rate.class_rates).toEqual({ books: 0, reduced: 100 });
    const unknown = await t.call("PUT", `/api/admin/tax-rates/${virginia.id}`, { ...rate, class_rates: { comics: 100 } }, manager);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ field: "class_rates.comics" });
    expect((await t.call("PUT", `/api/admin/tax-rates/${virginia.id}`, { ...rate, class_rates: { exempt: 100 } }, manager)).status).toBe(400);
    // Left out, the class rates stay.
    await t.call("PUT", `/api/admin/tax-rates/${virginia.id}`, rate, manager);
    expect((await listTaxRateRecords(t.deps.db, t.deps.storeId)).find((record) => record.region === "VA")?.class_rates).toEqual({ books: 0, reduced: 100 });

    const [mug] = await t.deps.db.select().from(products).where(eq(products.handle, "harbor-mug"));
    const product = (await (await t.call("GET", `/api/admin/products/${mug.id}`, undefined, manager)).json()) as { product: Record<string, unknown> };
    expect(product.product.tax_class).toBe("standard");
    const { id: _id, pictures: _pictures, old_handles: _old, created_at: _created, updated_at: _updated, ...input } = product.product;
    const variantsInput = (input.variants as Record<string, unknown>[]).map(({ id: _variant, image_id: _image, ...variant }) => variant);
    const put = (taxClass: string) => t.call("PUT", `/api/admin/products/${mug.id}`, { ...input, variants: variantsInput, tax_class: taxClass }, manager);
    expect((await put("comics")).status).toBe(400);
    const saved = await put("books");
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { product: { tax_class: string } }).product.tax_class).toBe("books");

    expect((await t.call("DELETE", "/api/admin/tax-classes/books", undefined, manager)).status).toBe(409);
    expect((await t.call("DELETE", "/api/admin/tax-classes/reduced", undefined, manager)).status).toBe(409);
    await t.deps.db.update(products).set({ taxClass: "standard" }).where(eq(products.id, mug.id));
    await deleteTaxClass(t.deps.db, actor(), "books");
    expect((await listTaxRateRecords(t.deps.db, t.deps.storeId)).find((record) => record.region === "VA")?.class_rates).toEqual({ reduced: 100 });
    expect((await t.call("DELETE", "/api/admin/tax-classes/books", undefined, manager)).status).toBe(404);
    await expect(createTaxClass(t.deps.db, actor(), { name: "Books" })).resolves.toMatchObject({ key: "books" });
  });
});

describe("orders from before lines kept their tax", () => {
  it("get from the migration the discount shares and rate the quote would have kept, and their refunds their tax share", async () => {
    // Three bags and a kettle to California with SAVE15 (15 %, at most $10): $10 split $4.71 and $5.29; 7.25 % of $92 is $6.67.
    const order = await bought([{ sku: BLEND, quantity: 3 }, { sku: KETTLE, quantity: 1 }], CALIFORNIA, "before@example.com", DEMO.discountCodes.percentCapped);
    expect(order).toMatchObject({ discountCents: 1000, taxCents: 667 });
    await refundOrder(t.deps, t.deps.storeId, order.number!, { amountCents: 5000 });
    const kept = async () => ({
      lines: (await linesOf(order)).map((line) => [line.discountCents, line.taxRateBasisPoints]),
      shipping: (await t.deps.db.select({ rate: orders.shippingTaxRateBasisPoints }).from(orders).where(eq(orders.id, order.id)))[0].rate,
      refund: (await t.deps.db.select({ tax: refunds.taxCents }).from(refunds).where(eq(refunds.orderId, order.id)))[0].tax,
    });
    const asQuoted = await kept();
    expect(asQuoted).toEqual({ lines: [[471, 725], [529, 725]], shipping: null, refund: Math.round((5000 * 667) / order.totalCents) });

    await t.deps.db.update(orderLines).set({ discountCents: 0, taxRateBasisPoints: null }).where(eq(orderLines.orderId, order.id));
    await t.deps.db.update(refunds).set({ taxCents: 0 }).where(eq(refunds.orderId, order.id));
    const migration = readFileSync("server/db/migrations/0047_tax_classes.sql", "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*(--.*\n)*/, "").trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(backfill).toHaveLength(4);
    for (const statement of backfill) await t.deps.db.execute(sql.raw(statement));
    expect(await kept()).toEqual(asQuoted);
  });
});
