/**
 * Renewals (decision 0052). Each due cycle is claimed once (its unique row), priced by the shop's one quote for the
 * subscription's lines, address and shipping option, and charged. The provider answers with the same event Stripe's
 * `invoice.paid` becomes, and one path turns a paid renewal into its order: the quote's lines and totals, so the
 * order says exactly what was charged. A declined charge is tried again 1, 3 and 7 days after the first decline;
 * then the subscription is past due and paused until the subscriber gives another card.
 */
import { subDays } from "date-fns";
import { and, asc, eq, inArray, lte, ne, notInArray, sql } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { ruleBroken } from "../../core/errors";
import { nextCycle, retryAfterDecline, type IntervalUnit } from "../../core/subscriptions";
import { renewalDiscount } from "../cart/discounts";
import { priceCart, problemText } from "../cart/pricing";
import { orderLinesOf } from "../checkout/cart-orders";
import { quote } from "../checkout/quote";
import type { AppDeps } from "../context";
import type { Tx } from "../db/client";
import { orderLines, orders, subscriptionRenewals, subscriptions, type RenewalQuote } from "../db/schema";
import { logger } from "../logger";
import { CHECKOUT_ACTOR_LABEL, reserveStockIfAvailable, stockNeeded } from "../orders/inventory";
import { afterPaid, findOrderByKey, insertOrderLines, nextOrderNumber, type NewOrderLine, type Order } from "../orders/orders";
import { issueInvoice } from "../orders/invoices";
import { keepCustomerFigures } from "../orders/customer-figures";
import { isFirstDelivery, recordPayment } from "../orders/payment-events";
import { renewalChargeEventId, type RenewalAddition, type SubscriptionRenewalDraftedEvent, type SubscriptionRenewalFailedEvent, type SubscriptionRenewedEvent } from "../payments/provider";
import { sendSubscriptionEmail } from "./emails";
import { linesOfSubscription, lockSubscription, recordEvent, SHOP_LABEL, startSubscriptions, subscriptionByReference, updateSubscription, type Subscription } from "./records";

type Renewal = typeof subscriptionRenewals.$inferSelect;

/** A claimed cycle whose charge was cut off (a crash between the claim and the provider's answer) is asked again after this. */
const CUT_OFF_AFTER_MS = 5 * 60_000;

/** Renewals charged per run, so one run never holds the job for long; the next run takes the rest. */
const BATCH = 50;

/** The next delivery of a subscription as the shop's one quote prices it now. */
export async function quoteRenewal(deps: AppDeps, subscription: Subscription, lines = undefined as Awaited<ReturnType<typeof linesOfSubscription>> | undefined): Promise<RenewalQuote> {
  const items = lines ?? (await linesOfSubscription(deps.db, subscription.id));
  const priced = await priceCart(
    deps.db,
    subscription.storeId,
    items.map((line) => ({ kind: "product" as const, sku: line.sku, quantity: line.quantity, subscription: { id: line.subscriptionOptionId } })),
    null,
  );
  if (priced.problems.length > 0) throw ruleBroken(`The subscription cannot be renewed: ${problemText(priced.problems[0])}`);
  const discount = subscription.discountCode ? await renewalDiscount(deps.db, subscription.storeId, subscription.discountCode) : null;
  const { priceInfo, taxes } = await quote(
    deps.db,
    subscription.storeId,
    priced.lines,
    {
      address: { ...subscription.shippingAddress, line2: subscription.shippingAddress.line2 ?? undefined },
      email: subscription.email,
      name: subscription.shippingAddress.name,
      shippingOptionKey: subscription.shippingOptionKey,
      discountCode: null,
    },
    { renewal: { discount } },
  );
  return {
    lines: orderLinesOf(priced.lines, taxes),
    subtotalCents: priceInfo.subtotal,
    discountCents: priceInfo.discount,
    shippingCents: priceInfo.shipping,
    taxCents: priceInfo.tax,
    shippingTaxRateBasisPoints: taxes.shippingRateBasisPoints,
    totalCents: priceInfo.total,
  };
}

