/**
 * The customers staff look up: the accounts, found by email or name, each with what they spent (paid less refunded)
 * and whether they read the newsletter. Orders are an account's when checkout linked them to it (as the profile page
 * shows them), never by a shared email: an email is not verified at sign-up.
 */
import { and, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { listCustomerOrders, type CustomerOrderSummary } from "../accounts/customer-orders";
import type { Database } from "../db/client";
import { customers, newsletterSubscribers } from "../db/schema";
import { HttpError } from "../http/errors";
import { containing, cursorId } from "../db/listing";
import { revenueCentsOf } from "../orders/revenue";

export const CUSTOMERS_PAGE_SIZE = 50;

export type NewsletterStatus = "subscribed" | "unsubscribed" | "not subscribed";

export type CustomerSummary = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  orderCount: number;
  totalSpentCents: number;
};

// Named in full: a one-table select leaves drizzle's columns unqualified, which a subquery would misread. An order
// counts once it has a number (it was paid); what it cost is its revenue (server/orders/revenue.ts).
const orderCount = sql<string>`(select count(*) from orders o where o.customer_id = "customers"."id" and o.number is not null)`;
const totalSpent = sql<string>`(select coalesce(sum(${revenueCentsOf("o")}), 0) from orders o
  where o.customer_id = "customers"."id" and o.number is not null)`;

const summaryColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  createdAt: customers.createdAt,
  orderCount,
  totalSpentCents: totalSpent,
};

const summaryOf = (row: { orderCount: string; totalSpentCents: string } & Omit<CustomerSummary, "orderCount" | "totalSpentCents">) => ({
  ...row,
  orderCount: Number(row.orderCount),
  totalSpentCents: Number(row.totalSpentCents),
});

function matching(q: string): SQL | undefined {
  const term = q.trim();
  if (term === "") return undefined;
  const pattern = containing(term);
  return or(
    ilike(customers.email, pattern),
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
  );
}

/** Newest accounts first, a page at a time (the cursor is the last id seen). */
export async function listDeskCustomers(
  db: Database,
  storeId: string,
  filter: { q?: string; cursor?: string; limit?: number } = {},
): Promise<{ customers: CustomerSummary[]; nextCursor: string | null }> {
  const limit = filter.limit ?? CUSTOMERS_PAGE_SIZE;
  const after = cursorId(filter.cursor);
  const rows = await db
    .select(summaryColumns)
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        filter.q === undefined ? undefined : matching(filter.q),
        after === undefined ? undefined : lt(customers.id, after),
      ),
    )
    .orderBy(desc(customers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(summaryOf);
  return { customers: page, nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null };
}

export type CustomerDetail = CustomerSummary & { newsletter: NewsletterStatus; orders: CustomerOrderSummary[] };

export async function getDeskCustomer(db: Database, storeId: string, id: number): Promise<CustomerDetail> {
  const [row] = await db
    .select({ ...summaryColumns, emailNormalized: customers.emailNormalized })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, id)));
  if (!row) throw new HttpError(404, `Customer ${id} not found`);
  const { emailNormalized, ...summary } = row;
  const [subscriber] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.emailNormalized, emailNormalized)));
  return {
    ...summaryOf(summary),
    newsletter: !subscriber ? "not subscribed" : subscriber.unsubscribedAt ? "unsubscribed" : "subscribed",
    orders: await listCustomerOrders(db, storeId, id),
  };
}
