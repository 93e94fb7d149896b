/**
 * The back office's reads on a generated big shop (tests/support/big-shop.ts, issue 38) are served by the indexes made
 * for them (migrations 0054, 0057, 0058 and 0060, decisions 0074 and 0078). Each statement is the one the code runs: the use-case function is called
 * on a database that records what it sends, and the recorded statement, with its own parameters, is explained. The
 * plans are the planner's own choice after ANALYZE, on a shop large enough (20,000 orders, 15,000 variants) for reading
 * a whole table to cost more than an index; a store of this size without the index reads the table (the cart's
 * orders and the order search then take a Seq Scan or a walk of every order newest first).
 */
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLineActor } from "../audit/audit";
import { cartReminderReport } from "../checkout/cart-reminders";
import { duplicateProduct } from "../catalog/product-editor";
import { lowStockVariants, salesFigures } from "../orders/dashboard";
import { recentSessions } from "../analytics/report";
import { listDeskOrders } from "../orders/desk";
import { orderBookCsv } from "../orders/books";
import { customersCsv, getDeskCustomer, listDeskCustomers } from "../customers/desk";
import type { Database } from "./client";
import * as schema from "./schema";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { bigShopSize, generateBigShop } from "../../tests/support/big-shop";

type Sent = { query: string; params: unknown[] };

class RolledBack extends Error {}

