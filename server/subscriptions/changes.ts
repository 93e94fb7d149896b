/**
 * What a subscriber (on their page or through an email's link) and staff (on the desk, audited) may change, each one
 * use case for every face: skip the next delivery, pause and resume, change the frequency, a line's variant and
 * quantity, the address, the card, and cancel. Each change is locked against a renewal running at the same moment,
 * written to the timeline, confirmed by email, and takes effect from the next cycle.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { badInput, conflict, ruleBroken } from "../../core/errors";
import { canMoveSubscription, nextCycle, planLabel, type IntervalUnit, type Plan, type SubscriptionMove } from "../../core/subscriptions";
import type { CheckoutAddress } from "../../core/schemas/checkout";
import { dayRange } from "../../core/shop-time";
import { addressOf } from "../checkout/cart-orders";
import { shippingOption } from "../checkout/quote";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { paymentEvents, products, subscriptionLines, subscriptionOptions, variants, type RenewalQuote } from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { shopTimeZone } from "../store/settings";
import { isFirstDelivery } from "../orders/payment-events";
import type { CardDetails, SavedCard, SubscriptionCardSetUpEvent } from "../payments/provider";
import { renewalDay, sendSubscriptionEmail } from "./emails";
import {
  linesOfSubscription,
  lockSubscription,
  recordEvent,
  SUBSCRIBER_LABEL,
  subscriptionById,
  subscriptionByReference,
  updateSubscription,
  type Subscription,
} from "./records";
import { chargeDeclinedNow, firstCycleFrom, quoteRenewal } from "./renewals";

/** Who asks: the subscriber, or staff on the subscriber's behalf (audited). */
export type Changer = { kind: "subscriber" } | { kind: "staff"; actor: AuditActor };

const labelOf = (changer: Changer) => (changer.kind === "staff" ? changer.actor.label : SUBSCRIBER_LABEL);

type Change = {
  /** The new fields, from the subscription as it is under the lock; throw a domain error to refuse. */
  apply: (current: Subscription, tx: Tx) => Promise<Partial<Subscription>> | Partial<Subscription>;
  /** The timeline's and the email's sentence, read from the subscription after the change; days in the shop's zone. */
  describe: (changed: Subscription, timeZone: string) => string;
  /** The move of SUBSCRIPTION_MOVES (core/subscriptions.ts): the states it may start from, checked under the lock. */
  action: SubscriptionMove;
  /** Whether this change is still to make, asked under the lock: false for a provider event's replay. */
  once?: (tx: Tx) => Promise<boolean>;
};

async function change(deps: AppDeps, storeId: string, id: number, changer: Changer, asked: Change): Promise<Subscription> {
  return (await changeOnce(deps, storeId, id, changer, asked))!;
}

/** A change, or null (nothing changed, nobody emailed) when its `once` says it was made before. */
async function changeOnce(deps: AppDeps, storeId: string, id: number, changer: Changer, { apply, describe, action, once }: Change): Promise<Subscription | null> {
  const before = await subscriptionById(deps.db, storeId, id);
  const timeZone = await shopTimeZone(deps.db, storeId);
  const changed = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, before);
    if (once && !(await once(tx))) return null;
    assertMove(current, action);
    const fields = await apply(current, tx);
    const after = await updateSubscription(tx, current.id, fields);
    await recordEvent(tx, after, action, describe(after, timeZone), labelOf(changer));
    if (changer.kind === "staff") {
      await recordAudit(tx, changer.actor, { action: `subscription.${action}`, entity: "subscription", entityId: id, before: auditFields(current), after: auditFields(after) });
    }
    return after;
  });
  if (changed) await sendSubscriptionEmail(deps, changed, { kind: "changed", change: describe(changed, timeZone) });
  return changed;
}

const auditFields = (subscription: Subscription) => ({
  status: subscription.status,
  nextRenewalAt: subscription.nextRenewalAt.toISOString(),
  pausedUntil: subscription.pausedUntil?.toISOString() ?? null,
  plan: planLabel(planOf(subscription)),
  shippingOptionKey: subscription.shippingOptionKey,
  cancelReason: subscription.cancelReason,
});

