/**
 * Returns and exchanges of a shipped order (decision 0056): a customer (within the shop's window) or staff starts
 * one; staff approve or decline it, mark it received (each line back to stock or not), then refund it through the
 * order's refund path or exchange its lines for other variants on a new order. Each use case locks the order's row
 * first (as every owner operation on an order does), then the return's, moves through RETURN_MOVES
 * (core/returns.ts), is audited when staff make it, and mails the customer once it has committed.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { canMove, ORDER_MOVES } from "../../core/order-lifecycle";
import {
  canMoveReturn,
  paidAmounts,
  RETURN_HOLDS_UNITS,
  RETURN_MOVES,
  RETURN_REASONS,
  RETURN_STATES,
  returnWindow,
  unitsWorth,
  type ReturnMoveName,
  type ReturnReason,
  type ReturnState,
} from "../../core/returns";
import { badInput, conflict, notFound, ruleBroken } from "../../core/errors";
import { dayRange, lastDaysRange, shopDate, shopDateTime } from "../../core/shop-time";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { orderLines, orders, products, returnLines, returns, variants } from "../db/schema";
import { COMMAND_LINE_LABEL, recordAudit, type AuditActor } from "../audit/audit";
import { regionTax } from "../checkout/quote";
import { lineTaxes, totalTax } from "../../core/tax";
import { roundCents } from "../../core/money";
import { getStoreSettings } from "../store/settings";

import { assertMove } from "../orders/lifecycle";
import { releaseStock, reserveStock, stockNeeded } from "../orders/inventory";
import { insertOrderLines, linesOf, mailLogged, nextOrderNumber, withLineTaxes, type Order } from "../orders/orders";
import { requestPayment, sendPaymentLink } from "../orders/payment-links";
import { documentAttachment } from "../orders/invoices";
import { refundLeftOf, makeOwedRefunds, oweRefundAcrossPayments } from "../orders/refunds";
import { withWords } from "../orders/line-words";
import { keepCustomerFigures } from "../orders/customer-figures";
import { sendReturnApproved, sendReturnDeclined, sendExchangeMade, sendReturnRefunded, sendReturnRequested } from "./emails";

export type Return = typeof returns.$inferSelect;
export type ReturnLine = typeof returnLines.$inferSelect;
type OrderLine = typeof orderLines.$inferSelect;

/** Who starts a return: the customer (held to the window), or staff from the order (not held to it). */
export type ReturnStarter = { customer: true } | { actor: AuditActor };

/** Who makes a staff move, for the audit trail; the command line passes none. */
export type ReturnActor = { actor?: AuditActor };

const REFUSED: Record<ReturnMoveName, string> = {
  approve: "only a requested return can be approved",
  decline: "only a requested return can be declined",
  receive: "only an approved return can be marked received",
  refund: "only a received return can be refunded",
  exchange: "only a received return can be exchanged",
  close: "it cannot be closed",
};

function assertReturnMove(ret: Return, move: ReturnMoveName) {
  if (!canMoveReturn(ret.status, move)) throw conflict(`Return ${ret.id} is ${ret.status}; ${REFUSED[move]}`);
}

async function audit(tx: Tx, options: ReturnActor, action: string, ret: Return, before: Record<string, unknown>, after: Record<string, unknown>) {
  if (options.actor) await recordAudit(tx, options.actor, { action, entity: "return", entityId: ret.id, before, after });
}

async function lockOrderById(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/**
 * The return and its order, both locked: the order's row first, the lock every operation on the order takes, so a
 * return waits for a refund, a shipment or another return of the same order, and sees what they did.
 */
async function lockReturn(tx: Tx, storeId: string, returnId: number): Promise<{ order: Order; ret: Return }> {
  const [found] = await tx
    .select({ orderId: returns.orderId })
    .from(returns)
    .where(and(eq(returns.storeId, storeId), eq(returns.id, returnId)));
  if (!found) throw notFound(`Return ${returnId} not found`);
  const order = await lockOrderById(tx, found.orderId);
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
  return { order, ret };
}

const linesOfReturn = (db: Database | Tx, returnId: number) =>
  db.select().from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.id));