export type RenewalRun = { started: number; resumed: number; charged: number; retried: number; cancelled: number; failed: number };

/**
 * Renews every subscription due by `asOf` (the job's clock, or the owner's `--as-of`): pauses that have ended are
 * resumed, due cycles are claimed and charged, declined ones whose retry is due are charged again, and charges a
 * crash cut off are asked again with their own idempotency key.
 */
export async function renewDue(deps: AppDeps, asOf = new Date()): Promise<RenewalRun> {
  const run: RenewalRun = { started: await startSubscriptions(deps), resumed: 0, charged: 0, retried: 0, cancelled: 0, failed: 0 };
  run.resumed = await resumeEndedPauses(deps, asOf);
  run.cancelled = await endGivenBack(deps);
  // A provider that keeps the schedule (Stripe) begins each cycle itself: applyRenewalDrafted claims it then.
  if (!deps.payments.chargeRenewal) return run;
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), lte(subscriptions.nextRenewalAt, asOf)))
    .orderBy(asc(subscriptions.nextRenewalAt))
    .limit(BATCH);
  for (const subscription of due) {
    const outcome = await renewOne(deps, subscription);
    run[outcome]++;
  }
  const open = await deps.db
    .select()
    .from(subscriptionRenewals)
    .where(
      sql`(${subscriptionRenewals.status} = 'declined' and ${subscriptionRenewals.retryAt} <= ${asOf})
        or (${subscriptionRenewals.status} = 'charging' and ${subscriptionRenewals.updatedAt} <= ${new Date(Date.now() - CUT_OFF_AFTER_MS)})`,
    )
    .limit(BATCH);
  for (const renewal of open) {
    if (await chargeRenewal(deps, renewal)) run.retried++;
  }
  return run;
}

async function resumeEndedPauses(deps: AppDeps, asOf: Date): Promise<number> {
  const ended = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "paused"), lte(subscriptions.pausedUntil, asOf)));
  for (const subscription of ended) {
    await deps.db.transaction(async (tx) => {
      const current = await lockSubscription(tx, subscription);
      if (current.status !== "paused" || !current.pausedUntil || current.pausedUntil > asOf) return;
      await updateSubscription(tx, current.id, { status: "active", pausedUntil: null, nextRenewalAt: firstCycleFrom(current, asOf) });
      await recordEvent(tx, current, "resumed", "Resumed: the pause ended", SHOP_LABEL);
    });
  }
  return ended.length;
}

/** The subscription's next cycle date that is not before `from`: a pause skips the cycles it covered. */
export function firstCycleFrom(subscription: Pick<Subscription, "nextRenewalAt" | "interval" | "intervalUnit">, from: Date): Date {
  let next = subscription.nextRenewalAt;
  const plan = { interval: subscription.interval, intervalUnit: subscription.intervalUnit as IntervalUnit };
  while (next < from) next = nextCycle(next, plan);
  return next;
}

/**
 * Claims the subscription's due cycle and moves its date on, in one transaction: one claim per cycle on any instance.
 * Null when another claimed it first, or the subscription is no longer active.
 */
async function claimCycle(deps: AppDeps, subscription: Subscription, paymentReference: string | null): Promise<Renewal | null> {
  return deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, subscription);
    if (current.status !== "active" || current.nextRenewalAt.getTime() !== subscription.nextRenewalAt.getTime()) return null;
    const [renewal] = await tx
      .insert(subscriptionRenewals)
      .values({ storeId: current.storeId, subscriptionId: current.id, dueAt: current.nextRenewalAt, status: "charging", paymentReference })
      .onConflictDoNothing()
      .returning();
    const plan = { interval: current.interval, intervalUnit: current.intervalUnit as IntervalUnit };
    await updateSubscription(tx, current.id, { nextRenewalAt: nextCycle(current.nextRenewalAt, plan) });
    return renewal ?? null;
  });
}

