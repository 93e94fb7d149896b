/**
 * Payment links (decision 0057): an amount an order asks its customer to pay after checkout, the balance an edit or
 * an exchange left or a draft's whole total, paid by card from an emailed link or marked paid another way by staff.
 * One link per order is open at a time; a later change cancels it and asks again. A link is settled once, under the
 * order's lock: a card payment that arrives for a link no longer open (settled another way, replaced, the order
 * cancelled) or for another sum goes back to the customer.
 */
import { and, asc, eq } from "drizzle-orm";
import { canMove, ORDER_MOVES } from "../../core/order-lifecycle";
import { type PaymentLinkPurpose } from "../../core/payment-links";
import { badInput, conflict, gone, notFound } from "../../core/errors";
import { formatMoney } from "../../core/money";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { orderNotes, orders, paymentLinks } from "../db/schema";
import { checkLink, signLink } from "../mail/signed-links";
import type { CardDetails, Payment, PaymentStatusEvent } from "../payments/provider";
import { sendPaymentLinkEmail, sendPaymentReceived } from "./email";
import { CHECKOUT_ACTOR_LABEL, reserveStockIfAvailable, stockNeeded } from "./inventory";
import { documentAttachment, issueInvoice, reissueInvoice, type InvoiceDocument } from "./invoices";
import { assertMove } from "./lifecycle";
import { afterPaid, countDraftDiscount, linesOf, mailLogged, nextOrderNumber, type Order } from "./orders";
import { isFirstDelivery, recordPayment, type Outcome } from "./payment-events";
import { makeOwedRefunds, oweRefund } from "./refunds";
import { keepCustomerFigures } from "./customer-figures";

export type PaymentLink = typeof paymentLinks.$inferSelect;

export const PAYMENT_LINK_PURPOSE = "payment-link";
/** A link works this long after it is sent; a later email of the same link is signed anew. */
const LINK_DAYS = 30;

const WHY: Record<PaymentLinkPurpose, string> = { edit: "the change to your order", exchange: "your exchange", draft: "your order" };

async function note(tx: Tx, order: Order, authorLabel: string, text: string) {
  await tx.insert(orderNotes).values({ storeId: order.storeId, orderId: order.id, authorLabel, text });
}

async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/**
 * Asks the customer to pay `amountCents` on the order, inside the caller's transaction (which holds the order's
 * lock): the open link it had is cancelled, and a paid order waits in `awaiting_payment` until this one is settled.
 * A draft stays a draft. The caller sends it (sendPaymentLink) once its transaction has committed.
 */
export async function requestPayment(
  tx: Tx,
  order: Order,
  input: { amountCents: number; purpose: PaymentLinkPurpose; actorLabel: string },
): Promise<PaymentLink> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw badInput("A payment link asks for a whole number of cents above zero", "amount_cents");
  if (input.purpose === "draft" ? order.status !== "draft" : order.status !== "awaiting_payment") {
    if (input.purpose === "draft") throw conflict(`Only a draft order is paid in full by a link; this one is ${order.status}`);
    assertMove(order, "awaitPayment");
    await tx.update(orders).set({ status: ORDER_MOVES.awaitPayment.to }).where(eq(orders.id, order.id));
  }
  await cancelLinks(tx, order, input.actorLabel, "replaced by a new request");
  const [link] = await tx
    .insert(paymentLinks)
    .values({ storeId: order.storeId, orderId: order.id, purpose: input.purpose, amountCents: input.amountCents, createdBy: input.actorLabel })
    .returning();
  await note(tx, order, input.actorLabel, `Asked the customer to pay ${formatMoney(input.amountCents)} for ${WHY[input.purpose].replace("your ", "the ")} by a payment link`);
  // What the link asks is not revenue until paid.
  await keepCustomerFigures(tx, order);
  return link;
}

