/**
 * Each customer's placed orders rolled up (decision 0078): how many, what they brought (revenue.ts), the first and the
 * latest, and the latest's email and name, in customer_figures by the email that owns them (ownerEmail). The customers
 * list reads them there instead of summing every order of the shop on each request. Every change that moves them (an
 * order placed, refunded, edited, exchanged, a payment link opened, paid or cancelled) calls keepCustomerFigures in
 * its own transaction, which works the owner's figures out again from their orders: they are the sum the list made
 * before, by construction, whatever the change.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { placedStates, revenueCentsOf } from "./revenue";

/**
 * Whose a record with `email` and `customer_id` columns is: its account's email, else its own, normalised (decision
 * 0053); the customers desk and report count people by it. `account`: the query's left join of the customers on
 * `customer_id`, where it reads many records at once (a lookup per record is slower there).
 */
export const ownerEmail = (row: string, account?: string) =>
  sql`coalesce(${account ? sql`${sql.identifier(account)}.email_normalized` : sql`(select a.email_normalized from customers a where a.id = ${sql.identifier(row)}.customer_id)`}, lower(btrim(${sql.identifier(row)}.email)))`;

/**
 * The figures of the store's customers from their placed orders, one row each (key and the table's columns), all of
 * them or those whose email is one of `keys`: found by the indexes on the orders' email and account link, as the
 * desk finds one customer's orders.
 */
export function figuresFromOrders(storeId: string, keys?: readonly string[]): SQL {
  const list = keys && sql.join(keys.map((key) => sql`${key}`), sql`, `);
  return sql`
    select ${ownerEmail("o", "a")} as key, count(*)::int as order_count, coalesce(sum(${revenueCentsOf("o")}), 0)::bigint as spent_cents,
      min(o.created_at) as first_order_at, max(o.created_at) as last_order_at, min(o.number) as first_number,
      (array_agg(o.email order by o.created_at desc, o.id desc))[1] as email, (array_agg(o.customer_name order by o.created_at desc, o.id desc))[1] as name
    from orders o left join customers a on a.id = o.customer_id
    where o.store_id = ${storeId} and o.status in (${placedStates}) ${
      list
        ? sql`and (lower(btrim(o.email)) in (${list}) or o.customer_id in (select id from customers where store_id = ${storeId} and email_normalized in (${list})))
            and ${ownerEmail("o", "a")} in (${list})`
        : sql``
    }
    group by 1`;
}

const COLUMNS = sql`(store_id, email_key, order_count, spent_cents, first_order_at, last_order_at, first_number, email, name)`;
const fromFigures = (storeId: string, figures: SQL) =>
  sql`select ${storeId}, f.key, f.order_count, f.spent_cents, f.first_order_at, f.last_order_at, f.first_number, f.email, f.name from (${figures}) f`;

/**
 * Works the figures of the customers `keys` (owner emails) out again from their orders, inside the caller's
 * transaction after its change. Each customer's row is locked first (made if missing) and the orders read after, in
 * a statement of its own: a second transaction changing the same customer's orders waits here until the first has
 * committed and then reads its orders too, so the last to write has counted everyone's.
 */
async function refreshCustomerFigures(tx: Tx, storeId: string, keys: readonly string[]): Promise<void> {
  // In one order, so two transactions that both change two customers' orders never wait on each other in a circle.
  const owners = [...new Set(keys)].sort();
  if (owners.length === 0) return;
  const list = sql.join(owners.map((key) => sql`(${storeId}, ${key})`), sql`, `);
  await tx.execute(sql`insert into customer_figures (store_id, email_key) values ${list}
    on conflict (store_id, email_key) do update set email_key = excluded.email_key`);
  const named = sql.join(owners.map((key) => sql`${key}`), sql`, `);
  await tx.execute(sql`delete from customer_figures where store_id = ${storeId} and email_key in (${named})`);
  await tx.execute(sql`insert into customer_figures ${COLUMNS} ${fromFigures(storeId, figuresFromOrders(storeId, owners))}`);
}

/**
 * Keeps the figures of the customer who owns the order after the caller's change to it (it was placed, or its total,
 * refunds or payment links changed), in the caller's transaction. An order's owner does not change: checkout links
 * it to the account of its own email only (server/accounts/customer-orders.ts), which ownerEmail finds the same.
 */
export async function keepCustomerFigures(tx: Tx, order: { id: number; storeId: string }): Promise<void> {
  const result = await tx.execute(sql`select ${ownerEmail("o")} as key from orders o where o.id = ${order.id}`);
  await refreshCustomerFigures(tx, order.storeId, (result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
}

/** Every figure of the store worked out again from its orders: orders written by SQL straight into the tables (tests/support/big-shop.ts). */
export async function fillCustomerFigures(db: Database, storeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from customer_figures where store_id = ${storeId}`);
    await tx.execute(sql`insert into customer_figures ${COLUMNS} ${fromFigures(storeId, figuresFromOrders(storeId))}`);
  });
}
