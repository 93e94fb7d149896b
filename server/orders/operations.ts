/**
 * The owner's operations on a placed order, from the back office, the admin API and the owner's command alike: ship,
 * refund all or part, cancel, note and resend the confirmation. Each runs under the order's lock, through the
 * lifecycle table, is audited, and mails the customer once it has committed.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { ORDER_MOVES, refundTooLargeMessage } from "../../core/order-lifecycle";
import type { AppDeps } from "../context";
import { orderNotes, orders, refunds } from "../db/schema";
import { COMMAND_LINE_LABEL, recordAudit, type AuditActor } from "../audit/audit";
import { sendOrderCancelled, sendOrderConfirmation, sendOrderRefunded, sendOrderShipped } from "./email";
import { OutOfStockError, reserveStock, stockNeeded } from "./inventory";
import type { Tx } from "../db/client";
import { assertMove } from "./lifecycle";
import { closeAndRelease, linesOf, mailLogged, orderEvent, restockOnce, type Order } from "./orders";
import { makeOwedRefunds, oweRefundAcrossPayments, ownerRefundTaxCents, refundLeftOf, refundablePayments } from "./refunds";
import { documentAttachment } from "./invoices";
import { conflict, notFound, ruleBroken } from "../../core/errors";

export async function listOrders(deps: AppDeps, storeId: string, limit = 50) {
  return deps.db.select().from(orders).where(eq(orders.storeId, storeId)).orderBy(desc(orders.createdAt)).limit(limit);
}

export async function getOrderByNumber(deps: AppDeps, storeId: string, number: number) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw notFound(`Order ${number} not found`);
  return { order, lines: await linesOf(deps.db, order.id) };
}

/** Who does an owner's operation, for the audit trail; the command line passes none until it names itself. */
export type OrderActor = { actor?: AuditActor };

async function audit(tx: Tx, options: OrderActor, action: string, order: Order, before: Record<string, unknown>, after: Record<string, unknown>) {
  if (options.actor) await recordAudit(tx, options.actor, { action, entity: "order", entityId: order.number, before, after });
}

/** The order by number, locked for this transaction: every owner operation on an order takes this lock first. */
async function lockOrder(tx: Tx, storeId: string, number: number): Promise<Order> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)))
    .for("update");
  if (!order) throw notFound(`Order ${number} not found`);
  return order;
}

export type Shipment = { carrier?: string; trackingNumber?: string };

/**
 * Marks a paid order shipped, with the carrier and tracking number when given, tells the customer (with a tracking
 * link where the carrier is known) and the listeners (reviews ask for a review). A backordered renewal takes its
 * stock now, and is refused while there still is too little.
 */
export async function fulfilOrder(
  deps: AppDeps,
  storeId: string,
  orderNumber: number,
  options: Shipment & OrderActor = {},
): Promise<Order> {
  const fulfilled = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, storeId, orderNumber);
    assertMove(order, "fulfil");
    const shipment = { carrier: options.carrier ?? null, trackingNumber: options.trackingNumber ?? null };
    const [row] = await tx
      .update(orders)
      .set({ status: ORDER_MOVES.fulfil.to, fulfilledAt: new Date(), ...shipment })
      .where(eq(orders.id, order.id))
      .returning();
    if (order.status === "backordered") {
      try {
        const move = { orderId: order.id, actorLabel: options.actor?.label ?? COMMAND_LINE_LABEL, note: "backorder fulfilled" };
        await reserveStock(tx, storeId, stockNeeded(await linesOf(tx, order.id)), move);
      } catch (error) {
        if (!(error instanceof OutOfStockError)) throw error;
        throw conflict(`Order ${orderNumber} is backordered: there is not enough ${error.sku} in stock yet to fulfil it`);
      }
    }
    await audit(tx, options, "order.fulfil", order, { status: order.status }, { status: row.status, ...shipment });
    return row;
  });
  await mailLogged(fulfilled, "order shipped", () => sendOrderShipped(deps, fulfilled));
  await deps.orderEvents.emitFulfilled(deps, orderEvent(fulfilled));
  return fulfilled;
}

export type RefundResult = { order: Order; refundedCents: number; refundOwed: boolean };

/**
 * Owes `amountCents` of a locked order's payments back (the one path of every owner refund, whole or partial), after
 * checking, under the order's lock, that it with every refund before stays within what was paid: two refunds at once
 * wait for each other and the second sees the first. A balance its payment link still asks for was never paid, so it
 * is not refundable. The refund is drawn from the checkout's payment first, then the links' (refundablePayments).
 * Each part has its own idempotency key (the first refund `refund:<order id>`, the next `refund:<order id>:<n>`, a
 * second part `…:part2`), so a retry to the provider is the same refund.
 */