async function cancelLinks(tx: Tx, order: Order, actorLabel: string, why: string) {
  const cancelled = await tx
    .update(paymentLinks)
    .set({ status: "cancelled", settledAt: new Date() })
    .where(and(eq(paymentLinks.orderId, order.id), eq(paymentLinks.status, "open")))
    .returning();
  for (const link of cancelled) await note(tx, order, actorLabel, `Payment link for ${formatMoney(link.amountCents)} cancelled: ${why}`);
  return cancelled;
}

/**
 * The order owes nothing any more (a later edit brought its total back within what was paid): its open link can no
 * longer be paid, and an order waiting on it may ship. Inside the caller's transaction, which holds the order's lock.
 */
export async function cancelOpenLink(tx: Tx, order: Order, actorLabel: string, why: string): Promise<Order> {
  await cancelLinks(tx, order, actorLabel, why);
  await keepCustomerFigures(tx, order);
  if (order.status !== "awaiting_payment") return order;
  const [settled] = await tx.update(orders).set({ status: ORDER_MOVES.settle.to }).where(eq(orders.id, order.id)).returning();
  return settled;
}

/** The order's open link, for the screens that say what is owed; null when nothing is. */
export async function openLinkOf(db: Database | Tx, orderId: number): Promise<PaymentLink | null> {
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.orderId, orderId), eq(paymentLinks.status, "open")));
  return link ?? null;
}

export async function linksOf(db: Database, orderId: number): Promise<PaymentLink[]> {
  return db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId)).orderBy(asc(paymentLinks.id));
}

/** Emails the customer the link's signed address; after the transaction that asked for it, and again on request. */
export async function sendPaymentLink(deps: AppDeps, link: PaymentLink): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, link.orderId));
  const token = await signLink(deps.db, link.storeId, {
    purpose: PAYMENT_LINK_PURPOSE,
    subject: String(link.id),
    expiresAt: new Date(Date.now() + LINK_DAYS * 86_400_000),
  });
  await mailLogged(order, "payment link", () => sendPaymentLinkEmail(deps, order, link.amountCents, WHY[link.purpose], `/pay?token=${encodeURIComponent(token)}`));
}

const NOT_VALID = "The link may be incomplete or changed. Copy the whole link from your latest email about this order.";

/** The link a token names, with its order; refused as bad input (forged or altered) or gone (expired). */
export async function linkOfToken(db: Database, storeId: string, token: string): Promise<{ link: PaymentLink; order: Order }> {
  const checked = await checkLink(db, storeId, PAYMENT_LINK_PURPOSE, token).catch(() => ({ ok: false as const, reason: "invalid" as const }));
  if (!checked.ok) throw checked.reason === "expired" ? gone("This link has expired. Write to us and we will send a new one.", "token") : badInput(NOT_VALID, "token");
  const [row] = await db
    .select({ link: paymentLinks, order: orders })
    .from(paymentLinks)
    .innerJoin(orders, eq(orders.id, paymentLinks.orderId))
    .where(and(eq(paymentLinks.storeId, storeId), eq(paymentLinks.id, Number(checked.subject))));
  if (!row) throw badInput(NOT_VALID, "token");
  return row;
}

/** Whether the link can still be paid: open, and its order still waiting on it. */
export const isPayable = (link: PaymentLink, order: Order) => link.status === "open" && canMove(order.status, "settle");

/**
 * The provider payment for the link, made the first time it is asked for (its idempotency key is the link's, so two
 * visits at once make one) and reused after, so a declined card is tried again on the same payment.
 */
export async function paymentOfLink(deps: AppDeps, link: PaymentLink, order: Order): Promise<Payment> {
  if (!isPayable(link, order)) throw conflict("This payment is no longer needed");
  if (link.paymentReference) return deps.payments.retrievePayment(link.paymentReference);
  const payment = await deps.payments.createPayment({
    amountCents: link.amountCents,
    email: order.email,
    metadata: { payment_link_id: String(link.id), order_id: String(order.id) },
    idempotencyKey: `payment-link:${link.id}`,
  });
  await deps.db.update(paymentLinks).set({ paymentReference: payment.id }).where(eq(paymentLinks.id, link.id));
  return payment;
}