export const planOf = (subscription: Pick<Subscription, "interval" | "intervalUnit">): Plan => ({
  interval: subscription.interval,
  intervalUnit: subscription.intervalUnit as IntervalUnit,
});

function assertMove(current: Pick<Subscription, "status">, move: SubscriptionMove) {
  if (canMoveSubscription(current.status, move)) return;
  if (move === "resume" && current.status === "past_due") throw ruleBroken("Update the card to resume this subscription: its last payment was declined");
  throw conflict(`This subscription is ${current.status.replace("_", " ")}`);
}

/**
 * A provider that keeps the schedule (Stripe) is told to charge nothing until the subscription's next date: a skipped
 * cycle's bill, drafted on its date, is voided. A change's own id and the new date make the key.
 */
async function mirrorSchedule(deps: AppDeps, subscription: Subscription, action: string) {
  const key = `subscription:${subscription.id}:${action}:${subscription.updatedAt.getTime()}`;
  if (subscription.status === "active") {
    if (action === "resume") await deps.payments.resumeRenewals?.(subscription.paymentReference, key);
    else await deps.payments.pauseRenewals?.(subscription.paymentReference, subscription.nextRenewalAt, key);
  } else if (subscription.status === "paused") {
    await deps.payments.pauseRenewals?.(subscription.paymentReference, subscription.pausedUntil, key);
  }
}

export async function skipNext(deps: AppDeps, storeId: string, id: number, changer: Changer) {
  let skipped = new Date();
  const changed = await change(deps, storeId, id, changer, {
    action: "skip",
    apply: (current) => {
      skipped = current.nextRenewalAt;
      return { nextRenewalAt: nextCycle(current.nextRenewalAt, planOf(current)) };
    },
    describe: (_, timeZone) => `Skipped the delivery of ${renewalDay(skipped, timeZone)}.`,
  });
  await mirrorSchedule(deps, changed, "skip");
  return changed;
}

/** The one-click skip of a reminder: it skips the renewal it was sent for, and only while that one is still next. */
export async function skipRenewalOf(deps: AppDeps, storeId: string, id: number, renewalAt: number): Promise<"skipped" | "already"> {
  const subscription = await subscriptionById(deps.db, storeId, id);
  if (subscription.status !== "active" || subscription.nextRenewalAt.getTime() !== renewalAt) return "already";
  try {
    const changed = await change(deps, storeId, id, { kind: "subscriber" }, {
      action: "skip",
      apply: (current) => {
        if (current.status !== "active" || current.nextRenewalAt.getTime() !== renewalAt) throw conflict("Already skipped");
        return { nextRenewalAt: nextCycle(current.nextRenewalAt, planOf(current)) };
      },
      describe: (_, timeZone) => `Skipped the delivery of ${renewalDay(new Date(renewalAt), timeZone)}.`,
    });
    await mirrorSchedule(deps, changed, "skip");
    return "skipped";
  } catch (error) {
    if ((error as { kind?: string }).kind === "conflict") return "already";
    throw error;
  }
}

/**
 * Pauses until a day, 'YYYY-MM-DD' (it resumes itself at the shop's midnight beginning that day, decision 0068), or
 * until the subscriber resumes it.
 */
export async function pause(deps: AppDeps, storeId: string, id: number, changer: Changer, until: string | null) {
  const resumesAt = until === null ? null : dayRange(until, await shopTimeZone(deps.db, storeId)).start;
  const changed = await change(deps, storeId, id, changer, {
    action: "pause",
    apply: () => {
      if (resumesAt && resumesAt <= new Date()) throw badInput("The pause must end after today", "until");
      return { status: "paused", pausedUntil: resumesAt };
    },
    describe: (after, timeZone) => (after.pausedUntil ? `Paused until ${renewalDay(after.pausedUntil, timeZone)}.` : "Paused until you resume it."),
  });
  await mirrorSchedule(deps, changed, "pause");
  return changed;
}