async function oweOwnerRefund(tx: Tx, order: Order, amountCents: number | undefined, reason: string) {
  const sources = await refundablePayments(tx, order);
  if (sources.length === 0) throw conflict(`Order ${order.number} has no card payment to refund`);
  const { refunded, left } = await refundLeftOf(tx, order);
  const amount = amountCents ?? left;
  if (left <= 0) throw ruleBroken(`Order ${order.number} is refunded in full already`);
  if (amount > left) {
    throw ruleBroken(`${refundTooLargeMessage(amount, left)} on order ${order.number}`, "amount_cents");
  }
  const byCard = sources.reduce((sum, source) => sum + source.leftCents, 0);
  if (amount > byCard) {
    throw ruleBroken(`Only ${byCard} cents of order ${order.number} were paid by card; give the rest back the way it was paid`, "amount_cents");
  }
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, order.id));
  const key = count === 0 ? `refund:${order.id}` : `refund:${order.id}:${count + 1}`;
  const creditNote = await oweRefundAcrossPayments(tx, order, { amountCents: amount, key, reason, taxCents: await ownerRefundTaxCents(tx, order, amount) });
  return { amount, whole: amount === left, refundedBefore: refunded, creditNote };
}

/**
 * The provider is asked after the transaction that owes the refund; if it cannot be reached the refund stays owed
 * and the sweep makes it (`refundOwed` says so). The provider's own refund event finds the order already in the
 * state the owner chose.
 */
async function askProvider(deps: AppDeps, order: Order) {
  return (await makeOwedRefunds(deps, { orderId: order.id })) > 0;
}

export type RefundRequest = OrderActor & {
  /** Part of what was paid; without it, all that is left. */
  amountCents?: number;
  /** The order's stock goes back to the shelf (once). Without it: yes for a whole refund, no for a partial one. */
  restock?: boolean;
};

/**
 * Refunds all or part of a paid, backordered or fulfilled order. The order is `refunded` once everything paid has
 * gone back; an order refunded whole before it shipped always gives its stock back, as it will never ship.
 */
export async function refundOrder(deps: AppDeps, storeId: string, orderNumber: number, request: RefundRequest = {}): Promise<RefundResult> {
  const { order, amount, creditNote } = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, storeId, orderNumber);
    assertMove(current, "refund");
    const reason = `${request.actor?.label ?? "the owner"} refunded the order`;
    const { amount, whole, refundedBefore, creditNote } = await oweOwnerRefund(tx, current, request.amountCents, reason);
    const restock = request.restock ?? request.amountCents === undefined;
    let order = current;
    const actorLabel = request.actor?.label ?? COMMAND_LINE_LABEL;
    if (whole && (restock || current.status !== "fulfilled")) order = (await closeAndRelease(tx, current, "refund", actorLabel))!;
    else {
      if (restock) await restockOnce(tx, current.id, current.status, { orderId: current.id, actorLabel, note: "order refunded in part" });
      if (whole) [order] = await tx.update(orders).set({ status: ORDER_MOVES.refund.to }).where(eq(orders.id, current.id)).returning();
    }
    await audit(
      tx,
      request,
      "order.refund",
      current,
      { status: current.status, refunded_cents: refundedBefore },
      { status: order.status, refunded_cents: refundedBefore + amount, ...(restock ? { restocked: true } : {}) },
    );
    return { order, amount, creditNote };
  });
  const refundOwed = await askProvider(deps, order);
  await mailLogged(order, "order refunded", async () => sendOrderRefunded(deps, order, amount, creditNote && (await documentAttachment(creditNote))));
  return { order, refundedCents: amount, refundOwed };
}

/** Cancels a paid or backordered order: what is left of its payment goes back, and so does its stock. */
export async function cancelOrder(deps: AppDeps, storeId: string, orderNumber: number, options: OrderActor = {}): Promise<RefundResult> {
  const { order, amount, creditNote } = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, storeId, orderNumber);
    assertMove(current, "cancel");
    const { amount, creditNote } = await oweOwnerRefund(tx, current, undefined, `${options.actor?.label ?? "the owner"} cancelled the order`);
    const order = (await closeAndRelease(tx, current, "cancel", options.actor?.label ?? COMMAND_LINE_LABEL))!;
    await audit(tx, options, "order.cancel", current, { status: current.status }, { status: order.status, refunded_cents: amount });
    return { order, amount, creditNote };
  });
  const refundOwed = await askProvider(deps, order);
  await mailLogged(order, "order cancelled", async () => sendOrderCancelled(deps, order, amount, creditNote && (await documentAttachment(creditNote))));
  return { order, refundedCents: amount, refundOwed };
}

/** A note on the order for the staff, signed with the actor's label (the command line's without one). */
export async function addOrderNote(deps: AppDeps, storeId: string, orderNumber: number, text: string, options: OrderActor = {}) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, storeId, orderNumber);
    const [note] = await tx
      .insert(orderNotes)
      .values({ storeId, orderId: order.id, authorLabel: options.actor?.label ?? COMMAND_LINE_LABEL, text })
      .returning();
    await audit(tx, options, "order.note", order, {}, { note: text });
    return note;
  });
}

/** Sends the order's confirmation again (the customer lost it, or their address was mistyped and fixed). */
export async function resendOrderConfirmation(deps: AppDeps, storeId: string, orderNumber: number, options: OrderActor = {}) {
  const { order, lines } = await getOrderByNumber(deps, storeId, orderNumber);
  if (order.paidAt === null) throw conflict(`Order ${orderNumber} is ${order.status}; it was never confirmed`);
  await sendOrderConfirmation(deps, order, lines);
  if (options.actor) {
    const actor = options.actor;
    await deps.db.transaction((tx) => audit(tx, { actor }, "order.resend-confirmation", order, {}, { email: order.email }));
  }
  return order;
}