/**
 * Pays the link with a card typed on its page (the simulated provider's form; Stripe's page confirms in the browser).
 * The provider's event settles the order; the payment is answered for the page to say how it went.
 */
export async function payLinkWithCard(deps: AppDeps, storeId: string, token: string, card: CardDetails): Promise<Payment> {
  const { link, order } = await linkOfToken(deps.db, storeId, token);
  const payment = await paymentOfLink(deps, link, order);
  if (payment.status === "succeeded") return payment;
  return deps.payments.confirmPayment(payment.id, { card });
}

export async function linkByPayment(deps: AppDeps, paymentReference: string): Promise<PaymentLink | null> {
  const [link] = await deps.db.select().from(paymentLinks).where(eq(paymentLinks.paymentReference, paymentReference));
  return link ?? null;
}

type Settled = { order: Order; wasDraft: boolean; link: PaymentLink; documents: InvoiceDocument[] };

/**
 * Settles the open link of a locked order: the link is paid, and the order with it. A draft takes its stock now (or is
 * backordered when it is short: it was paid all the same), gets its number, and its card payment becomes the order's
 * own, so a refund finds it as a checkout's.
 */
async function settle(tx: Tx, order: Order, link: PaymentLink, paid: { paidWith: string; note: string | null; actorLabel: string }): Promise<Settled> {
  assertMove(order, "settle");
  const [settledLink] = await tx
    .update(paymentLinks)
    .set({ status: "paid", paidWith: paid.paidWith, note: paid.note, settledAt: new Date() })
    .where(eq(paymentLinks.id, link.id))
    .returning();
  const wasDraft = order.status === "draft";
  // An exchange made owing its difference was never paid until now.
  let changes: Partial<Order> = { status: ORDER_MOVES.settle.to, paidAt: order.paidAt ?? new Date() };
  if (wasDraft) {
    const move = { orderId: order.id, actorLabel: paid.actorLabel, note: "draft order paid" };
    const held = await reserveStockIfAvailable(tx, order.storeId, stockNeeded(await linesOf(tx, order.id)), move);
    await countDraftDiscount(tx, order.storeId, order.discountCode);
    changes = {
      status: held ? ORDER_MOVES.settle.to : "backordered",
      number: await nextOrderNumber(tx, order.storeId),
      paidAt: new Date(),
      ...(paid.paidWith === "card" && !order.paymentReference ? { paymentReference: link.paymentReference } : {}),
    };
  }
  const [settled] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
  // A draft is placed now; an edit's or exchange's balance is revenue now.
  await keepCustomerFigures(tx, settled);
  // A draft or an exchange is paid for the first time now; an edited order's invoice is issued anew for what it became.
  const documents = link.purpose === "edit" ? await reissueInvoice(tx, settled) : [await issueInvoice(tx, settled)];
  const how = paid.paidWith === "card" ? "by card" : `${paid.paidWith}${paid.note ? ` (${paid.note})` : ""}`;
  await note(tx, settled, paid.actorLabel, `Payment link for ${formatMoney(link.amountCents)} paid ${how}`);
  return { order: settled, wasDraft, link: settledLink, documents };
}

/** What follows a settled link once it has committed: a draft's confirmation and owner's notice, or the customer's receipt. */
async function afterSettled(deps: AppDeps, { order, wasDraft, link, documents }: Settled) {
  if (wasDraft) await afterPaid(deps, order);
  else await mailLogged(order, "payment received", async () => sendPaymentReceived(deps, order, link.amountCents, await Promise.all(documents.map(documentAttachment))));
}

