/**
 * The customers staff look up (decision 0053): everyone who bought or signed up, one per email whatever its case,
 * guests included. An order or a subscription is the customer's of its account when checkout linked one, else of its
 * email, so a guest who signs up later is the same customer. Read at query time from the accounts and the
 * subscriptions, and from the placed orders' figures rolled up per customer as they change (customer_figures, decision
 * 0078): summing every order of the shop on each request took seconds on a big one; staff's notes and tags are the
 * one thing of their own, in customer_profiles.
 *
 * A shopper's own profile page still shows only the orders linked to their account (server/accounts/customer-orders.ts):
 * an email is not verified at sign-up. Staff see the customer by email, as they would answer them.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { NEWSLETTER_STATUSES } from "../../core/schemas/admin-customers";
import type { SubscriptionStatus } from "../../core/subscriptions";
import { normalizeEmail } from "../../core/email-address";
import { notFound } from "../../core/errors";
import { recordAudit, type AuditActor } from "../audit/audit";
import { rowsOf, type Database } from "../db/client";
import { customerProfiles, newsletterSubscribers } from "../db/schema";
import { containing, cursorId } from "../db/listing";
import { csvPages } from "../http/csv";
import { ownerEmail } from "../orders/customer-figures";
import { placedStates } from "../orders/revenue";
import { shopTimeZone } from "../store/settings";
import { shopDateTimes } from "../../core/shop-time";

export const CUSTOMERS_PAGE_SIZE = 50;
export const CUSTOMER_NOT_FOUND = "No such customer in this store";

export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export type CustomerSummary = {
  /** The address of the customer: the account's id, or `o` and their first order's number for a guest. */
  key: string;
  accountId: number | null;
  email: string;
  name: string;
  since: Date;
  orderCount: number;
  totalSpentCents: number;
  firstOrderAt: Date | null;
  lastOrderAt: Date | null;
  tags: string[];
};

/** Where a keyset page starts: after this customer, by latest activity (as the database wrote it, to the microsecond) and key. */
type CustomerPlace = { activity: string; key: string };

type CustomerRow = { emailKey: string; activity: string; notes: string; summary: CustomerSummary };

/** pg_trgm's indexes find a pattern's matches from three letters on; a shorter term reads every record. */
const TRIGRAM = 3;
/**
 * How many records of each source a short term's walk newest first reads at most before it looks the term up in
 * every record instead: a term that needs a longer walk for a page of 50 is held by under one customer in a hundred,
 * and so few are looked up one by one faster than the walk reads on (a term no one holds would walk the whole shop).
 */
const LONGEST_WALK = 5_000;

/** A customer's records by their own date and the customer's key (decision 0078), each read newest first. */
type Source = { table: SQL; mine: SQL; at: SQL; key: SQL };

const sourcesOf = (storeId: string): Source[] => [
  { table: sql`customers`, mine: sql`store_id = ${storeId}`, at: sql`created_at`, key: sql`email_normalized` },
  { table: sql`customer_figures`, mine: sql`store_id = ${storeId}`, at: sql`last_order_at`, key: sql`email_key` },
  { table: sql`subscriptions s left join customers a on a.id = s.customer_id`, mine: sql`s.store_id = ${storeId}`, at: sql`s.created_at`, key: ownerEmail("s", "a") },
];

/** `(at, key)` comes after the place, newest first and then by key; the date's bound lets its index start at the place. */
const afterPlace = (at: SQL, key: SQL, place: CustomerPlace) =>
  sql`${at} <= ${place.activity}::timestamptz and (${at} < ${place.activity}::timestamptz or ${key} > ${place.key})`;

/** A source's records after the place (all from the start without one), newest first: `count` of them from `skip` on. */
const walked = (source: Source, from: CustomerPlace | undefined, count: number, skip = 0) =>
  sql`select ${source.at} as at, ${source.key} as key from ${source.table}
    where ${source.mine} and ${from === undefined ? sql`true` : afterPlace(source.at, source.key, from)}
    order by ${source.at} desc nulls last, ${source.key} limit ${count} offset ${skip}`;

/**
 * Where a walk of `size` records of each source after `from` ends: the newest of the last records of the sources that
 * have that many; null when none has, and the walk reaches the end of the list. Every record up to there is in it.
 */
async function walkEnd(db: Database, storeId: string, from: CustomerPlace | undefined, size: number): Promise<CustomerPlace | null> {
  const lasts = sql.join(
    sourcesOf(storeId).map((source) => sql`(${walked(source, from, 1, size - 1)})`),
    sql` union all `,
  );
  const [end] = await rowsOf<{ activity: string; key: string }>(db, sql`select at::text as activity, key from (${lasts}) w order by at desc, key limit 1`);
  return end ?? null;
}

