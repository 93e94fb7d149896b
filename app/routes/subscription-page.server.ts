/**
 * The subscriber's page of one subscription, read and changed, whichever way the subscriber came (signed in, or with
 * an email's manage link): the routes only find the subscription the visitor may manage and hand it here. A change is
 * read with its core schema and made by its server/subscriptions use case as the subscriber; what it answers is the
 * page's status message, or each problem beside the field it names.
 */
import { data, redirect } from "react-router";
import { badInput, isRefusal, parseWith } from "@core/errors";
import { formatMoney } from "@core/money";
import {
  addressChangeSchema,
  cancelSchema,
  cardChangeSchema,
  frequencySchema,
  lineChangeSchema,
  pauseSchema,
} from "@core/schemas/subscriptions";
import { planLabel, SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from "@core/subscriptions";
import type { AppDeps } from "../../server/context";
import type { RenewalQuote } from "../../server/db/schema";
import {
  cancel,
  changeAddress,
  changeFrequency,
  changeLine,
  pause,
  planOf,
  previewAddress,
  replaceCard,
  resume,
  skipNext,
  startCardSetup,
  type Changer,
} from "../../server/subscriptions/changes";
import { subscriptionsOfCustomer, viewSubscription } from "../../server/subscriptions/desk";
import { subscriptionOfManageLink } from "../../server/subscriptions/links";
import { currentCustomer } from "../../server/accounts/session";
import { renewalDay } from "../../server/subscriptions/emails";
import { shopTimeZone } from "../../server/store/settings";
import { shopDate } from "@core/shop-time";
import type { Subscription } from "../../server/subscriptions/records";
import { formFailure } from "../../server/accounts/forms";
import { cardFieldOf, cardFormInput } from "~/components/checkout/simulated-card-form";
import { linkToken } from "~/components/ui/email-link-page";
import type { ChangeAnswer, ChangeIntent, SubscriptionView, Totals } from "~/components/subscriptions/subscription-view";

const NO_STORE = { "Cache-Control": "private, no-store" };
const SUBSCRIBER: Changer = { kind: "subscriber" };
const CHANGE_FAILED = "We could not change your subscription just now. Please try again.";
const CONFIRMED = "We emailed you a confirmation.";

const totalsOf = (quote: RenewalQuote): Totals => ({
  subtotalCents: quote.subtotalCents,
  discountCents: quote.discountCents,
  shippingCents: quote.shippingCents,
  taxCents: quote.taxCents,
  totalCents: quote.totalCents,
});

const addressOf = (subscription: Subscription) => {
  const a = subscription.shippingAddress;
  return { name: a.name, line1: a.line1, line2: a.line2 ?? "", city: a.city, state: a.state, postal_code: a.postal_code, country: a.country };
};

/** The subscription whole, as its page shows it. */
export async function subscriptionView(deps: AppDeps, id: number): Promise<SubscriptionView> {
  const [view, timeZone] = await Promise.all([viewSubscription(deps, deps.storeId, id), shopTimeZone(deps.db, deps.storeId)]);
  const { subscription } = view;
  const status = subscription.status as SubscriptionStatus;
  return {
    id: subscription.id,
    status,
    statusLabel: SUBSCRIPTION_STATUS_LABELS[status],
    plan: view.plan,
    frequency: `${subscription.interval} ${subscription.intervalUnit}`,
    frequencies: view.frequencies.map((plan) => ({ value: `${plan.interval} ${plan.intervalUnit}`, label: plan.label })),
    next:
      status === "active"
        ? { day: renewalDay(subscription.nextRenewalAt, timeZone), date: shopDate(subscription.nextRenewalAt, timeZone), totals: view.next ? totalsOf(view.next) : null }
        : null,
    pausedUntil: subscription.pausedUntil ? `until ${renewalDay(subscription.pausedUntil, timeZone)}` : null,
    items: view.items.map((item) => ({
      id: item.id,
      sku: item.sku,
      title: item.title,
      options: Object.values(item.attributes).filter(Boolean).join(" · "),
      quantity: item.quantity,
      unitCents: item.unitCents,
      variants: item.variants,
    })),
    address: addressOf(subscription),
    card: subscription.cardBrand && subscription.cardLast4 ? { brand: subscription.cardBrand, last4: subscription.cardLast4 } : null,
    cardForm: deps.payments.replaceSubscriptionCard !== undefined,
    orders: view.orders.flatMap((order) =>
      order.number === null ? [] : [{ number: order.number, placedAt: (order.paidAt ?? new Date()).toISOString(), status: order.status, totalCents: order.totalCents }],
    ),
  };
}

const INTENTS: readonly ChangeIntent[] = ["skip", "pause", "resume", "frequency", "line", "review-address", "address", "card", "cancel"];
const ADDRESS_FIELDS = ["name", "line1", "line2", "city", "state", "postal_code", "country"] as const;

const addressInput = (form: FormData) => ({
  address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, String(form.get(`address.${field}`) ?? "")])) as Record<(typeof ADDRESS_FIELDS)[number], string>,
});