describe.runIf(usingPostgres())("the back office's reads on a big shop", () => {
  let database: TestDatabase;
  let sent: Sent[];
  let recording: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    // The analytics are read from their daily totals whatever their size: only the latest sessions need many visits.
    await generateBigShop(database.db, database.storeId, { ...bigShopSize(0.1), sessions: 5_000 });
    sent = [];
    recording = drizzleNodePostgres(database.pool!, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } }) as unknown as Database;
  }, 300_000);
  afterAll(async () => {
    await database?.dispose();
  });

  /** The statements `work` sends that `pick` chooses, each explained with its parameters. */
  const plansOf = async (work: (db: Database) => Promise<unknown>, pick: (query: string) => boolean): Promise<string[]> => {
    sent.length = 0;
    await work(recording);
    const chosen = sent.filter((statement) => pick(statement.query));
    expect(chosen.length, "the statement was sent").toBeGreaterThan(0);
    return Promise.all(
      chosen.map(async ({ query, params }) => {
        const result = await database.pool!.query<{ "QUERY PLAN": string }>(`explain ${query}`, params);
        return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      }),
    );
  };

  it("finds a cart's paid orders by orders_store_cart_idx (the cart reminders' report, on the dashboard and analytics pages)", async () => {
    const [plan] = await plansOf(
      (db) => cartReminderReport(db, database.storeId, { days: 30 }),
      (query) => query.includes('"restored_cart_id"') && query.includes("lateral"),
    );
    expect(plan).toContain("orders_store_cart_idx");
  });

  // Their refunds are few enough (one order in ten) to be read whole and joined by hash: no index asked for there.
  it("sums the dashboard's sales of the last 30 days by orders_store_paid_idx", async () => {
    const [plan] = await plansOf(
      (db) => salesFigures(db, database.storeId),
      (query) => query.includes("width_bucket"),
    );
    expect(plan).toContain("orders_store_paid_idx");
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });

  it("lists the dashboard's low stock by variants_store_stock_idx, emptiest first, without sorting every variant", async () => {
    const [plan] = await plansOf(
      (db) => lowStockVariants(db, database.storeId),
      (query) => query.includes('"low_stock_threshold"'),
    );
    expect(plan).toContain("variants_store_stock_idx");
    expect(plan).not.toMatch(/Seq Scan on variants|Sort/);
  });

  // The generated visits all left before a beacon: the worst case, where walking every visit newest first finds none.
  it("lists the latest sessions that sent a beacon by analytics_sessions_store_beacon_idx, not a walk of every visit", async () => {
    const [plan] = await plansOf(
      (db) => recentSessions(db, database.storeId),
      (query) => query.includes('"analytics_sessions"'),
    );
    expect(plan).toContain("analytics_sessions_store_beacon_idx");
    expect(plan).not.toMatch(/Seq Scan on analytics_sessions/);
  });

  it("searches orders by part of the email and of the name through the trigram indexes", async () => {
    const [byEmail] = await plansOf(
      (db) => listDeskOrders(db, database.storeId, { q: "big.customer.1234@" }),
      (query) => query.includes("ilike"),
    );
    expect(byEmail).toContain("orders_email_trgm_idx");
    expect(byEmail).toContain("orders_customer_name_trgm_idx");
    expect(byEmail).not.toMatch(/Seq Scan on orders|Index Scan Backward using orders_pkey/);
  });

  it("searches orders by number through orders_number_idx, beside the trigram indexes", async () => {
    const [byNumber] = await plansOf(
      (db) => listDeskOrders(db, database.storeId, { q: "#12345" }),
      (query) => query.includes("ilike"),
    );
    expect(byNumber).toContain("orders_number_idx");
    expect(byNumber).toContain("orders_email_trgm_idx");
    expect(byNumber).not.toMatch(/Seq Scan on orders|Index Scan Backward using orders_pkey/);
  });

  // Without the month's ids, a page walking the primary key past the month's first order reads every older one (200 ms
  // on the whole big shop for the last page). Each page either reads the month by the index and sorts it (here, where a demo
  // order placed in the month has one of the first ids) or walks the primary key between the month's ids (the whole
  // big shop, 8,500 orders a month).
  it("exports last month's orders by orders_store_created_idx: the ids placed in the month once, then pages that stop at the month's first order", async () => {
    const now = new Date();
    const month = { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), before: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) };
    const plans = await plansOf(
      async (db) => {
        for await (const chunk of orderBookCsv(db, database.storeId, month)) void chunk;
      },
      (query) => query.includes('"orders"."created_at" >='),
    );
    const [placed, ...pages] = plans;
    expect(placed).toContain("orders_store_created_idx");
    expect(placed).not.toMatch(/Seq Scan on orders/);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page).toMatch(/orders_store_created_idx|Index Scan Backward using orders_pkey on orders .*\n\s+Index Cond: \(\(id >= \d+\) AND \(id <= \d+\)/);
      expect(page).not.toMatch(/Seq Scan on orders/);
    }
  });

  it("checks a SKU whatever its case by variants_store_lower_sku_idx (the product editor's copy)", async () => {
    const [{ id }] = await database.db.execute<{ id: number }>(sql`select id from products where handle = 'big-7'`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const plans = await plansOf(
      (db) =>
        db
          .transaction(async (tx) => {
            await duplicateProduct(tx, commandLineActor(database.storeId), id);
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          }),
      (query) => query.includes('lower("variants"."sku") ='),
    );
    for (const plan of plans) {
      expect(plan).toContain("variants_store_lower_sku_idx");
      expect(plan).not.toMatch(/Seq Scan on variants/);
    }
  });

  // A search looks up only the customers one of whose records matches, each by its key (on the whole big shop the
  // matches are found through the trigram indexes of the accounts and the kept figures; at this tenth, reading the
  // 5,000 accounts costs the planner less); the CSV's pages after a place, with no search, read each customer's kept
  // row once, by hash beside the accounts. Neither reads an order.
  it("lists the customers' pages by the newest accounts and figures, searches and exports them from their kept figures, and finds one by its key, summing no order", async () => {
    const listing = (query: string) => query.includes("customer_figures");
    const [page] = await plansOf((db) => listDeskCustomers(db, database.storeId, { cursor: "100" }), listing);
    expect(page).toContain("customer_figures_store_last_order_idx");
    expect(page).toContain("customers_store_created_idx");
    expect(page).not.toMatch(/\bon orders\b|Seq Scan on customer_figures|Seq Scan on customers/);
    const searches = [
      ...(await plansOf((db) => listDeskCustomers(db, database.storeId, { q: "nakamura-123" }), listing)),
      ...(await plansOf(async (db) => {
        for await (const chunk of customersCsv(db, database.storeId, { q: "big.customer.1234" })) void chunk;
      }, listing)),
    ];
    for (const plan of searches) {
      expect(plan).toContain("customer_figures_store_id_email_key_pk");
      expect(plan).toContain("customers_store_email_uq");
      expect(plan).not.toMatch(/\bon orders\b/);
    }
    const whole = await plansOf(async (db) => {
      for await (const chunk of customersCsv(db, database.storeId, {})) void chunk;
    }, listing);
    for (const plan of whole) {
      expect(plan).toMatch(/on customer_figures/);
      expect(plan).not.toMatch(/\bon orders\b/);
    }
    const [{ id }] = await database.db.execute<{ id: number }>(sql`select id from customers where email = 'big.customer.7@example.com'`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const [one] = await plansOf((db) => getDeskCustomer(db, database.storeId, String(id)), listing);
    expect(one).toContain("customer_figures_store_id_email_key_pk");
    expect(one).not.toMatch(/\bon orders\b/);
  });

  // A term of one or two letters, which the trigram indexes cannot narrow (most customers hold an "a"), and the CSV's
  // pages with no search walk the accounts and the figures newest first from the page's place, by their indexes: a
  // page reads a page's worth of them, never either table whole.
  it("walks the customers' short searches and the CSV's pages by the newest accounts and figures, reading neither whole", async () => {
    const listing = (query: string) => query.includes("customer_figures");
    const plans = [
      ...(await plansOf((db) => listDeskCustomers(db, database.storeId, { q: "a" }), listing)),
      ...(await plansOf((db) => listDeskCustomers(db, database.storeId, { q: "ng", cursor: "50" }), listing)),
      ...(await plansOf(async (db) => {
        for await (const chunk of customersCsv(db, database.storeId, {})) void chunk;
      }, listing)),
    ];
    for (const plan of plans) {
      expect(plan).toContain("customers_store_created_idx");
      expect(plan).toContain("customer_figures_store_last_order_idx");
      expect(plan).not.toMatch(/\bon orders\b|Seq Scan on customer_figures|Seq Scan on customers/);
    }
  });
});