type Reading = { only: string } | { candidates: SQL; term: string; after: CustomerPlace | undefined; upTo: CustomerPlace | null };

/**
 * The customers newest activity first: the one whose email is `only`, or those among the candidates (keys) who match
 * the term, after a place and up to another. A customer's activity is the latest of their records' dates, so every
 * customer between two places has a record there: a walk of the records between them holds them all.
 */
async function readRows(db: Database, storeId: string, reading: Reading, limit: number): Promise<CustomerRow[]> {
  const only = "only" in reading ? reading.only : undefined;
  const term = "only" in reading ? "" : reading.term;
  const pattern = containing(term);
  // One customer's records are found by the indexes on the email and the account link; ownerEmail still decides.
  const ofOnly = (row: string) =>
    only === undefined
      ? sql``
      : sql`and (lower(btrim(${sql.identifier(row)}.email)) = ${only}
          or ${sql.identifier(row)}.customer_id in (select id from customers where store_id = ${storeId} and email_normalized = ${only}))`;
  const key = sql`coalesce(c.email_normalized, b.key, s.key)`;
  const activity = sql`greatest(c.created_at, b.last_order_at, s.since)`;
  // One customer's records side by side by full joins (PostgreSQL makes them by hashing or merging); candidates each
  // looked up by key, as one row by a unique key: the limit keeps the planner from flattening the lookup into a hash
  // join that reads the whole table.
  const customersOf =
    only !== undefined
      ? sql`accounts c full join bought b on b.key = c.email_normalized full join subscribed s on s.key = coalesce(c.email_normalized, b.key)`
      : sql`candidates k left join lateral (select * from accounts where email_normalized = k.key limit 1) c on true
          left join lateral (select * from bought where key = k.key limit 1) b on true left join subscribed s on s.key = k.key`;
  const name = sql`coalesce(nullif(btrim(c.first_name || ' ' || c.last_name), ''), b.name, s.name, '')`;
  const rows = await rowsOf<Record<string, unknown>>(db, sql`
    with ${"candidates" in reading ? sql`candidates as (${reading.candidates}),` : sql``}
    subscribed as (
      select ${ownerEmail("s", "a")} as key, min(s.created_at) as since,
        (array_agg(s.email order by s.created_at desc))[1] as email, (array_agg(s.customer_name order by s.created_at desc))[1] as name
      from subscriptions s left join customers a on a.id = s.customer_id
      where s.store_id = ${storeId} ${ofOnly("s")} ${only === undefined ? sql`and ${ownerEmail("s", "a")} in (select key from candidates)` : sql``}
      group by 1
    ),
    bought as (
      select f.email_key as key, f.order_count, f.spent_cents as spent, f.first_order_at, f.last_order_at, f.first_number, f.email, f.name
      from customer_figures f
      where f.store_id = ${storeId} ${only === undefined ? sql`` : sql`and f.email_key = ${only}`}
    ),
    accounts as (
      select * from customers where store_id = ${storeId} ${only === undefined ? sql`` : sql`and email_normalized = ${only}`}
    )
    select ${key} as email_key, c.id as account_id, coalesce(c.email, b.email, s.email) as email, ${name} as name,
      least(c.created_at, b.first_order_at, s.since) as since,
      coalesce(b.order_count, 0) as order_count, coalesce(b.spent, 0) as spent,
      b.first_order_at, b.last_order_at, b.first_number, coalesce(pr.tags, '{}') as tags, coalesce(pr.notes, '') as notes,
      ${activity}::text as activity
    from ${customersOf}
    left join customer_profiles pr on pr.store_id = ${storeId} and pr.email_normalized = ${key}
    where ${only === undefined ? sql`true` : sql`${key} = ${only}`}
      and ${"after" in reading && reading.after !== undefined ? afterPlace(activity, key, reading.after) : sql`true`}
      and ${"upTo" in reading && reading.upTo !== null ? sql`not (${afterPlace(activity, key, reading.upTo)})` : sql`true`}
      and ${
        term === ""
          ? sql`true`
          : sql`(${key} ilike ${pattern} or ${name} ilike ${pattern}
              or exists (select 1 from unnest(pr.tags) tag where tag ilike ${pattern}))`
      }
    order by ${activity} desc, ${key}
    limit ${limit}`);
  return rows.map((row) => ({
    emailKey: String(row.email_key),
    activity: String(row.activity),
    notes: String(row.notes),
    summary: {
      key: row.account_id === null ? `o${String(row.first_number)}` : String(row.account_id),
      accountId: row.account_id === null ? null : Number(row.account_id),
      email: String(row.email),
      name: String(row.name),
      since: new Date(row.since as string),
      orderCount: Number(row.order_count),
      totalSpentCents: Number(row.spent),
      firstOrderAt: row.first_order_at === null ? null : new Date(row.first_order_at as string),
      lastOrderAt: row.last_order_at === null ? null : new Date(row.last_order_at as string),
      tags: row.tags as string[],
    } satisfies CustomerSummary,
  }));
}