/** How the provider's setup page sends the subscriber back: to the page they left, saying where the new card stands. */
const SET_UP_RETURN = ["card", "set-up"] as const;

/** What the page says when the subscriber is back from the provider's setup page, before the provider has confirmed. */
export function cardSetUpNotice(request: Request): string | null {
  const [name, value] = SET_UP_RETURN;
  return new URL(request.url).searchParams.get(name) === value
    ? "Thank you. Your new card shows here once the payment provider confirms it, in a moment, and we email you a confirmation."
    : null;
}

function setUpReturnUrl(deps: AppDeps, pagePath: string): string {
  const url = new URL(`${deps.config.publicUrl.replace(/\/$/, "")}${pagePath}`);
  url.searchParams.set(...SET_UP_RETURN);
  return url.toString();
}

/** One change, as the subscriber: what the page then says, or (the provider's card setup) where the subscriber goes. */
async function makeChange(deps: AppDeps, id: number, intent: ChangeIntent, form: FormData, pagePath: string): Promise<Omit<Extract<ChangeAnswer, { ok: true }>, "ok" | "intent" | "line"> | Response> {
  const store = deps.storeId;
  const day = async (at: Date) => renewalDay(at, await shopTimeZone(deps.db, store));
  switch (intent) {
    case "skip": {
      const changed = await skipNext(deps, store, id, SUBSCRIBER);
      return { message: `Your next delivery is skipped. The one after is on ${await day(changed.nextRenewalAt)}. ${CONFIRMED}` };
    }
    case "pause": {
      const { until } = parseWith(pauseSchema, { until: form.get("until") });
      const changed = await pause(deps, store, id, SUBSCRIBER, until);
      return { message: `Your subscription is paused ${changed.pausedUntil ? `until ${await day(changed.pausedUntil)}` : "until you resume it"}. ${CONFIRMED}` };
    }
    case "resume": {
      const changed = await resume(deps, store, id, SUBSCRIBER);
      return { message: `Your subscription is active again. Your next delivery is on ${await day(changed.nextRenewalAt)}. ${CONFIRMED}` };
    }
    case "frequency": {
      const [interval, unit] = String(form.get("frequency") ?? "").split(" ");
      const plan = frequencySchema.safeParse({ interval, interval_unit: unit });
      if (!plan.success) throw badInput("Choose one of the frequencies offered", "frequency");
      const changed = await changeFrequency(deps, store, id, SUBSCRIBER, { interval: plan.data.interval, intervalUnit: plan.data.interval_unit });
      return { message: `From your next delivery, your subscription is delivered ${planLabel(planOf(changed))}. ${CONFIRMED}` };
    }
    case "line": {
      const line = parseWith(lineChangeSchema, { line: form.get("line"), sku: form.get("sku"), quantity: form.get("quantity") });
      await changeLine(deps, store, id, SUBSCRIBER, line.line, { sku: line.sku, quantity: line.quantity });
      return { message: `Your item is changed from your next delivery. ${CONFIRMED}` };
    }
    case "review-address": {
      const change = parseWith(addressChangeSchema, addressInput(form));
      const quote = await previewAddress(deps, store, id, { address: change.address });
      return {
        message: `Your next delivery to this address comes to ${formatMoney(quote.totalCents)}, shipping and tax included. Save it to use it.`,
        review: { address: { ...addressInput(form).address, country: change.address.country }, totals: totalsOf(quote) },
      };
    }
    case "address": {
      const change = parseWith(addressChangeSchema, addressInput(form));
      await changeAddress(deps, store, id, SUBSCRIBER, { address: change.address });
      return { message: `Your new address is saved for your next delivery. ${CONFIRMED}` };
    }
    case "card": {
      // A provider with its own setup page (Stripe) takes the card there; the subscriber comes back to this page.
      if (!deps.payments.replaceSubscriptionCard) return redirect(await startCardSetup(deps, store, id, setUpReturnUrl(deps, pagePath)));
      const card = parseWith(cardChangeSchema, cardFormInput(form));
      try {
        const changed = await replaceCard(deps, store, id, SUBSCRIBER, { number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc });
        const active = changed.status === "active" ? " Your subscription is active." : "";
        return { message: `Your card is updated: ${changed.cardBrand} ending ${changed.cardLast4}.${active} ${CONFIRMED}` };
      } catch (error) {
        if (isRefusal(error, "bad-input")) throw badInput(error.message, cardFieldOf(error.field));
        throw error;
      }
    }
    case "cancel": {
      const { reason } = parseWith(cancelSchema, { reason: form.get("reason") });
      await cancel(deps, store, id, SUBSCRIBER, reason);
      return { message: `Your subscription is cancelled: no more deliveries will be sent or charged. ${CONFIRMED}` };
    }
  }
}

