/**
 * An order from the checkout's side: created pending with its lines, its stock held and its discount redeemed,
 * rewritten by a new submit while unpaid, and closed when its payment fails or is abandoned; and what every move of an
 * order shares: the move through the lifecycle table (core/order-lifecycle.ts) that gives back its stock and discount,
 * its number, and the mails that follow a payment. The provider's events are applied in payment-events.ts, the sweep
 * in sweep.ts, refunds owed in refunds.ts and the owner's operations in operations.ts.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { canMove, ORDER_MOVES, type OrderMoveName } from "../../core/order-lifecycle";
import type { AppDeps } from "../context";
import type { PostalAddress } from "../db/schema";
import { discounts, orderLines, orders, returnLines, returns, stores } from "../db/schema";
import { claimOncePerCustomer, codeIs } from "../cart/discounts";
import { logger } from "../logger";
import type { OrderEvent } from "../order-events";
import { CHECKOUT_ACTOR_LABEL, releaseStock, reserveStock, stockNeeded, type StockMove } from "./inventory";
import type { Tx } from "../db/client";
import { sendNewOrderToOwner, sendOrderConfirmation } from "./email";
import { conflict } from "../../core/errors";
import { isUniqueViolation } from "../db/unique-violation";
import type { LineTax } from "../../core/tax";

/** An unpaid order holds its stock this long. */
const RESERVATION_MINUTES = 30;

/** A fresh hold's end, for an order made or made pending again at `now`. */
const holdUntil = (now: Date) => new Date(now.getTime() + RESERVATION_MINUTES * 60_000);

/** Every order line is written here, each with the tax its quote gave it (withLineTaxes). */
export async function insertOrderLines(tx: Tx, storeId: string, orderId: number, lines: readonly NewOrderLine[]) {
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, storeId, orderId })));
}

export type Order = typeof orders.$inferSelect;

/** An order line to write: what was sold, and the tax the order keeps of it (decision 0063), which no path may leave out. */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "storeId" | "orderId" | keyof LineTax> & LineTax;

/** Lines with the tax their quote gave each, by position (core/tax.ts lineTaxes). */
export function withLineTaxes<Line extends Omit<NewOrderLine, keyof LineTax>>(lines: readonly Line[], taxes: { lines: readonly LineTax[] }): (Line & LineTax)[] {
  if (taxes.lines.length !== lines.length) throw new Error(`${lines.length} lines were priced with ${taxes.lines.length} lines' tax`);
  return lines.map((line, index) => ({ ...line, ...taxes.lines[index] }));
}

export type NewOrder = {
  storeId: string;
  idempotencyKey: string;
  email: string;
  customerName: string;
  shippingAddress: PostalAddress;
  shippingOptionKey: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  shippingTaxRateBasisPoints: number | null;
  totalCents: number;
  discountCode: string | null;
  paymentProvider: string;
  paymentReference: string | null;
  /** The server cart checked out; it has at most one pending order (orders_pending_cart_uq). */
  cartId: string | null;
  lines: NewOrderLine[];
};

/**
 * Creates the pending order, its lines, the stock hold and the discount redemption in one transaction, or nothing.
 * The same idempotency key gives back the order already made instead of a second one.
 */
export async function createPendingOrder(deps: AppDeps, input: NewOrder, now = new Date()): Promise<{ order: Order; created: boolean }> {
  const existing = await findOrderByKey(deps, input.storeId, input.idempotencyKey);
  if (existing) return { order: existing, created: false };
  try {
    // Locks in the order every order transaction takes them (the order's row, then stock, then the discount), so
    // that a checkout closing the cart's pending order and one taking its place wait for each other, never deadlock.
    const order = await deps.db.transaction(async (tx) => {
      const { lines, ...fields } = input;
      const [order] = await tx
        .insert(orders)
        .values({ ...fields, status: "pending", reservationExpiresAt: holdUntil(now) })
        .returning();
      await reserveStock(tx, input.storeId, stockNeeded(lines), { orderId: order.id, actorLabel: CHECKOUT_ACTOR_LABEL });
      if (input.discountCode) await redeemDiscount(tx, order, input.discountCode);
      await insertOrderLines(tx, input.storeId, order.id, lines);
      return order;
    });
    return { order, created: true };
  } catch (error) {
    // A concurrent submit of the same checkout won the unique key: its order is the one.
    const raced = await findOrderByKey(deps, input.storeId, input.idempotencyKey);
    if (raced) return { order: raced, created: false };
    throw error;
  }
}

