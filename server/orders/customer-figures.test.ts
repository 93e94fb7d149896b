import { readFile } from "node:fs/promises";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { paidOrderBy, subscribedBy } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { orderEditChangesSchema } from "../../core/schemas/order-edits";
import type { AuditActor } from "../audit/audit";
import { createCustomer } from "../accounts/customers";
import { listDeskCustomers } from "../customers/desk";
import { rowsOf } from "../db/client";
import { variants } from "../db/schema";
import { createDraft, markPaid } from "../drafts/drafts";
import { applyEdit, previewEdit } from "../order-edits/edits";
import { approveReturn, exchangeReturn, getReturn, receiveReturn, startReturn } from "../returns/returns";
import { figuresFromOrders } from "./customer-figures";
import { cancelOrder, fulfilOrder, refundOrder } from "./operations";
import { linesOf } from "./orders";

const actor: AuditActor = { storeId: "demo", kind: "staff", id: 7, label: "packer@example.com" };
const BAG = "HOUSE-12OZ-DRIP";
const DEARER = "HOUSE-2LB-WB";

type Figures = { key: string; order_count: number; spent: string; first_at: string; last_at: string; first_number: number; email: string; name: string };

/** The figures as text, whichever driver read them. */
const figuresIn = (t: TestApp, from: SQL) =>
  rowsOf<Figures>(t.deps.db, sql`
    select f.key, f.order_count::int as order_count, f.spent_cents::text as spent, f.first_order_at::text as first_at, f.last_order_at::text as last_at,
      f.first_number, f.email, f.name
    from (${from}) f order by f.key`);
const kept = (t: TestApp) =>
  figuresIn(t, sql`select email_key as key, order_count, spent_cents, first_order_at, last_order_at, first_number, email, name from customer_figures where store_id = ${t.deps.storeId}`);

/** The kept figures are the sum of the orders the list made before (decision 0078); answers the customer's. */
async function keptAsSummed(t: TestApp, key: string): Promise<Figures> {
  const summed = await figuresIn(t, figuresFromOrders(t.deps.storeId));
  expect(await kept(t)).toEqual(summed);
  const theirs = summed.find((row) => row.key === key);
  expect(theirs, `${key} has figures`).toBeDefined();
  return theirs!;
}