export async function resume(deps: AppDeps, storeId: string, id: number, changer: Changer) {
  const changed = await change(deps, storeId, id, changer, {
    action: "resume",
    apply: (current) => ({ status: "active", pausedUntil: null, nextRenewalAt: firstCycleFrom(current, new Date()) }),
    describe: () => "Resumed.",
  });
  await mirrorSchedule(deps, changed, "resume");
  return changed;
}

export async function cancel(deps: AppDeps, storeId: string, id: number, changer: Changer, reason: string | null) {
  const cancelled = await change(deps, storeId, id, changer, {
    action: "cancel",
    apply: () => ({ status: "cancelled", cancelledAt: new Date(), cancelReason: reason }),
    describe: () => "Cancelled: no more deliveries will be sent or charged.",
  });
  // A provider that keeps the schedule (Stripe) must stop charging too.
  await deps.payments.endSubscription?.(cancelled.paymentReference, { idempotencyKey: `subscription:${cancelled.id}:cancel` });
  return cancelled;
}

/** The plans every line's variant offers, so a frequency change keeps every line on its product's own plan. */
export async function frequencyChoices(deps: AppDeps, subscription: Subscription): Promise<Plan[]> {
  const lines = await linesOfSubscription(deps.db, subscription.id);
  const perLine = await Promise.all(lines.map((line) => plansOfSku(deps.db, subscription.storeId, line.sku)));
  const key = (plan: Plan) => `${plan.interval} ${plan.intervalUnit}`;
  const [first = [], ...rest] = perLine;
  return first.filter((plan) => rest.every((plans) => plans.some((other) => key(other) === key(plan)))).map(({ interval, intervalUnit }) => ({ interval, intervalUnit }));
}

async function plansOfSku(db: Database | Tx, storeId: string, sku: string) {
  const rows = await db
    .select({ id: subscriptionOptions.id, interval: subscriptionOptions.interval, intervalUnit: subscriptionOptions.intervalUnit, productId: variants.productId })
    .from(subscriptionOptions)
    .innerJoin(variants, eq(variants.id, subscriptionOptions.variantId))
    .where(and(eq(subscriptionOptions.storeId, storeId), eq(variants.sku, sku)));
  return rows.map((row) => ({ ...row, intervalUnit: row.intervalUnit as IntervalUnit }));
}

/** The subscription's lines on the plan's option of each, refused when one line is not offered on it. */
async function linesOnPlan(db: Database | Tx, storeId: string, subscription: Subscription, plan: Plan) {
  const lines = await linesOfSubscription(db, subscription.id);
  const moved = [];
  for (const line of lines) {
    const option = (await plansOfSku(db, storeId, line.sku)).find((choice) => choice.interval === plan.interval && choice.intervalUnit === plan.intervalUnit);
    if (!option) throw badInput(`Not offered ${planLabel(plan)} for every item of this subscription`, "frequency");
    moved.push({ ...line, subscriptionOptionId: option.id });
  }
  return moved;
}

/**
 * Another of the plans every line offers, from the next delivery on. A provider that keeps the schedule (Stripe) is
 * told under the same lock, so the shop's record and Stripe's prices never disagree: the items at the new plan's
 * prices, charged first on the date the record holds.
 */