/**
 * The page's action: the change its form names, made, and answered (200 with the message, or the refusal's status).
 * `pagePath` is the page's own address (with an email link's token), where the provider's setup page sends the
 * subscriber back.
 */
export async function changeSubscription(deps: AppDeps, id: number, request: Request, pagePath: string) {
  const form = await request.formData();
  const asked = String(form.get("intent") ?? "");
  const intent = INTENTS.find((name) => name === asked) ?? null;
  const line = form.has("line") ? Number(form.get("line")) : undefined;
  const values = Object.fromEntries([...form].flatMap(([name, value]) => (typeof value === "string" && !["number", "cvc", "expiry"].includes(name) ? [[name, value]] : [])));
  if (!intent) {
    return data<ChangeAnswer>({ ok: false, intent: null, status: 400, errors: [{ error: "Choose a change to make", field: "intent" }], values }, { status: 400 });
  }
  try {
    const made = await makeChange(deps, id, intent, form, pagePath);
    if (made instanceof Response) return made;
    return data<ChangeAnswer>({ ok: true, intent, line, ...made });
  } catch (error) {
    const failure = formFailure(error, values, CHANGE_FAILED);
    // The expiry is one field on the page, its month and year two in the schema.
    const errors = failure.errors.map((problem) => (problem.field === "exp_month" || problem.field === "exp_year" ? { ...problem, field: "expiry" } : problem));
    return data<ChangeAnswer>({ ...failure, errors, intent, line }, { status: failure.status });
  }
}

/**
 * The subscription of the address's id that the signed-in customer may manage (theirs, or bought as a guest with
 * their email); signed out: to sign-in. Another's answers exactly like a missing one.
 */
export async function customerSubscriptionId(deps: AppDeps, request: Request, param: string | undefined): Promise<number> {
  const customer = await currentCustomer(deps, request);
  if (!customer) throw redirect("/login", { headers: NO_STORE });
  const id = /^[1-9]\d{0,8}$/.test(param ?? "") ? Number(param) : null;
  const mine = id === null ? [] : await subscriptionsOfCustomer(deps.db, deps.storeId, customer);
  if (!mine.some((subscription) => subscription.id === id)) throw data("Subscription not found", { status: 404, headers: NO_STORE });
  return id!;
}

/** Every subscription the signed-in customer may manage, newest first, as their list shows them; signed out: to sign-in. */
export async function customerSubscriptions(deps: AppDeps, request: Request): Promise<SubscriptionView[]> {
  const customer = await currentCustomer(deps, request);
  if (!customer) throw redirect("/login", { headers: NO_STORE });
  const mine = await subscriptionsOfCustomer(deps.db, deps.storeId, customer);
  return Promise.all(mine.map((subscription) => subscriptionView(deps, subscription.id)));
}

/** Why an emailed link cannot be used, and the status its page goes out with: 404 when not valid, 410 when expired. */
export type LinkProblem = { problem: string; status: 404 | 410 };

/** Every email about a subscription carries a fresh manage link: the way to a link that works. */
export const NEW_LINK =
  "Every email about your subscription carries a link to its page: open the newest one, or sign in with the email you subscribed with and open Your subscriptions.";

/** The emailed link's refusal (not valid, or expired) as its page says it; any other error is the page's failure. */
export function linkProblemOf(error: unknown): LinkProblem {
  if (!isRefusal(error, "bad-input", "gone")) throw error;
  return { problem: `${error.message} ${NEW_LINK}`, status: error.kind === "gone" ? 410 : 404 };
}

/** The subscription an email's manage link opens, or why it cannot. */
export async function manageLinkSubscriptionId(deps: AppDeps, request: Request): Promise<{ id: number } | LinkProblem> {
  try {
    return { id: (await subscriptionOfManageLink(deps.db, deps.storeId, linkToken(request))).id };
  } catch (error) {
    return linkProblemOf(error);
  }
}