/** The cart already has a pending order of another checkout (the unique index said so): that one must go first. */
export function isPendingCartConflict(error: unknown): boolean {
  return isUniqueViolation(error, "orders_pending_cart_uq");
}

/**
 * Brings an unpaid order to a new submit of its checkout, in one transaction: the hold and discount it has (while
 * pending) go back, the new ones are taken, its lines and amounts replaced, and it is pending again with a fresh
 * hold. An order paid meanwhile is returned untouched, for the caller to see.
 */
export async function rewriteUnpaidOrder(
  deps: AppDeps,
  orderId: number,
  input: Omit<NewOrder, "idempotencyKey" | "paymentReference">,
  now = new Date(),
): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!canMove(current.status, "resubmit")) return current;
    const { lines, ...fields } = input;
    // The order's row first, then stock, then discounts: the lock order of createPendingOrder.
    const [rewritten] = await tx
      .update(orders)
      .set({ ...fields, status: ORDER_MOVES.resubmit.to, reservationExpiresAt: holdUntil(now) })
      .where(eq(orders.id, current.id))
      .returning();
    const held = current.status === "pending";
    const move: StockMove = { orderId: current.id, actorLabel: CHECKOUT_ACTOR_LABEL };
    if (held) await releaseStock(tx, current.storeId, stockNeeded(await linesOf(tx, current.id)), { ...move, note: "checkout changed" });
    await reserveStock(tx, input.storeId, stockNeeded(lines), move);
    if (held) await returnDiscount(tx, current.storeId, current.discountCode);
    if (input.discountCode) await redeemDiscount(tx, rewritten, input.discountCode);
    await tx.delete(orderLines).where(eq(orderLines.orderId, current.id));
    await insertOrderLines(tx, input.storeId, current.id, lines);
    return rewritten;
  });
}

/**
 * Closes an order another checkout of its cart replaces, once the caller has canceled `canceledReference`, its
 * payment: a pending one gives its stock and discount back. Only while the order still has that payment: one that
 * got another meanwhile is returned unsettled, for the caller to cancel that one too.
 */
export async function closeSupersededOrder(deps: AppDeps, orderId: number, canceledReference: string | null) {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (current.paymentReference !== canceledReference) return { order: current, settled: false };
    const closed = await closeAndRelease(tx, current, "decline");
    return { order: closed ?? current, settled: true };
  });
}

export async function findOrderByKey(deps: AppDeps | { db: Tx }, storeId: string, key: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.idempotencyKey, key)));
  return order ?? null;
}

/**
 * One redemption of the code for the order, refused atomically once max_redemptions are used, and refused to an
 * address that has the code on another order when it is once per customer.
 */
async function redeemDiscount(tx: Tx, order: { id: number; storeId: string; email: string }, code: string) {
  const { storeId } = order;
  if (!(await countUse(tx, storeId, code, 1, true))) throw conflict("Invalid discount code: it has no redemptions left");
  await claimOncePerCustomer(tx, storeId, code, order.email, order.id);
}

/**
 * Counts one use of the code more (`by` 1) or one less (-1, never below none), in one statement, so two orders at
 * once each count. `withinLimit` makes it a checkout's redemption: only while uses are left, and never of the welcome
 * pop-up's code. Whether the code's row moved.
 */
async function countUse(tx: Tx, storeId: string, code: string, by: 1 | -1, withinLimit = false): Promise<boolean> {
  const moved = await tx
    .update(discounts)
    .set({ redemptions: by > 0 ? sql`${discounts.redemptions} + 1` : sql`greatest(${discounts.redemptions} - 1, 0)` })
    .where(
      and(
        eq(discounts.storeId, storeId),
        codeIs(discounts.code, code),
        ...(withinLimit ? [lt(discounts.redemptions, discounts.maxRedemptions), eq(discounts.isPopup, false)] : []),
      ),
    )
    .returning({ id: discounts.id });
  return moved.length > 0;
}