/** Units of each of the order's lines held by its returns that are not declined (optionally: only those `in` states). */
async function unitsReturned(db: Database | Tx, orderId: number, states: readonly ReturnState[] = RETURN_HOLDS_UNITS, except?: number) {
  const rows = await db
    .select({ orderLineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        inArray(returns.status, [...states]),
        except === undefined ? undefined : sql`${returns.id} <> ${except}`,
      ),
    )
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
}

export type ReturnableLine = { line: OrderLine; bought: number; returned: number; left: number };

async function returnableLines(db: Database | Tx, orderId: number): Promise<ReturnableLine[]> {
  const [lines, returned] = await Promise.all([linesOf(db, orderId), unitsReturned(db, orderId)]);
  return lines.map((line) => {
    const units = returned.get(line.id) ?? 0;
    return { line, bought: line.quantity, returned: units, left: Math.max(0, line.quantity - units) };
  });
}

/** Whether the order is one that can have returns at all: placed and shipped. */
function assertShipped(order: Order) {
  if (order.fulfilledAt === null || order.number === null) throw conflict(`Order ${order.number ?? order.id} has not shipped; nothing can be returned yet`);
}

export type ReturnRequest = {
  lines: { order_line_id: number; quantity: number }[];
  reason: ReturnReason;
  note?: string;
};

/**
 * Starts a return of some of a shipped order's units. Under the order's lock the units asked for, with those of every
 * other return not declined, must stay within what was bought, so two returns (or a return and a tap twice) at once
 * never return more. A customer is held to the shop's window after shipping; staff creating it from the order are not.
 */
export async function startReturn(deps: AppDeps, storeId: string, orderNumber: number, request: ReturnRequest, by: ReturnStarter): Promise<Return> {
  const wanted = request.lines.filter((line) => line.quantity > 0);
  if (wanted.length === 0) throw badInput("Choose at least one item to return", "lines");
  const settings = await getStoreSettings(deps.db, storeId);
  const { order, ret } = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.number, orderNumber)))
      .for("update");
    if (!order) throw notFound(`Order ${orderNumber} not found`);
    assertShipped(order);
    if ("customer" in by) {
      const window = returnWindow(order.fulfilledAt, settings.returns.windowDays);
      if (!window.open) throw conflict(window.why);
    }
    const lines = new Map((await returnableLines(tx, order.id)).map((row) => [row.line.id, row]));
    for (const [index, asked] of wanted.entries()) {
      const row = lines.get(asked.order_line_id);
      if (!row) throw badInput("This item is not on the order", `lines.${index}.order_line_id`);
      const total = wanted.filter((other) => other.order_line_id === asked.order_line_id).reduce((sum, other) => sum + other.quantity, 0);
      if (total > row.left) {
        throw ruleBroken(
          row.left === 0
            ? `${row.line.title} has already been returned`
            : `Only ${row.left} of ${row.line.title} can still be returned`,
          `lines.${index}.quantity`,
        );
      }
    }
    const [ret] = await tx
      .insert(returns)
      .values({
        storeId,
        orderId: order.id,
        reason: request.reason,
        note: request.note?.trim() ?? "",
        requestedBy: "customer" in by ? "customer" : by.actor.label,
      })
      .returning();
    await tx.insert(returnLines).values(wanted.map((line) => ({ storeId, returnId: ret.id, orderLineId: line.order_line_id, quantity: line.quantity })));
    if ("actor" in by) {
      await recordAudit(tx, by.actor, {
        action: "return.create",
        entity: "return",
        entityId: ret.id,
        before: null,
        after: { order: order.number, reason: ret.reason, lines: wanted },
      });
    }
    return { order, ret };
  });
  await mailLogged(order, "return requested", () => sendReturnRequested(deps, order, ret));
  return ret;
}

/** Makes a staff move that only changes the return's state and a timestamp (and a note): approve, decline, close. */
async function simpleMove(
  deps: AppDeps,
  storeId: string,
  returnId: number,
  move: "approve" | "decline" | "close",
  options: ReturnActor & { note?: string },
) {
  return deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, storeId, returnId);
    assertReturnMove(ret, move);
    const now = new Date();
    const stamp = { approve: { approvedAt: now }, decline: { declinedAt: now, declineNote: options.note ?? "" }, close: { closedAt: now } }[move];
    const [moved] = await tx
      .update(returns)
      .set({ status: RETURN_MOVES[move].to, ...stamp })
      .where(eq(returns.id, ret.id))
      .returning();
    await audit(tx, options, `return.${move}`, ret, { status: ret.status }, { status: moved.status, ...(options.note ? { note: options.note } : {}) });
    return { order, ret: moved };
  });
}

