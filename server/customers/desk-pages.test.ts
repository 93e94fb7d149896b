/**
 * The customers list, its short searches and its CSV walk each source's records newest first and stop at the page's
 * end (issue 38): on a generated shop of a few thousand customers (accounts signed up at the same moment, accounts
 * signed up at the moment of their latest order, guests, tags on old customers), every way of reading it gives the
 * order and the customers that one search for everyone gives, each once.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { bigShopSize, generateBigShop } from "../../tests/support/big-shop";
import { commandLineActor } from "../audit/audit";
import { rowsOf } from "../db/client";
import { customersCsv, listDeskCustomers, saveCustomerProfile, type CustomerSummary } from "./desk";

let database: TestDatabase;
/** Every customer as the search for a part of every email ("example", through the trigram indexes) lists them. */
let everyone: CustomerSummary[];

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const { db, storeId } = database;
  await generateBigShop(db, storeId, { ...bigShopSize(0.05), products: 20, cartReminders: 10, sessions: 10 });
  // A quarter of the accounts signed up at one moment, and some at the moment of their latest order.
  await db.execute(sql`update customers set created_at = (select created_at from customers where store_id = ${storeId} order by id limit 1 offset 40)
    where store_id = ${storeId} and id % 4 = 0`);
  await db.execute(sql`update customers c set created_at = f.last_order_at from customer_figures f
    where c.store_id = ${storeId} and f.store_id = c.store_id and f.email_key = c.email_normalized and c.id % 7 = 0`);
  // Tags on a few of the oldest accounts, far down the list.
  const oldest = await rowsOf<{ id: number }>(db, sql`select id from customers where store_id = ${storeId} order by created_at, id limit 3`);
  for (const { id } of oldest) await saveCustomerProfile(db, commandLineActor(storeId), String(id), { notes: "", tags: ["Wholesale"] });
  everyone = (await listDeskCustomers(db, storeId, { q: "example", limit: 100_000 })).customers;
}, 300_000);
afterAll(async () => {
  await database?.dispose();
});

async function paged(q: string | undefined, limit: number): Promise<CustomerSummary[]> {
  const customers = [];
  for (let cursor: string | undefined; ; ) {
    const page = await listDeskCustomers(database.db, database.storeId, { q, limit, cursor });
    customers.push(...page.customers);
    if (page.nextCursor === null) return customers;
    cursor = page.nextCursor;
  }
}

async function csvEmails(q?: string): Promise<string[]> {
  let csv = "";
  for await (const chunk of customersCsv(database.db, database.storeId, { q })) csv += chunk;
  return (parse(csv, { columns: true }) as { email: string }[]).map((row) => row.email);
}

/** What a search means: a part of the email or the name shown, or of a tag, whatever the case. */
const matches = (term: string) => (customer: CustomerSummary) =>
  [customer.email, customer.name, ...customer.tags].some((text) => text.toLowerCase().includes(term.toLowerCase()));

describe("the customers list walked newest first", () => {
  it("holds every customer of the shop once", async () => {
    const [{ count }] = await rowsOf<{ count: number }>(database.db, sql`
      select count(*)::int as count from (
        select email_normalized from customers where store_id = ${database.storeId}
        union select email_key from customer_figures where store_id = ${database.storeId}
      ) k`);
    expect(count).toBeGreaterThan(3_000);
    expect(everyone).toHaveLength(count);
    expect(new Set(everyone.map((customer) => customer.key)).size).toBe(count);
  });

  it("pages by offset as the search for everyone orders it, ties by key", async () => {
    expect(await paged(undefined, 400)).toEqual(everyone);
    const first = [];
    for (let cursor: string | undefined; first.length < 140; ) {
      const page = await listDeskCustomers(database.db, database.storeId, { limit: 7, cursor });
      first.push(...page.customers);
      cursor = page.nextCursor!;
    }
    expect(first).toEqual(everyone.slice(0, 140));
  });

  it("finds a term of one or two letters by a part of the name, the email or a tag, across pages", async () => {
    expect(await paged("a", 500)).toEqual(everyone.filter(matches("a")));
    const zhang = everyone.filter(matches("ng"));
    expect(zhang.length).toBeGreaterThan(50);
    expect(zhang.length).toBeLessThan(everyone.length / 10);
    expect(await paged("NG", 20)).toEqual(zhang);
    // Only the tag holds "wh", on three of the oldest: the walk gives way to looking up the few customers who match.
    const tagged = await paged("wh", 2);
    expect(tagged.map((customer) => customer.tags)).toEqual([["Wholesale"], ["Wholesale"], ["Wholesale"]]);
    expect(tagged).toEqual(everyone.filter(matches("wh")));
    expect(await paged("-1", 100)).toEqual(everyone.filter(matches("-1")));
    expect(await paged("q", 100)).toEqual(everyone.filter(matches("q")));
    expect(await paged("zq", 10)).toEqual([]);
  });

  it("writes every customer once in the CSV with no search, in the list's order, across pages of 500; a short search's too", async () => {
    const emails = await csvEmails();
    expect(emails).toEqual(everyone.map((customer) => customer.email));
    expect(await csvEmails("ng")).toEqual(everyone.filter(matches("ng")).map((customer) => customer.email));
  });
});