/**
 * The keys of the customers one of whose records holds the term (through the trigram indexes from three letters on):
 * the name shown is one of theirs, the key is each record's, the tags are the profile's.
 */
const matching = (storeId: string, pattern: string) => sql`
  (select email_normalized as key from customers
    where store_id = ${storeId} and (email_normalized ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern}))
  union (select email_key from customer_figures where store_id = ${storeId} and (email_key ilike ${pattern} or name ilike ${pattern}))
  union (select ${ownerEmail("s", "a")} from subscriptions s left join customers a on a.id = s.customer_id
    where s.store_id = ${storeId} and (${ownerEmail("s", "a")} ilike ${pattern} or s.customer_name ilike ${pattern}))
  union (select email_normalized from customer_profiles, unnest(tags) tag where store_id = ${storeId} and tag ilike ${pattern})`;

/**
 * One row per customer of the store, newest activity first: `only` narrows to one email, `q` to a part of the name or
 * email or a tag. The screen pages by offset; the export by place (`after`), so a file read slowly skips no one.
 *
 * The list, and a term too short for the trigram indexes (most customers match "a"), walk the records of every source
 * newest first by their indexes, a window at a time, and stop at the page's end: a page costs its own length, whatever
 * the shop's size and however far the place. A longer term looks up the customers whose records match it.
 */
async function customerRows(
  db: Database,
  storeId: string,
  filter: { only?: string; q?: string; offset?: number; after?: CustomerPlace; limit: number },
): Promise<CustomerRow[]> {
  if (filter.only !== undefined) return readRows(db, storeId, { only: filter.only }, filter.limit);
  const term = filter.q?.trim() ?? "";
  const offset = filter.offset ?? 0;
  const wanted = offset + filter.limit;
  const rows: CustomerRow[] = [];
  let from = filter.after;
  for (let size = wanted; term.length < TRIGRAM && (term === "" || size <= LONGEST_WALK); ) {
    const to = await walkEnd(db, storeId, from, size);
    const windows = sql.join(
      sourcesOf(storeId).map((source) => sql`(${walked(source, from, size)})`),
      sql` union all `,
    );
    const found = await readRows(db, storeId, { candidates: sql`select distinct key from (${windows}) w`, term, after: from, upTo: to }, wanted - rows.length);
    rows.push(...found);
    if (rows.length === wanted || to === null) return rows.slice(offset);
    from = to;
    // The next window as much longer as this one found few of those still wanted: for a term few customers hold, soon
    // longer than the longest walk (at once when this one found none); the whole list's no longer than that.
    const needed = wanted - rows.length;
    size = found.length === 0 ? size * needed : Math.ceil((size * needed) / found.length);
    if (term === "") size = Math.min(size, Math.max(LONGEST_WALK, needed));
  }
  rows.push(...(await readRows(db, storeId, { candidates: matching(storeId, containing(term)), term, after: from, upTo: null }, wanted - rows.length)));
  return rows.slice(offset);
}

/** Newest activity first (signed up, bought or subscribed), by part of the name or email or a tag; the cursor is how many came before. */
export async function listDeskCustomers(
  db: Database,
  storeId: string,
  filter: { q?: string; cursor?: string; limit?: number } = {},
): Promise<{ customers: CustomerSummary[]; nextCursor: string | null }> {
  const limit = filter.limit ?? CUSTOMERS_PAGE_SIZE;
  const offset = cursorId(filter.cursor) ?? 0;
  const rows = await customerRows(db, storeId, { q: filter.q, offset, limit: limit + 1 });
  const page = rows.slice(0, limit).map((row) => row.summary);
  return { customers: page, nextCursor: rows.length > limit ? String(offset + limit) : null };
}

const CSV_COLUMNS = ["email", "name", "account", "orders", "total_spent", "first_order_at", "last_order_at", "time_zone", "tags"];
const CSV_PAGE = 500;

/** Every customer the search finds, a page at a time by keyset (the list's offsets would read every page before). */
async function* everyCustomerPage(db: Database, storeId: string, q: string | undefined): AsyncGenerator<CustomerSummary[]> {
  for (let after: CustomerPlace | undefined; ; ) {
    const rows = await customerRows(db, storeId, { q, after, limit: CSV_PAGE });
    yield rows.map((row) => row.summary);
    const last = rows.at(-1);
    if (!last || rows.length < CSV_PAGE) return;
    after = { activity: last.activity, key: last.emailKey };
  }
}

