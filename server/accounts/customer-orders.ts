/** A signed-in customer's own orders, for the profile page. Only orders linked to the account are shown. */
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { orderLines, orders } from "../db/schema";
import { currentCustomer } from "./session";
import { orderMoney } from "../../core/money";

export type CustomerOrderSummary = {
  number: number;
  placedAt: string;
  status: string;
  totalCents: number;
};

/**
 * Orders linked to the customer's account at checkout. Orders merely sharing the email are left out: an email is
 * not verified at sign-up, so matching on it would show a stranger's orders to whoever registers that address.
 */
export async function listCustomerOrders(db: Database, storeId: string, customerId: number): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId), isNotNull(orders.number)))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((row) => ({
    number: row.number!,
    placedAt: row.createdAt.toISOString(),
    status: row.status,
    totalCents: row.totalCents,
  }));
}

export async function getCustomerOrder(db: Database, storeId: string, customerId: number, number: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId), eq(orders.number, number)));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      title: orderLines.title,
      attributes: orderLines.attributes,
      stockComponents: orderLines.stockComponents,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return {
    number: number,
    placedAt: order.createdAt.toISOString(),
    status: order.status,
    email: order.email,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    ...orderMoney(order),
    lines,
  };
}

/**
 * Links an order placed while signed in, with the account's email, to the account, so it shows on the profile.
 * Called by the checkout right after it creates the order; an order already linked stays as it is.
 */
export async function linkOrderToSignedInCustomer(deps: AppDeps, request: Request, storeId: string, orderId: number): Promise<void> {
  const customer = await currentCustomer(deps, request);
  if (!customer) return;
  await deps.db
    .update(orders)
    .set({ customerId: customer.id })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.storeId, storeId),
        isNull(orders.customerId),
        sql`lower(trim(${orders.email})) = ${customer.email.trim().toLowerCase()}`,
      ),
    );
}