export async function changeFrequency(deps: AppDeps, storeId: string, id: number, changer: Changer, plan: Plan) {
  const before = await subscriptionById(deps.db, storeId, id);
  assertMove(before, "frequency");
  // Priced before the lock is taken (the quote reads outside the change's transaction); a renewal prices its cycle
  // afresh all the same, so a price that moves meanwhile is still charged right.
  const priced = deps.payments.changeRenewalPlan ? await quoteRenewal(deps, before, await linesOnPlan(deps.db, storeId, before, plan)) : null;
  return change(deps, storeId, id, changer, {
    action: "frequency",
    apply: async (current, tx) => {
      for (const line of await linesOnPlan(tx, storeId, current, plan)) {
        await tx.update(subscriptionLines).set({ subscriptionOptionId: line.subscriptionOptionId }).where(eq(subscriptionLines.id, line.id));
      }
      if (priced && deps.payments.changeRenewalPlan) {
        const items = priced.lines.map((line) => ({
          title: line.title,
          unitAmountCents: line.unitPriceCents,
          quantity: line.quantity,
          interval: plan.intervalUnit,
          intervalCount: plan.interval,
        }));
        const from = firstCycleFrom({ nextRenewalAt: current.nextRenewalAt, ...plan }, new Date());
        const key = `subscription:${current.id}:frequency:${plan.interval}-${plan.intervalUnit}:${current.updatedAt.getTime()}`;
        await deps.payments.changeRenewalPlan(current.paymentReference, items, from, key);
      }
      return { interval: plan.interval, intervalUnit: plan.intervalUnit };
    },
    describe: (changed) => `Delivered ${planLabel(planOf(changed))} from the next delivery.`,
  });
}

/** Another variant of the line's product (another grind) on the same frequency, and the quantity. */
export function changeLine(deps: AppDeps, storeId: string, id: number, changer: Changer, lineId: number, input: { sku: string; quantity: number }) {
  let described = "";
  return change(deps, storeId, id, changer, {
    action: "item",
    apply: async (current, tx) => {
      const line = (await linesOfSubscription(tx, current.id)).find((candidate) => candidate.id === lineId);
      if (!line) throw badInput("No such item in this subscription", "line");
      if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > 99) throw badInput("Quantity must be between 1 and 99", "quantity");
      const [was] = await plansOfSku(tx, storeId, line.sku);
      const option = (await plansOfSku(tx, storeId, input.sku)).find(
        (choice) => choice.productId === was?.productId && choice.interval === current.interval && choice.intervalUnit === current.intervalUnit,
      );
      if (!option) throw badInput(`${input.sku} is not offered ${planLabel(planOf(current))} for this product`, "sku");
      await tx.update(subscriptionLines).set({ sku: input.sku, subscriptionOptionId: option.id, quantity: input.quantity }).where(eq(subscriptionLines.id, line.id));
      const [variant] = await tx
        .select({ title: products.title, attributes: variants.attributes })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.storeId, storeId), eq(variants.sku, input.sku)));
      const options = Object.values(variant?.attributes ?? {}).filter(Boolean).join(", ");
      described = `Now ${input.quantity} × ${variant?.title ?? input.sku}${options ? ` (${options})` : ""} from the next delivery.`;
      return {};
    },
    describe: () => described,
  });
}

export type AddressChange = { address: CheckoutAddress; name?: string | null; shippingOptionKey?: string };

/** The next delivery priced for a new address (and option), before it is saved: what the subscriber sees first. */
export async function previewAddress(deps: AppDeps, storeId: string, id: number, input: AddressChange): Promise<RenewalQuote> {
  const subscription = await subscriptionById(deps.db, storeId, id);
  return quoteRenewal(deps, withAddress(subscription, input));
}

function withAddress(subscription: Subscription, input: AddressChange): Subscription {
  return {
    ...subscription,
    shippingAddress: addressOf(input.address, input.name ?? input.address.name ?? subscription.shippingAddress.name),
    shippingOptionKey: input.shippingOptionKey ?? subscription.shippingOptionKey,
  };
}