export async function approveReturn(deps: AppDeps, storeId: string, returnId: number, options: ReturnActor = {}) {
  const { order, ret } = await simpleMove(deps, storeId, returnId, "approve", options);
  await mailLogged(order, "return approved", () => sendReturnApproved(deps, order, ret));
  return ret;
}

export async function declineReturn(deps: AppDeps, storeId: string, returnId: number, note: string, options: ReturnActor = {}) {
  const { order, ret } = await simpleMove(deps, storeId, returnId, "decline", { ...options, note: note.trim() });
  await mailLogged(order, "return declined", () => sendReturnDeclined(deps, order, ret));
  return ret;
}

export async function closeReturn(deps: AppDeps, storeId: string, returnId: number, options: ReturnActor = {}) {
  return (await simpleMove(deps, storeId, returnId, "close", options)).ret;
}

/**
 * The parcel came back: each line named in `restock` goes back on the shelf (its units, or a bundle's contents),
 * recorded in the variants' history as returned with this return's words; the others are kept out (damaged).
 */
export async function receiveReturn(deps: AppDeps, storeId: string, returnId: number, restock: readonly number[], options: ReturnActor = {}) {
  return deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, storeId, returnId);
    assertReturnMove(ret, "receive");
    const lines = await linesOfReturn(tx, ret.id);
    const unknown = restock.find((id) => !lines.some((line) => line.id === id));
    if (unknown !== undefined) throw badInput(`Line ${unknown} is not on return ${ret.id}`, "restock");
    const ordered = new Map((await linesOf(tx, order.id)).map((line) => [line.id, line]));
    const back = lines.filter((line) => restock.includes(line.id));
    const move = { orderId: order.id, actorLabel: options.actor?.label ?? COMMAND_LINE_LABEL, note: `return ${ret.id} received` };
    await releaseStock(
      tx,
      storeId,
      stockNeeded(back.map((line) => ({ stockComponents: ordered.get(line.orderLineId)!.stockComponents, quantity: line.quantity }))),
      move,
    );
    for (const line of lines) {
      await tx.update(returnLines).set({ restocked: restock.includes(line.id) }).where(eq(returnLines.id, line.id));
    }
    const [moved] = await tx
      .update(returns)
      .set({ status: RETURN_MOVES.receive.to, receivedAt: new Date() })
      .where(eq(returns.id, ret.id))
      .returning();
    await audit(tx, options, "return.receive", ret, { status: ret.status }, { status: moved.status, restocked_lines: [...restock] });
    return moved;
  });
}

/**
 * What the return's units cost the customer, and its shipping's share when asked: each line's paid amount (its total
 * less its share of the discount, plus its share of the tax; core/returns.ts), counting after the units of the same
 * line that earlier refunded returns already gave back, so all of a line returned in steps gives back what it cost.
 */
async function worthOf(tx: Tx, order: Order, ret: Return, withShipping: boolean) {
  const [lines, refundedBefore, [shippingBack]] = await Promise.all([
    linesOf(tx, order.id),
    unitsReturned(tx, order.id, ["refunded"], ret.id),
    tx
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.orderId, order.id), eq(returns.refundedShipping, true))),
  ]);
  const paid = paidAmounts(order, lines);
  const index = new Map(lines.map((line, at) => [line.id, at]));
  let goods = 0;
  let net = 0;
  const netByLine = new Map<number, number>();
  for (const line of await linesOfReturn(tx, ret.id)) {
    const at = index.get(line.orderLineId)!;
    const before = refundedBefore.get(line.orderLineId) ?? 0;
    const lineNet = unitsWorth(paid.netLines[at], lines[at].quantity, before, line.quantity);
    goods += unitsWorth(paid.lines[at], lines[at].quantity, before, line.quantity);
    net += lineNet;
    netByLine.set(line.id, lineNet);
  }
  if (withShipping && shippingBack) throw conflict(`The shipping of order ${order.number} was refunded with return ${shippingBack.id} already`, "shipping");
  const shipping = withShipping ? paid.shippingCents : 0;
  /** `goods`: with their tax; `net`: before it, and each return line's (`netByLine`, by its id); `tax`: the goods' and shipping's. */
  return { goods, net, netByLine, shipping, tax: goods - net + (withShipping ? shipping - order.shippingCents : 0) };
}