/**
 * Refunding or cancelling a subscription's first order ends the subscription at the provider (the order desk's
 * refund); its record follows here, before anything else is charged.
 */
async function endGivenBack(deps: AppDeps): Promise<number> {
  const givenBack = await deps.db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.firstOrderId))
    .where(and(ne(subscriptions.status, "cancelled"), notInArray(orders.status, [...ORDER_GROUPS.kept])));
  for (const { subscription } of givenBack) {
    await deps.db.transaction(async (tx) => {
      await updateSubscription(tx, subscription.id, { status: "cancelled", cancelledAt: new Date(), cancelReason: "Its first order was given back" });
      await recordEvent(tx, subscription, "cancel", "Cancelled: its first order was refunded or cancelled", SHOP_LABEL);
    });
  }
  return givenBack.length;
}

async function renewOne(deps: AppDeps, subscription: Subscription): Promise<"charged" | "failed" | "started"> {
  const claimed = await claimCycle(deps, subscription, null);
  // Another instance claimed this cycle first.
  if (!claimed) return "started";
  let priced: RenewalQuote;
  try {
    priced = await quoteRenewal(deps, subscription);
  } catch (error) {
    await failRenewal(deps, subscription, claimed, (error as Error).message);
    return "failed";
  }
  const [withQuote] = await deps.db.update(subscriptionRenewals).set({ quote: priced, updatedAt: new Date() }).where(eq(subscriptionRenewals.id, claimed.id)).returning();
  await chargeRenewal(deps, withQuote);
  return "charged";
}

/** A cycle that cannot be priced (its product gone, its plan retired) ships nothing and stops the subscription for the owner to look at. */
async function failRenewal(deps: AppDeps, subscription: Subscription, renewal: Renewal, reason: string) {
  logger.warn({ subscriptionId: subscription.id, reason }, "subscription renewal could not be priced");
  await deps.db.transaction(async (tx) => {
    await tx.update(subscriptionRenewals).set({ status: "failed", failureMessage: reason, updatedAt: new Date() }).where(eq(subscriptionRenewals.id, renewal.id));
    await updateSubscription(tx, subscription.id, { status: "past_due" });
    await recordEvent(tx, subscription, "renewal-failed", reason, SHOP_LABEL);
  });
}

/**
 * Charges a claimed cycle (again, after a decline or a cut-off) for the quote it was claimed with. The idempotency key
 * names the cycle and its try, so asking again is the same charge. A provider that keeps its own schedule (Stripe)
 * is asked here only to pay a declined cycle's open bill at once, after the subscriber gave another card. The answer
 * is applied at once as well as through the provider's event: whichever comes first makes the order, the other finds
 * it made. Stripe reports a declined bill with its own event, so only the simulated provider's decline is read here.
 */
async function chargeRenewal(deps: AppDeps, renewal: Renewal): Promise<boolean> {
  const payments = deps.payments;
  const charge = payments.chargeRenewal !== undefined;
  if (!renewal.quote || !(charge || (payments.payRenewal && renewal.paymentReference))) return false;
  const [subscription] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, renewal.subscriptionId));
  if (!subscription || subscription.status === "cancelled" || subscription.status === "paused") return false;
  // A charge cut off here is asked again by the job; Stripe's bill stays as it is until Stripe says how it went.
  if (charge) await deps.db.update(subscriptionRenewals).set({ status: "charging", updatedAt: new Date() }).where(eq(subscriptionRenewals.id, renewal.id));
  const idempotencyKey = `renewal:${renewal.id}:try:${renewal.declines}`;
  const payment = payments.chargeRenewal
    ? await payments.chargeRenewal({
        subscriptionId: subscription.paymentReference,
        amountCents: renewal.quote.totalCents,
        metadata: { store_id: subscription.storeId, subscription_id: String(subscription.id), renewal_id: String(renewal.id) },
        idempotencyKey,
      })
    : await payments.payRenewal!(renewal.paymentReference!, idempotencyKey);
  const event = { id: renewalChargeEventId(payment.id), paymentId: subscription.paymentReference, renewalPaymentId: payment.id };
  if (payment.status === "succeeded") await applyRenewalPaid(deps, { ...event, type: "subscription.renewed", amountCents: payment.amountCents });
  else if (charge) await applyRenewalDeclined(deps, { ...event, type: "subscription.renewal-failed", failureMessage: payment.failureMessage ?? "The card was declined." });
  return true;
}