export async function changeAddress(deps: AppDeps, storeId: string, id: number, changer: Changer, input: AddressChange) {
  // Priced before it is saved: an address or option the shop cannot quote is refused, nothing changed.
  const next = withAddress(await subscriptionById(deps.db, storeId, id), input);
  await shippingOption(deps.db, storeId, next.shippingOptionKey);
  await quoteRenewal(deps, next);
  return change(deps, storeId, id, changer, {
    action: "address",
    apply: () => ({ shippingAddress: next.shippingAddress, shippingOptionKey: next.shippingOptionKey }),
    describe: (changed) => {
      const a = changed.shippingAddress;
      return `Delivered to ${[a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`, a.country].filter(Boolean).join(", ")} from the next delivery.`;
    },
  });
}

/** The card's field a refusal is about, in the card schema's names; none for a decline of the whole card. */
const cardFieldOf = (message: string) =>
  /expiration/.test(message) ? "exp_month" : /security code/.test(message) ? "cvc" : /number/.test(message) ? "number" : undefined;

/**
 * The card a subscription charges is now another, whichever way it was given (the simulated provider's form, or the
 * provider's own setup page): recorded, confirmed by email, a past-due subscription made active, and a renewal declined
 * on the old card charged on it at once. Null when `once` found it done before.
 */
async function cardReplaced(deps: AppDeps, storeId: string, id: number, changer: Changer, saved: SavedCard, once?: Change["once"]): Promise<Subscription | null> {
  const changed = await changeOnce(deps, storeId, id, changer, {
    action: "card",
    once,
    apply: (current) => ({ cardBrand: saved.brand, cardLast4: saved.last4, ...(current.status === "past_due" ? { status: "active" as const } : {}) }),
    describe: (after) => `Charged to ${after.cardBrand} ending ${after.cardLast4} from now on.`,
  });
  if (!changed) return null;
  await chargeDeclinedNow(deps, changed);
  return subscriptionById(deps.db, storeId, id);
}

/** Another card on the simulated provider's form; a card it will not keep is refused, nothing changed. */
export async function replaceCard(deps: AppDeps, storeId: string, id: number, changer: Changer, card: CardDetails): Promise<Subscription> {
  const subscription = await subscriptionById(deps.db, storeId, id);
  assertMove(subscription, "card");
  if (!deps.payments.replaceSubscriptionCard) throw ruleBroken("The card is changed on the payment provider's own page");
  const saved = await deps.payments.replaceSubscriptionCard(subscription.paymentReference, card);
  if ("refused" in saved) throw badInput(saved.refused, cardFieldOf(saved.refused));
  return (await cardReplaced(deps, storeId, id, changer, saved))!;
}

/**
 * The provider's own page where the subscriber gives another card (Stripe Checkout in setup mode), coming back to
 * `returnUrl`. Asked again before anything changed (a second click), it is the same page.
 */
export async function startCardSetup(deps: AppDeps, storeId: string, id: number, returnUrl: string): Promise<string> {
  const subscription = await subscriptionById(deps.db, storeId, id);
  assertMove(subscription, "card");
  if (!deps.payments.startCardSetup) throw ruleBroken("The card is changed with the card form on this page");
  // The way back is part of the request: the signed-in page and an email's link each have their own session.
  const back = createHash("sha256").update(returnUrl).digest("hex").slice(0, 16);
  const { url } = await deps.payments.startCardSetup(subscription.paymentReference, {
    returnUrl,
    metadata: { store_id: storeId, shop_subscription_id: String(subscription.id) },
    idempotencyKey: `subscription:${subscription.id}:card-setup:${subscription.updatedAt.getTime()}:${back}`,
  });
  return url;
}

/**
 * A setup the subscriber completed on the provider's page: its card becomes the subscription's, once per event. A
 * replay already recorded asks the provider nothing (an old card is never put back); two deliveries at once both
 * make the same idempotent provider call, and only the first to record the event changes the record.
 */
export async function applyCardSetUp(deps: AppDeps, event: SubscriptionCardSetUpEvent): Promise<"applied" | "duplicate" | "ignored"> {
  if (!deps.payments.useSetUpCard) return "ignored";
  const subscription = await subscriptionByReference(deps.db, deps.payments.name, event.paymentId);
  if (!subscription || subscription.status === "cancelled") return "ignored";
  const [seen] = await deps.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return "duplicate";
  const saved = await deps.payments.useSetUpCard(subscription.paymentReference, event.setupId, `subscription:${subscription.id}:card:${event.setupId}`);
  const changed = await cardReplaced(deps, subscription.storeId, subscription.id, { kind: "subscriber" }, saved, (tx) =>
    isFirstDelivery(tx, deps, subscription.storeId, event),
  );
  return changed ? "applied" : "duplicate";
}