describe("each customer's figures, kept as their orders change", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.db.update(variants).set({ stock: 500 });
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("stay the sum of their orders through payments, refunds, a cancel, edits, links, an exchange, a draft and a sign-up", async () => {
    const key = "fig.buyer@example.com";
    const first = await paidOrderBy(t, { email: "Fig.Buyer@example.com", name: "Fig Buyer" });
    expect(await keptAsSummed(t, key)).toMatchObject({ order_count: 1, spent: String(first.totalCents), email: "Fig.Buyer@example.com" });
    const second = await paidOrderBy(t, { email: "FIG.BUYER@EXAMPLE.COM", name: "Fig B." });
    const third = await paidOrderBy(t, { email: key, name: "Fig Buyer" });
    expect(await keptAsSummed(t, key)).toMatchObject({ order_count: 3, spent: String(first.totalCents + second.totalCents + third.totalCents), name: "Fig Buyer" });

    await refundOrder(t.deps, "demo", first.number!, { amountCents: 500, actor });
    await cancelOrder(t.deps, "demo", second.number!, { actor });
    expect(await keptAsSummed(t, key)).toMatchObject({ order_count: 3, spent: String(first.totalCents - 500 + third.totalCents) });

    // An edit that adds a bag asks for its price by a link: not revenue until paid; taking it away again closes the link.
    const added = orderEditChangesSchema.parse({ add: [{ sku: BAG, quantity: 1 }] });
    await applyEdit(t.deps, "demo", actor, third.number!, added, (await previewEdit(t.deps, "demo", third.number!, added)).after.totalCents);
    expect(await keptAsSummed(t, key)).toMatchObject({ spent: String(first.totalCents - 500 + third.totalCents) });
    const addedLine = (await linesOf(t.deps.db, third.id)).find((line) => line.sku === BAG)!;
    const removed = orderEditChangesSchema.parse({ lines: [{ line_id: addedLine.id, quantity: 0 }] });
    await applyEdit(t.deps, "demo", actor, third.number!, removed, (await previewEdit(t.deps, "demo", third.number!, removed)).after.totalCents);
    await keptAsSummed(t, key);

    // A dearer exchange is a new order owing its difference by a link.
    const shipped = await fulfilOrder(t.deps, "demo", (await paidOrderBy(t, { email: key, name: "Fig Buyer" }, 2)).number!);
    const [line] = await linesOf(t.deps.db, shipped.id);
    const ret = await startReturn(t.deps, "demo", shipped.number!, { lines: [{ order_line_id: line.id, quantity: 1 }], reason: "size" }, { actor });
    await approveReturn(t.deps, "demo", ret.id);
    const [returned] = (await getReturn(t.deps.db, "demo", ret.id)).lines;
    await receiveReturn(t.deps, "demo", ret.id, [returned.id]);
    await exchangeReturn(t.deps, "demo", ret.id, { lines: [{ return_line_id: returned.id, sku: DEARER }], actor });
    expect(await keptAsSummed(t, key)).toMatchObject({ order_count: 5 });

    // A draft taken down on the phone is the customer's once paid.
    const draft = await createDraft(t.deps, "demo", actor, {
      email: key,
      customerName: "Fig Phoned",
      address: { name: null, line1: "2 Harbor Way", line2: null, city: "Sacramento", state: "CA", postal_code: "95814", country: "US" },
      shippingOptionKey: "standard",
      shippingCentsOverride: null,
      lines: [{ sku: BAG, quantity: 2, unitPriceCents: null }],
      discount: null,
    });
    expect((await keptAsSummed(t, key)).order_count).toBe(5);
    await markPaid(t.deps, "demo", actor, draft.id, { paid_with: "cash", note: "" });
    const figures = await keptAsSummed(t, key);
    expect(figures).toMatchObject({ order_count: 6, name: "Fig Phoned" });

    // The guest signs up: the same customer, with an account.
    const account = (await createCustomer(t.deps.db, "demo", { email: "Fig.Buyer@Example.com", password: "a long enough passphrase 42", firstName: "Fig", lastName: "Buyer" }))!;
    const { customers } = await listDeskCustomers(t.deps.db, "demo", { q: "fig.buyer" });
    expect(customers).toMatchObject([{ accountId: account.id, orderCount: 6, totalSpentCents: Number(figures.spent), name: "Fig Buyer" }]);
  });

  it("are filled from history by the migration as they are kept", async () => {
    await paidOrderBy(t, { email: "history@example.com", name: "Hal Story" });
    const before = await kept(t);
    const migration = await readFile(new URL("../db/migrations/0058_customer_figures.sql", import.meta.url), "utf8");
    const fill = migration.split("--> statement-breakpoint").at(-1)!;
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`delete from customer_figures`);
      await tx.execute(sql.raw(fill));
    });
    expect(before.length).toBeGreaterThan(1);
    expect(await kept(t)).toEqual(before);
  });

  it("page the whole list by offset as the search for everyone orders it, accounts, buyers and subscribers, ties too", async () => {
    await paidOrderBy(t, { email: "early.guest@example.com", name: "Early Guest" });
    await subscribedBy(t, "sub.scriber@example.com");
    await paidOrderBy(t, { email: "late.guest@example.com", name: "Late Guest" });
    for (const email of ["tie.b@example.com", "tie.a@example.com"]) {
      await createCustomer(t.deps.db, "demo", { email, password: "a long enough passphrase 42", firstName: "Tie", lastName: "Signup" });
    }
    await t.deps.db.execute(sql`update customers set created_at = (select max(created_at) from orders) where email like 'tie.%'`);
    const { customers: everyone } = await listDeskCustomers(t.deps.db, "demo", { q: "@", limit: 1000 });
    expect(everyone.length).toBeGreaterThanOrEqual(5);
    expect(everyone.filter((customer) => customer.email.startsWith("tie.")).map((customer) => customer.email)).toEqual(["tie.a@example.com", "tie.b@example.com"]);
    for (const limit of [1, 2, 3, 7]) {
      const paged = [];
      for (let cursor: string | undefined; ; ) {
        const page = await listDeskCustomers(t.deps.db, "demo", { limit, cursor });
        paged.push(...page.customers);
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(paged).toEqual(everyone);
    }
  });
});

// Real concurrency needs real connections: PGlite runs one query at a time, so this runs on PostgreSQL only.
describe.skipIf(!usingPostgres())("one customer's orders paid at once on two instances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, BAG));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("count every order: each waits for the customer's row and reads the others' orders after", async () => {
    const other = secondInstance(t);
    const key = "twice@example.com";
    const paid = await Promise.all(Array.from({ length: 12 }, (_, n) => paidOrderBy(n % 2 ? other : t, { email: n % 3 ? key : "TWICE@example.com", name: `Twice ${n}` })));
    const figures = await keptAsSummed(t, key);
    expect(figures).toMatchObject({ order_count: 12, spent: String(paid.reduce((sum, order) => sum + order.totalCents, 0)) });
    // And refunds of several of them at once.
    await Promise.all(paid.slice(0, 6).map((order, n) => refundOrder((n % 2 ? other : t).deps, "demo", order.number!, { amountCents: 100, actor })));
    expect(await keptAsSummed(t, key)).toMatchObject({ order_count: 12, spent: String(Number(figures.spent) - 600) });
  });
});