/**
 * Owes `amountCents` back on the order, capped at what is left of its payments, through the order's one refund path
 * (across its card payments, with a credit note) and the return's own idempotency key (`return:<id>`,
 * `return:<id>:exchange`): two staff refunding one return at once wait on the order's lock, the second finds it
 * refunded, and a retry to the provider is the same refund. The order is refunded once all it took went back.
 */
async function oweReturnRefund(tx: Tx, order: Order, key: string, asked: { amountCents: number; taxCents: number }, reason: string) {
  const { left } = await refundLeftOf(tx, order);
  const amount = Math.min(asked.amountCents, left);
  if (amount <= 0) return { amount: 0, creditNote: null };
  // The tax of what went back, less in proportion when what is left of the payments caps the refund.
  const taxCents = amount === asked.amountCents ? asked.taxCents : roundCents((asked.taxCents * amount) / asked.amountCents);
  const creditNote = await oweRefundAcrossPayments(tx, order, { amountCents: amount, key, reason, taxCents });
  if (amount === left && canMove(order.status, "refund")) {
    assertMove(order, "refund");
    await tx.update(orders).set({ status: ORDER_MOVES.refund.to }).where(eq(orders.id, order.id));
  }
  return { amount, creditNote };
}

export type ReturnRefund = { ret: Return; refundedCents: number; refundOwed: boolean };

/** Refunds a received return's lines (and the order's shipping when `shipping`), through the order's refund path. */
export async function refundReturn(deps: AppDeps, storeId: string, returnId: number, request: ReturnActor & { shipping?: boolean } = {}): Promise<ReturnRefund> {
  const { order, ret, amount, creditNote } = await deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, storeId, returnId);
    assertReturnMove(ret, "refund");
    const worth = await worthOf(tx, order, ret, request.shipping ?? false);
    const reason = `${request.actor?.label ?? "the owner"} refunded return ${ret.id}`;
    const { amount, creditNote } = await oweReturnRefund(tx, order, `return:${ret.id}`, { amountCents: worth.goods + worth.shipping, taxCents: worth.tax }, reason);
    const [moved] = await tx
      .update(returns)
      .set({ status: RETURN_MOVES.refund.to, refundedAt: new Date(), refundedCents: amount, refundedShipping: worth.shipping > 0 })
      .where(eq(returns.id, ret.id))
      .returning();
    await audit(tx, request, "return.refund", ret, { status: ret.status }, { status: moved.status, refunded_cents: amount, shipping: worth.shipping > 0 });
    return { order, ret: moved, amount, creditNote };
  });
  const refundOwed = (await makeOwedRefunds(deps, { orderId: order.id })) > 0;
  await mailLogged(order, "return refunded", async () => sendReturnRefunded(deps, order, amount, creditNote && (await documentAttachment(creditNote))));
  return { ret, refundedCents: amount, refundOwed };
}

export type ExchangeRequest = { lines: { return_line_id: number; sku: string }[] };

export type ExchangeResult = {
  ret: Return;
  exchangeOrder: Order;
  /** Negative: refunded to the customer; positive: owed by them (the exchange order waits for it); 0: even. */
  differenceCents: number;
  refundOwed: boolean;
};

/**
 * Exchanges a received return's lines for other variants of the same products: a new order (numbered, for the same
 * customer and address, its lines the new variants at their current price, no shipping, the returned units' tax plus
 * each line's rate in the address's region on its price difference, holding its stock) carries the returned units' worth as its exchange credit. A cheaper exchange refunds the rest
 * through the order's refund path; a dearer one leaves the difference owed on the return (`owed_cents`) and its order
 * awaiting payment, which does not ship until it is paid. One exchange per return (idempotency key `exchange:<id>`).
 */
