/**
 * A customer's way to their order's returns: signed in, their own order; otherwise a signed link (server/mail/
 * signed-links.ts) naming the order, which the order lookup and the return emails hand out, so a guest who proved
 * the order's number and email once can start a return and follow it. Nothing of the link is stored.
 */
import { and, eq } from "drizzle-orm";
import { RETURN_STATE_LABELS, returnWindow, type ReturnWindow } from "../../core/returns";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { checkLink, signLink } from "../mail/signed-links";
import { getStoreSettings } from "../store/settings";
import { withWords } from "../orders/line-words";
import { orderReturns } from "./returns";

const PURPOSE = "order-returns";
/** Long enough for the longest window after a late shipment, and the refund that follows. */
const LINK_DAYS = 400;

/** The path of the order's returns page for whoever holds it. */
export async function returnsPath(db: Database, order: { id: number; storeId: string; number: number | null }): Promise<string> {
  const key = await signLink(db, order.storeId, { purpose: PURPOSE, subject: String(order.id), expiresAt: new Date(Date.now() + LINK_DAYS * 86_400_000) });
  return `/orders/${order.number}/returns?key=${encodeURIComponent(key)}`;
}

export type ReturnsAccess = { customerId: number | null; key: string | null };

/** The order if this customer or this link may open its returns; null for a missing order and another's alike. */
async function accessibleOrder(db: Database, storeId: string, number: number, access: ReturnsAccess) {
  const [order] = await db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) return null;
  if (access.customerId !== null && order.customerId === access.customerId) return order;
  if (access.key) {
    const checked = await checkLink(db, storeId, PURPOSE, access.key);
    if (checked.ok && checked.subject === String(order.id)) return order;
  }
  return null;
}

export type CustomerReturnsPage = {
  number: number;
  window: { open: true; closesAt: string } | { open: false; why: string };
  lines: { id: number; title: string; options: string; contents: string[]; bought: number; left: number }[];
  returns: { id: number; status: string; label: string; createdAt: string; declineNote: string | null; refundedCents: number | null; exchangeOrderNumber: number | null; owedCents: number; lines: { title: string; options: string; quantity: number }[] }[];
};

const windowWire = (window: ReturnWindow): CustomerReturnsPage["window"] =>
  window.open ? { open: true, closesAt: window.closesAt.toISOString() } : { open: false, why: window.why };

/** What the customer's returns page shows: the window, each line with what may still be returned, and their returns. */
export async function customerReturnsPage(deps: AppDeps, storeId: string, number: number, access: ReturnsAccess): Promise<CustomerReturnsPage | null> {
  const order = await accessibleOrder(deps.db, storeId, number, access);
  if (!order) return null;
  const [settings, found] = await Promise.all([getStoreSettings(deps.db, storeId), orderReturns(deps.db, storeId, number)]);
  const worded = await withWords(deps.db, storeId, found.returnable.map((row) => row.line));
  return {
    number,
    window: windowWire(returnWindow(order.fulfilledAt, settings.returns.windowDays)),
    lines: found.returnable.map((row, index) => ({
      id: row.line.id,
      title: row.line.title,
      options: worded[index].words.options,
      contents: worded[index].words.contents.map((item) => item.text),
      bought: row.bought,
      left: row.left,
    })),
    returns: found.returns.map((ret) => ({
      id: ret.id,
      status: ret.status,
      label: RETURN_STATE_LABELS[ret.status].shopper,
      createdAt: ret.createdAt.toISOString(),
      declineNote: ret.declineNote,
      refundedCents: ret.refundedCents,
      exchangeOrderNumber: ret.exchangeOrderNumber,
      owedCents: ret.owedCents,
      lines: ret.lines.map((line) => ({ title: line.title, options: line.options, quantity: line.quantity })),
    })),
  };
}

/** Whether the customer (or link) may act on the order's returns; the use case checks the rest under its lock. */
export async function mayReturn(db: Database, storeId: string, number: number, access: ReturnsAccess): Promise<boolean> {
  return (await accessibleOrder(db, storeId, number, access)) !== null;
}

/** The returns page's path for an order the caller has just proved is theirs (the order lookup found it by number and email). */
export async function returnsPathOfFound(db: Database, storeId: string, number: number): Promise<string | null> {
  const [order] = await db.select({ id: orders.id, storeId: orders.storeId, number: orders.number }).from(orders).where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  return order ? returnsPath(db, order) : null;
}