/**
 * A provider that keeps the schedule (Stripe) has drafted the cycle's bill: the shop claims the cycle, prices it with
 * the one quote, and adds to the bill what its recurring items leave out, so the charge is the quote's total: a price
 * changed since the subscription began, shipping, and tax. A replayed event finds the cycle claimed and adds the same
 * items under the same idempotency keys, which the provider answers without adding them twice.
 */
export async function applyRenewalDrafted(deps: AppDeps, event: SubscriptionRenewalDraftedEvent): Promise<"applied" | "ignored"> {
  if (!deps.payments.addToRenewal) return "ignored";
  const subscription = await subscriptionByReference(deps.db, deps.payments.name, event.paymentId);
  if (!subscription) return "ignored";
  const [known] = await deps.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.paymentReference, event.renewalPaymentId));
  // A cycle well before the one the record waits for was skipped: Stripe voids its bill (the mirrored pause).
  if (!known && event.dueAt < subDays(subscription.nextRenewalAt, 1)) return "ignored";
  const renewal = known ?? (await claimCycle(deps, subscription, event.renewalPaymentId));
  if (!renewal) return "ignored";
  let priced = renewal.quote;
  if (!priced) {
    try {
      priced = await quoteRenewal(deps, subscription);
    } catch (error) {
      await failRenewal(deps, subscription, renewal, (error as Error).message);
      return "applied";
    }
    await deps.db.update(subscriptionRenewals).set({ quote: priced, updatedAt: new Date() }).where(eq(subscriptionRenewals.id, renewal.id));
  }
  const additions: RenewalAddition[] = [
    { name: "price-change" as const, amountCents: priced.subtotalCents - event.amountCents, description: "Price change since the subscription began" },
    { name: "discount" as const, amountCents: -priced.discountCents, description: "Subscription discount" },
    { name: "shipping" as const, amountCents: priced.shippingCents, description: "Shipping" },
    { name: "tax" as const, amountCents: priced.taxCents, description: "Tax" },
  ].filter((addition) => addition.amountCents !== 0);
  await deps.payments.addToRenewal(event.renewalPaymentId, additions, `renewal:${renewal.id}`);
  return "applied";
}

/** The cycle a renewal event is about: the one charged with that payment, else the subscription's open one. */
async function renewalOf(tx: Tx, subscription: Subscription, paymentReference: string): Promise<Renewal | null> {
  const [byPayment] = await tx.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.paymentReference, paymentReference));
  if (byPayment) return byPayment;
  const [open] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscription.id), inArray(subscriptionRenewals.status, ["charging", "declined"])))
    .orderBy(asc(subscriptionRenewals.dueAt))
    .limit(1);
  return open ?? null;
}

/**
 * A paid cycle is the next delivery: a new paid order with the subscription's customer, address and the lines and
 * totals of the quote that was charged, numbered and emailed like any paid order. It takes its stock like any order;
 * when there is too little, the money is taken all the same, so the order is recorded as backordered, holding no
 * stock, for the owner to restock and fulfil. A cycle charged without a quote (a Stripe subscription older than the
 * shop's records) is recorded for what was charged.
 */