export async function exchangeReturn(deps: AppDeps, storeId: string, returnId: number, request: ExchangeRequest & ReturnActor): Promise<ExchangeResult> {
  const done = await deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, storeId, returnId);
    assertReturnMove(ret, "exchange");
    const lines = await linesOfReturn(tx, ret.id);
    const ordered = new Map((await linesOf(tx, order.id)).map((line) => [line.id, line]));
    const newLines = [];
    for (const [index, line] of lines.entries()) {
      const picked = request.lines.find((asked) => asked.return_line_id === line.id);
      const field = `lines.${index}.sku`;
      if (!picked) throw badInput(`Choose the variant that replaces line ${line.id}`, field);
      const was = ordered.get(line.orderLineId)!;
      if (was.kind !== "product" || !was.sku) throw ruleBroken(`${was.title} is a bundle; a bundle cannot be exchanged for a variant`, field);
      const [variant] = await tx
        .select({
          id: variants.id,
          sku: variants.sku,
          attributes: variants.attributes,
          priceCents: variants.priceCents,
          productId: variants.productId,
          title: products.title,
          handle: products.handle,
          taxClass: products.taxClass,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.storeId, storeId), eq(variants.sku, picked.sku)));
      const [original] = await tx.select({ productId: variants.productId }).from(variants).where(and(eq(variants.storeId, storeId), eq(variants.sku, was.sku)));
      if (!variant || !original || variant.productId !== original.productId) throw badInput(`${picked.sku} is not a variant of ${was.title}`, field);
      newLines.push({
        returnLineId: line.id,
        taxClass: variant.taxClass,
        line: {
          kind: "product" as const,
          title: variant.title,
          productHandle: variant.handle,
          sku: variant.sku,
          bundleId: null,
          subscriptionId: null,
          attributes: variant.attributes,
          stockComponents: { [variant.sku]: 1 },
          quantity: line.quantity,
          unitPriceCents: variant.priceCents,
          lineTotalCents: variant.priceCents * line.quantity,
        },
      });
    }
    const { goods: credit, net: returnedNet, netByLine } = await worthOf(tx, order, ret, false);
    const subtotal = newLines.reduce((sum, { line }) => sum + line.lineTotalCents, 0);
    // Each new line at its class's rate in the region today; the credit is the returned goods' worth, not a discount.
    const taxes = {
      lines: lineTaxes(
        newLines.map(({ line, taxClass }) => ({ totalCents: line.lineTotalCents, taxClass })),
        0,
        await regionTax(tx, storeId, order.shippingAddress),
      ),
    };
    // The tax already paid on what came back, and each line's rate on its price difference only: an exchange at the
    // same price is even to the cent, whatever the original tax's rounding was.
    const differenceTax = totalTax(
      newLines.map(({ line, returnLineId }, at) => ({ cents: line.lineTotalCents - netByLine.get(returnLineId)!, rateBasisPoints: taxes.lines[at].taxRateBasisPoints })),
    );
    const tax = Math.max(0, credit - returnedNet + differenceTax);
    const difference = subtotal + tax - credit;
    const applied = Math.min(credit, subtotal + tax);
    const owed = Math.max(difference, 0);
    const now = new Date();
    const [exchangeOrder] = await tx
      .insert(orders)
      .values({
        storeId,
        number: await nextOrderNumber(tx, storeId),
        status: owed > 0 ? "awaiting_payment" : "paid",
        email: order.email,
        customerName: order.customerName,
        customerId: order.customerId,
        shippingAddress: order.shippingAddress,
        shippingOptionKey: order.shippingOptionKey,
        subtotalCents: subtotal,
        discountCents: applied,
        shippingCents: 0,
        taxCents: tax,
        totalCents: owed,
        idempotencyKey: `exchange:${ret.id}`,
        paymentProvider: order.paymentProvider,
        paymentReference: null,
        paidAt: owed > 0 ? null : now,
      })
      .returning();
    await keepCustomerFigures(tx, exchangeOrder);
    await reserveStock(tx, storeId, stockNeeded(newLines.map(({ line }) => line)), {
      orderId: exchangeOrder.id,
      actorLabel: request.actor?.label ?? COMMAND_LINE_LABEL,
      note: `exchange for return ${ret.id}`,
    });
    await insertOrderLines(
      tx,
      storeId,
      exchangeOrder.id,
      withLineTaxes(
        newLines.map(({ line }) => line),
        taxes,
      ),
    );
    // A dearer exchange ships once the customer has paid the difference by the link they are emailed.
    const link = owed > 0 ? await requestPayment(tx, exchangeOrder, { amountCents: owed, purpose: "exchange", actorLabel: request.actor?.label ?? COMMAND_LINE_LABEL }) : null;
    for (const { returnLineId, line } of newLines) await tx.update(returnLines).set({ exchangeSku: line.sku }).where(eq(returnLines.id, returnLineId));
    // The returned units' tax goes back with the credit: what the new order charges again of it, and the rest refunded.
    const creditTax = credit - returnedNet;
    const carriedTax = Math.min(creditTax, tax);
    const { amount: refunded, creditNote } =
      difference < 0
        ? await oweReturnRefund(
            tx,
            order,
            `return:${ret.id}:exchange`,
            { amountCents: -difference, taxCents: creditTax - carriedTax },
            `${request.actor?.label ?? "the owner"} exchanged return ${ret.id}`,
          )
        : { amount: 0, creditNote: null };
    const [moved] = await tx
      .update(returns)
      .set({
        status: RETURN_MOVES.exchange.to,
        closedAt: now,
        exchangeOrderId: exchangeOrder.id,
        owedCents: owed,
        refundedCents: refunded > 0 ? refunded : null,
        creditTaxCents: carriedTax,
      })
      .where(eq(returns.id, ret.id))
      .returning();
    await audit(
      tx,
      request,
      "return.exchange",
      ret,
      { status: ret.status },
      { status: moved.status, exchange_order: exchangeOrder.number, difference_cents: difference, owed_cents: owed, refunded_cents: refunded },
    );
    return { order, ret: moved, exchangeOrder, difference, refunded, link, creditNote };
  });
  const refundOwed = done.refunded > 0 && (await makeOwedRefunds(deps, { orderId: done.order.id })) > 0;
  if (done.link) await sendPaymentLink(deps, done.link);
  await mailLogged(done.order, "exchange made", async () =>
    sendExchangeMade(deps, done.order, done.ret, done.exchangeOrder, done.refunded, done.creditNote && (await documentAttachment(done.creditNote))),
  );
  return { ret: done.ret, exchangeOrder: done.exchangeOrder, differenceCents: done.difference, refundOwed };
}