/**
 * A provider event about a link's payment: a success settles the link (once, by event id), and one the link can no
 * longer take is owed back in the same transaction. A decline leaves the link open to try another card.
 */
export async function applyLinkPaymentEvent(deps: AppDeps, link: PaymentLink, event: PaymentStatusEvent): Promise<Outcome> {
  let settled: Settled | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    if (!(await isFirstDelivery(tx, deps, link.storeId, event))) return "duplicate";
    const order = await lockOrder(tx, link.orderId);
    await recordPayment(tx, order, event.paymentId, event.type.replace("payment.", ""), event.amountCents);
    if (event.type !== "payment.succeeded") return "ignored";
    const [current] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, link.id)).for("update");
    if (!isPayable(current, order) || event.amountCents !== current.amountCents) {
      const why = !isPayable(current, order) ? "the payment link was no longer open" : `a payment of ${event.amountCents} cents for a link of ${current.amountCents}`;
      await oweRefund(tx, order, event.paymentId, `payment-link-refund:${link.id}`, why);
      return "refund-needed";
    }
    settled = await settle(tx, order, current, { paidWith: "card", note: null, actorLabel: CHECKOUT_ACTOR_LABEL });
    return "applied";
  });
  if (outcome === "refund-needed") await makeOwedRefunds(deps, { orderId: link.orderId });
  if (settled) await afterSettled(deps, settled);
  return outcome;
}

/**
 * Staff took what the link asks another way (cash, a bank transfer): the link is settled as a card payment would
 * settle it, audited. A card payment arriving after is given back.
 */
export async function markPaidAnotherWay(
  deps: AppDeps,
  storeId: string,
  actor: AuditActor,
  linkId: number,
  input: { paidWith: string; note: string | null },
): Promise<Order> {
  const settled = await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.storeId, storeId), eq(paymentLinks.id, linkId)));
    if (!link) throw notFound(`Payment link ${linkId} not found`);
    const order = await lockOrder(tx, link.orderId);
    const [current] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, link.id)).for("update");
    if (current.status !== "open") throw conflict(`This payment link is ${current.status} already`);
    const result = await settle(tx, order, current, { ...input, actorLabel: actor.label });
    await recordAudit(tx, actor, {
      action: "order.payment-link.mark-paid",
      entity: "order",
      entityId: result.order.number ?? `draft ${order.id}`,
      before: { status: order.status, payment_link: "open" },
      after: { status: result.order.status, payment_link: "paid", paid_with: input.paidWith, amount_cents: current.amountCents },
    });
    return result;
  });
  await afterSettled(deps, settled);
  return settled.order;
}

/** The open link of the order of that number; refused when it has none. */
async function openLinkOfNumber(deps: AppDeps, storeId: string, number: number): Promise<{ link: PaymentLink; order: Order }> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw notFound(`Order ${number} not found`);
  const link = await openLinkOf(deps.db, order.id);
  if (!link) throw conflict(`Order ${number} has no open payment link`);
  return { link, order };
}

/** Emails the order's open link again (the customer lost it); audited. */
export async function resendPaymentLink(deps: AppDeps, storeId: string, actor: AuditActor, number: number): Promise<void> {
  const { link } = await openLinkOfNumber(deps, storeId, number);
  await sendPaymentLink(deps, link);
  await deps.db.transaction((tx) =>
    recordAudit(tx, actor, { action: "order.payment-link.resend", entity: "order", entityId: number, before: {}, after: { amount_cents: link.amountCents } }),
  );
}

/** markPaidAnotherWay for the open link of the order of that number (the order screen, the admin API). */
export async function markOrderPaidAnotherWay(
  deps: AppDeps,
  storeId: string,
  actor: AuditActor,
  number: number,
  input: { paidWith: string; note: string | null },
): Promise<Order> {
  const { link } = await openLinkOfNumber(deps, storeId, number);
  return markPaidAnotherWay(deps, storeId, actor, link.id, input);
}