/**
 * A paid draft's code counts as used (decision 0059). Its price was checked against the code when the draft was
 * priced and promised in the link, and the customer has paid it, so the limit no longer refuses: the use is counted.
 */
export async function countDraftDiscount(tx: Tx, storeId: string, code: string | null) {
  if (code) await countUse(tx, storeId, code, 1);
}

export async function returnDiscount(tx: Tx, storeId: string, code: string | null) {
  if (code) await countUse(tx, storeId, code, -1);
}

export async function linesOf(tx: Tx | AppDeps["db"], orderId: number) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/**
 * Makes `move` (core/order-lifecycle.ts) if the order is still in one of the states it starts from, and gives back the stock it holds (a backordered renewal holds none;
 * a paid one restocked before, by a refund, holds none any more) and, while unpaid, its discount: once, whoever
 * calls first. The stock's return is recorded as the staff member's who asked, or the checkout's.
 */
export async function closeAndRelease(tx: Tx, order: Order, moveName: OrderMoveName, actorLabel = CHECKOUT_ACTOR_LABEL) {
  const { from, to } = ORDER_MOVES[moveName];
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...from])))
    .for("update");
  if (!current) return null;
  const move: StockMove = { orderId: order.id, actorLabel, note: `order ${to}` };
  if (current.status === "pending") {
    await releaseStock(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)), move);
    await returnDiscount(tx, order.storeId, order.discountCode);
  } else {
    await restockOnce(tx, order.id, current.status, move);
  }
  const [closed] = await tx
    .update(orders)
    .set({ status: to, reservationExpiresAt: null, ...(to === "cancelled" ? { cancelledAt: new Date() } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  return closed;
}

/**
 * Puts a paid order's stock back on the shelf, the first time only (restocked_at says it was), so a refund with
 * restock, a cancel and the provider's refund event together give it back once. A backordered renewal took none.
 */
export async function restockOnce(tx: Tx, orderId: number, status: Order["status"], move: StockMove) {
  if (status === "backordered") return;
  const [restocked] = await tx
    .update(orders)
    .set({ restockedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.restockedAt)))
    .returning({ storeId: orders.storeId });
  if (restocked) await releaseStock(tx, restocked.storeId, stockNeeded(await notYetRestocked(tx, orderId)), move);
}

/** The order's lines less the units its returns already put back on the shelf (decision 0056). */
async function notYetRestocked(tx: Tx, orderId: number) {
  const back = await tx
    .select({ orderLineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), eq(returnLines.restocked, true)))
    .groupBy(returnLines.orderLineId);
  const units = new Map(back.map((row) => [row.orderLineId, Number(row.units)]));
  return (await linesOf(tx, orderId)).map((line) => ({ ...line, quantity: line.quantity - (units.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
}

export async function nextOrderNumber(tx: Tx, storeId: string): Promise<number> {
  // Locking the store row serialises numbering per store; the unique index is the last line of defence. "No key
  // update" because the payment rows just written hold key-share locks on it, which a plain update lock would wait on.
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("no key update");
  const [row] = await tx
    .select({ max: sql<number | null>`max(${orders.number})` })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  return Number(row?.max ?? 1000) + 1;
}

export function orderEvent(order: Order): OrderEvent {
  return {
    storeId: order.storeId,
    orderId: order.id,
    orderNumber: order.number!,
    email: order.email,
    customerName: order.customerName,
  };
}

/**
 * The customer's confirmation and the owner's notice, queued once the payment has committed: a mail that fails is
 * logged and never undoes or holds up the payment, and the two go at once rather than one after the other.
 */
export async function afterPaid(deps: AppDeps, order: Order) {
  const lines = await linesOf(deps.db, order.id);
  await Promise.all([
    mailLogged(order, "order confirmation", () => sendOrderConfirmation(deps, order, lines)),
    mailLogged(order, "new order notice to the owner", () => sendNewOrderToOwner(deps, order, lines)),
  ]);
}

export async function mailLogged(order: Order, what: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, `${what} email failed`);
  }
}

/** Gives up an order whose payment could not even be started: its hold and discount go back. */
export async function abandonOrder(deps: AppDeps, order: Order) {
  await deps.db.transaction((tx) => closeAndRelease(tx, order, "decline"));
}