// ---------------------------------------------------------------- reads

export type ReturnView = Return & {
  orderNumber: number;
  lines: (ReturnLine & { title: string; options: string; sku: string | null; productHandle: string | null; bought: number })[];
  exchangeOrderNumber: number | null;
};

/** Returns with their lines in words, newest first. */
async function viewsOf(db: Database, storeId: string, rows: Return[]): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: returnLines, ordered: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(inArray(returnLines.returnId, rows.map((row) => row.id)))
    .orderBy(asc(returnLines.id));
  const worded = await withWords(db, storeId, lines.map((row) => row.ordered));
  const orderIds = [...new Set(rows.flatMap((row) => [row.orderId, ...(row.exchangeOrderId ? [row.exchangeOrderId] : [])]))];
  const numbers = new Map(
    (await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds))).map((row) => [row.id, row.number]),
  );
  return rows.map((row) => ({
    ...row,
    orderNumber: numbers.get(row.orderId)!,
    exchangeOrderNumber: row.exchangeOrderId ? (numbers.get(row.exchangeOrderId) ?? null) : null,
    lines: lines.flatMap(({ line }, index) =>
      line.returnId === row.id
        ? [{ ...line, title: worded[index].title, options: worded[index].words.options, sku: worded[index].sku, productHandle: worded[index].productHandle, bought: worded[index].quantity }]
        : [],
    ),
  }));
}

export async function getReturn(db: Database, storeId: string, returnId: number): Promise<ReturnView> {
  const [row] = await db.select().from(returns).where(and(eq(returns.storeId, storeId), eq(returns.id, returnId)));
  if (!row) throw notFound(`Return ${returnId} not found`);
  return (await viewsOf(db, storeId, [row]))[0];
}

export type OrderReturns = {
  order: Order;
  returns: ReturnView[];
  /** Each line of the order with what is left to return of it. */
  returnable: ReturnableLine[];
};