export async function applyRenewalPaid(deps: AppDeps, event: SubscriptionRenewedEvent, first?: Order): Promise<"applied" | "duplicate" | "ignored"> {
  const subscription = await subscriptionOf(deps, event.paymentId, first);
  if (!subscription) return "ignored";
  const key = `renewal:${event.renewalPaymentId}`;
  const made = await deps.db.transaction(async (tx): Promise<Order | null> => {
    // The charge's own answer and the provider's event may arrive together: the lock makes the second find the first's order.
    const current = await lockSubscription(tx, subscription);
    if (!(await isFirstDelivery(tx, deps, subscription.storeId, event))) return null;
    if (await findOrderByKey({ db: tx }, subscription.storeId, key)) return null;
    const renewal = await renewalOf(tx, subscription, event.renewalPaymentId);
    const charged = renewal?.quote && renewal.quote.totalCents === event.amountCents ? renewal.quote : null;
    if (renewal?.quote && !charged) {
      logger.error({ subscriptionId: subscription.id, quoted: renewal.quote.totalCents, charged: event.amountCents }, "renewal charged another sum than its quote");
    }
    const lines = charged ? chargedLines(charged) : await recurringLinesOf(tx, subscription.firstOrderId);
    // Taken before the renewal's order exists (its status depends on it): the note names the first order instead.
    const move = { orderId: subscription.firstOrderId, actorLabel: CHECKOUT_ACTOR_LABEL, note: "subscription renewal" };
    const inStock = await reserveStockIfAvailable(tx, subscription.storeId, stockNeeded(lines), move);
    const number = await nextOrderNumber(tx, subscription.storeId);
    const [order] = await tx
      .insert(orders)
      .values({
        storeId: subscription.storeId,
        number,
        status: inStock ? "paid" : "backordered",
        email: subscription.email,
        customerName: subscription.customerName,
        customerId: subscription.customerId,
        shippingAddress: subscription.shippingAddress,
        shippingOptionKey: subscription.shippingOptionKey,
        subtotalCents: charged?.subtotalCents ?? event.amountCents,
        discountCents: charged?.discountCents ?? 0,
        shippingCents: charged?.shippingCents ?? 0,
        taxCents: charged?.taxCents ?? 0,
        shippingTaxRateBasisPoints: charged?.shippingTaxRateBasisPoints ?? null,
        totalCents: event.amountCents,
        idempotencyKey: key,
        paymentProvider: subscription.paymentProvider,
        paymentReference: event.renewalPaymentId,
        paidAt: new Date(),
      })
      .returning();
    await keepCustomerFigures(tx, order);
    await insertOrderLines(tx, subscription.storeId, order.id, lines);
    await issueInvoice(tx, order);
    await recordPayment(tx, order, event.renewalPaymentId, "succeeded", event.amountCents);
    if (renewal) {
      await tx
        .update(subscriptionRenewals)
        .set({ status: "paid", orderId: order.id, paymentReference: event.renewalPaymentId, retryAt: null, updatedAt: new Date() })
        .where(eq(subscriptionRenewals.id, renewal.id));
    }
    if (current.status === "past_due") await updateSubscription(tx, current.id, { status: "active" });
    await recordEvent(tx, subscription, "renewed", `Renewed: order #${number}`, SHOP_LABEL);
    return order;
  });
  if (!made) return "duplicate";
  if (made.status === "backordered") logger.warn({ orderId: made.id }, "subscription renewal paid with its stock short: backordered");
  await afterPaid(deps, made);
  return "applied";
}

/**
 * The first order's subscribed lines: what a cycle without a quote delivers. How its charge splits into goods and tax
 * is not known, so the lines keep no rate (decision 0063).
 */