/**
 * Every customer the search finds, as CSV sent as it is read (the shop's one writer: server/http/csv.ts); money in
 * dollars and times in the shop's time zone, as the orders' CSV.
 */
export async function* customersCsv(db: Database, storeId: string, filter: { q?: string }): AsyncGenerator<string> {
  const timeZone = await shopTimeZone(db, storeId);
  const localTime = shopDateTimes(timeZone);
  const local = (at: Date | null) => (at ? localTime(at) : null);
  yield* csvPages(CSV_COLUMNS, everyCustomerPage(db, storeId, filter.q), (customers) =>
    customers.map((c) => [c.email, c.name, c.accountId === null ? "guest" : "account", c.orderCount, (c.totalSpentCents / 100).toFixed(2), local(c.firstOrderAt), local(c.lastOrderAt), timeZone, c.tags.join(", ")]),
  );
}

/** The email a customer's address names: an account's, or the owner of an order (decision 0053). */
async function emailOfKey(db: Database, storeId: string, key: string): Promise<string> {
  const byOrder = key.startsWith("o");
  const id = Number(byOrder ? key.slice(1) : key);
  const result = await db.execute(
    byOrder
      ? sql`select ${ownerEmail("o")} as key from orders o where o.store_id = ${storeId} and o.number = ${id} and o.status in (${placedStates})`
      : sql`select email_normalized as key from customers where store_id = ${storeId} and id = ${id}`,
  );
  const [row] = (result as unknown as { rows: { key: string }[] }).rows;
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row.key;
}

export type CustomerDetail = CustomerSummary & {
  notes: string;
  newsletter: NewsletterStatus;
  orders: { number: number; status: string; totalCents: number; placedAt: Date }[];
  subscriptions: { id: number; status: SubscriptionStatus; startedAt: Date }[];
};

/** One customer by their address (an account's id, or `o` and any of their orders' numbers). */
export async function getDeskCustomer(db: Database, storeId: string, key: string): Promise<CustomerDetail> {
  const email = await emailOfKey(db, storeId, key);
  const [row] = await customerRows(db, storeId, { only: email, offset: 0, limit: 1 });
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  // The index on lower(btrim(email)) finds a guest's orders; the account's are found by its link.
  const theirs = (table: string) =>
    sql`${sql.identifier(table)}.store_id = ${storeId} and (lower(btrim(${sql.identifier(table)}.email)) = ${email} or ${sql.identifier(table)}.customer_id = ${row.summary.accountId ?? 0})
      and ${ownerEmail(table)} = ${email}`;
  const [orderRows, subscriptionRows, [subscriber]] = await Promise.all([
    db.execute(sql`select o.number, o.status, o.total_cents, o.created_at from orders o
      where ${theirs("o")} and o.status in (${placedStates}) order by o.created_at desc limit 200`),
    db.execute(sql`select s.id, s.status, s.created_at from subscriptions s where ${theirs("s")} order by s.created_at desc`),
    db
      .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.emailNormalized, email))),
  ]);
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  return {
    ...row.summary,
    notes: row.notes,
    newsletter: !subscriber ? "not subscribed" : subscriber.unsubscribedAt ? "unsubscribed" : "subscribed",
    orders: rowsOf(orderRows).map((order) => ({
      number: Number(order.number),
      status: String(order.status),
      totalCents: Number(order.total_cents),
      placedAt: new Date(order.created_at as string),
    })),
    subscriptions: rowsOf(subscriptionRows).map((subscription) => ({
      id: Number(subscription.id),
      status: subscription.status as SubscriptionStatus,
      startedAt: new Date(subscription.created_at as string),
    })),
  };
}

/** Staff keep notes and tags about a customer, by their email; in the audit trail with what they replaced. */
export async function saveCustomerProfile(
  db: Database,
  actor: AuditActor,
  key: string,
  profile: { notes: string; tags: string[] },
): Promise<CustomerDetail> {
  const email = normalizeEmail(await emailOfKey(db, actor.storeId, key));
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ notes: customerProfiles.notes, tags: customerProfiles.tags })
      .from(customerProfiles)
      .where(and(eq(customerProfiles.storeId, actor.storeId), eq(customerProfiles.emailNormalized, email)))
      .for("update");
    await tx
      .insert(customerProfiles)
      .values({ storeId: actor.storeId, emailNormalized: email, ...profile })
      .onConflictDoUpdate({ target: [customerProfiles.storeId, customerProfiles.emailNormalized], set: { ...profile, updatedAt: new Date() } });
    await recordAudit(tx, actor, { action: "customer.profile", entity: "customer", entityId: key, before: before ?? null, after: profile });
  });
  return getDeskCustomer(db, actor.storeId, key);
}