/** An order's returns and what is left to return, by the order's number. */
export async function orderReturns(db: Database, storeId: string, orderNumber: number): Promise<OrderReturns> {
  const [order] = await db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.number, orderNumber)));
  if (!order) throw notFound(`Order ${orderNumber} not found`);
  const rows = await db.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(desc(returns.id));
  return { order, returns: await viewsOf(db, storeId, rows), returnable: await returnableLines(db, order.id) };
}

/** The variants a return line may be exchanged for: the other variants of its product, with their price and stock. */
export async function exchangeChoices(db: Database, storeId: string, skus: readonly string[]) {
  if (skus.length === 0) return new Map<string, { sku: string; attributes: Record<string, string>; priceCents: number; stock: number }[]>();
  const rows = await db
    .select({ of: sql<string>`o.sku`, sku: variants.sku, attributes: variants.attributes, priceCents: variants.priceCents, stock: variants.stock })
    .from(variants)
    .innerJoin(sql`variants o`, sql`o.product_id = ${variants.productId} and o.store_id = ${variants.storeId}`)
    .where(and(eq(variants.storeId, storeId), inArray(sql`o.sku`, [...skus])))
    .orderBy(asc(variants.position), asc(variants.id));
  const choices = new Map<string, { sku: string; attributes: Record<string, string>; priceCents: number; stock: number }[]>();
  for (const { of, ...variant } of rows) choices.set(of, [...(choices.get(of) ?? []), variant]);
  return choices;
}

export type ReturnFilter = { status?: ReturnState; from: Date; before: Date };

/** The returns started in a range, newest first (at most `limit`), and their reasons counted over the same range. */
export async function returnsReport(db: Database, storeId: string, filter: ReturnFilter, limit = 200) {
  const inRange = and(eq(returns.storeId, storeId), gte(returns.createdAt, filter.from), lt(returns.createdAt, filter.before));
  const [rows, reasons, statuses] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(and(inRange, filter.status ? eq(returns.status, filter.status) : undefined))
      .orderBy(desc(returns.id))
      .limit(limit),
    db
      .select({ reason: returns.reason, count: sql<number>`count(*)::int` })
      .from(returns)
      .where(inRange)
      .groupBy(returns.reason),
    db
      .select({ status: returns.status, count: sql<number>`count(*)::int` })
      .from(returns)
      .where(inRange)
      .groupBy(returns.status),
  ]);
  return {
    returns: await viewsOf(db, storeId, rows),
    reasons: Object.fromEntries(reasons.map((row) => [row.reason, Number(row.count)])) as Partial<Record<ReturnReason, number>>,
    statuses: Object.fromEntries(RETURN_STATES.map((state) => [state, Number(statuses.find((row) => row.status === state)?.count ?? 0)])) as Record<ReturnState, number>,
  };
}

/** The report's default range: the last 30 days. */
export const REPORT_DAYS = 30;

/**
 * A report query's range as whole days of the shop's time zone: `to` (today without it) included, `from` 30 days
 * before it without one.
 */
export function reportRange(query: { from?: string; to?: string }, timeZone: string, now = new Date()) {
  const to = query.to ?? shopDate(now, timeZone);
  const before = dayRange(to, timeZone).end;
  const from = query.from ?? shopDate(lastDaysRange(REPORT_DAYS, timeZone, dayRange(to, timeZone).start).start, timeZone);
  if (from > to) throw badInput("from must be on or before to", "from");
  return { from, to, filter: { from: dayRange(from, timeZone).start, before } };
}

/** The report as CSV rows: one per return, with its lines in words; times in the shop's time zone, which each row names. */
export function returnsCsvRows(report: Awaited<ReturnType<typeof returnsReport>>, timeZone: string): unknown[][] {
  return [
    ["return", "order", "started", "time zone", "status", "reason", "note", "items", "refunded", "exchange order", "owed"],
    ...report.returns.map((ret) => [
      ret.id,
      ret.orderNumber,
      shopDateTime(ret.createdAt, timeZone),
      timeZone,
      ret.status,
      RETURN_REASONS[ret.reason],
      ret.note,
      ret.lines.map((line) => `${line.quantity} x ${line.title}${line.options ? ` (${line.options})` : ""}`).join("; "),
      ret.refundedCents === null ? "" : (ret.refundedCents / 100).toFixed(2),
      ret.exchangeOrderNumber ?? "",
      (ret.owedCents / 100).toFixed(2),
    ]),
  ];
}