async function recurringLinesOf(tx: Tx, firstOrderId: number): Promise<NewOrderLine[]> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, firstOrderId)).orderBy(asc(orderLines.id));
  return lines
    .filter((line) => line.subscriptionId !== null)
    .map(({ id: _id, orderId: _orderId, storeId: _storeId, ...line }) => ({ ...line, discountCents: 0, taxRateBasisPoints: null }));
}

/** The charged quote's lines; a quote stored before lines kept their tax (decision 0063) gives them none. */
const chargedLines = (charged: RenewalQuote): NewOrderLine[] =>
  charged.lines.map((line) => ({ ...line, discountCents: line.discountCents ?? 0, taxRateBasisPoints: line.taxRateBasisPoints ?? null }));

/** The shop's record of a provider subscription, started now if its first order has none yet. */
async function subscriptionOf(deps: AppDeps, reference: string, first?: Order): Promise<Subscription | null> {
  const known = await subscriptionByReference(deps.db, deps.payments.name, reference);
  if (known || !first) return known;
  await startSubscriptions(deps, { orderId: first.id });
  return subscriptionByReference(deps.db, deps.payments.name, reference);
}

/**
 * A declined cycle: tried again 1, 3 and 7 days after the first decline, the subscriber emailed each time with a link
 * to give another card; after the last, the subscription is past due and paused, and the subscriber told so.
 */
export async function applyRenewalDeclined(deps: AppDeps, event: SubscriptionRenewalFailedEvent): Promise<"applied" | "duplicate" | "ignored"> {
  const subscription = await subscriptionByReference(deps.db, deps.payments.name, event.paymentId);
  if (!subscription) return "ignored";
  const outcome = await deps.db.transaction(async (tx) => {
    await lockSubscription(tx, subscription);
    if (!(await isFirstDelivery(tx, deps, subscription.storeId, event))) return null;
    const renewal = await renewalOf(tx, subscription, event.renewalPaymentId);
    // A cycle the shop never claimed (a Stripe subscription older than its records) has no dunning of the shop's.
    if (!renewal || renewal.status === "paid") return "ignored" as const;
    const declines = renewal.declines + 1;
    const firstDeclinedAt = renewal.firstDeclinedAt ?? new Date();
    // Counted from the cycle's date, so the schedule is the same whichever clock ran the charge (the job's, or --as-of).
    const retryAt = retryAfterDecline(renewal.dueAt, declines);
    await tx
      .update(subscriptionRenewals)
      .set({
        status: retryAt ? "declined" : "failed",
        declines,
        firstDeclinedAt,
        retryAt,
        failureMessage: event.failureMessage,
        paymentReference: event.renewalPaymentId,
        updatedAt: new Date(),
      })
      .where(eq(subscriptionRenewals.id, renewal.id));
    if (!retryAt) await updateSubscription(tx, subscription.id, { status: "past_due" });
    await recordEvent(
      tx,
      subscription,
      retryAt ? "renewal-declined" : "past-due",
      retryAt ? `Payment declined (${event.failureMessage}); tried again ${retryAt.toISOString().slice(0, 10)}` : `Past due: payment declined ${declines} times`,
      SHOP_LABEL,
    );
    return { retryAt, total: renewal.quote?.totalCents ?? null };
  });
  if (!outcome) return "duplicate";
  if (outcome === "ignored") return outcome;
  await sendSubscriptionEmail(deps, subscription, outcome.retryAt ? { kind: "renewal-declined", retryAt: outcome.retryAt, failureMessage: event.failureMessage } : { kind: "past-due" });
  return "applied";
}

/** Charges at once a cycle that was declined, after the subscriber gave another card. */
export async function chargeDeclinedNow(deps: AppDeps, subscription: Subscription): Promise<boolean> {
  const [renewal] = await deps.db
    .select()
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscription.id), inArray(subscriptionRenewals.status, ["declined", "failed"])))
    .orderBy(asc(subscriptionRenewals.dueAt))
    .limit(1);
  if (!renewal?.quote) return false;
  return chargeRenewal(deps, renewal);
}
