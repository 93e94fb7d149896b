/**
 * A subscriber's own subscription, whichever way they came (signed in, or with the link of a subscription email): what
 * it is (SubscriptionSummary, also each entry of their list) and every change they may make to it, each a form posted
 * to the page's own action, which answers with a status message at the top and any problem beside its field.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "@core/money";
import { canMoveSubscription, type SubscriptionMove } from "@core/subscriptions";
import { FormMessage, LabelledField, SelectField, TextField } from "~/components/account/form-parts";
import { ItemLines } from "~/components/account/item-lines";
import { ShippingAddressFields } from "~/components/checkout/address-form";
import { SimulatedCardForm, type CardFields } from "~/components/checkout/simulated-card-form";
import { placeErrors } from "~/lib/form-error";
import { statusLabel, useOrderDate } from "~/lib/order-format";
import type { ChangeAnswer, ChangeIntent, SubscriptionView, Totals } from "./subscription-view";

const BUTTON = "rounded bg-button px-5 py-2.5 font-semibold text-button-ink disabled:opacity-70";
const QUIET_BUTTON = "rounded border border-black/40 bg-white px-5 py-2.5 font-semibold text-ink disabled:opacity-70";
const PANEL = "rounded-lg bg-card p-5 shadow-sm sm:p-6";

const addressLines = (a: SubscriptionView["address"]) =>
  [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`, a.country].filter(Boolean);

/** What the subscription is: status, items, frequency, the next delivery and its total, address and card. */
export function SubscriptionSummary({ view, headingLevel = 2 }: { view: SubscriptionView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <div>
        <Heading className="sr-only">Items</Heading>
        <ItemLines
          lines={view.items.map((item) => ({
            key: item.id,
            quantity: item.quantity,
            title: item.title,
            options: item.options,
            cents: item.unitCents === null ? null : item.unitCents * item.quantity,
          }))}
        />
        <dl className="mt-3 space-y-1">
          <Fact term="Status">
            <span className="font-semibold">{view.statusLabel}</span>
            {view.status === "paused" ? ` ${view.pausedUntil ?? "until you resume it"}` : ""}
          </Fact>
          <Fact term="Frequency">Delivered {view.plan}</Fact>
          {view.next ? (
            <Fact term="Next delivery">
              <time dateTime={view.next.date}>{view.next.day}</time>
            </Fact>
          ) : null}
          {view.next?.totals ? <Fact term="Next delivery total">{formatMoney(view.next.totals.totalCents)}, shipping and tax included</Fact> : null}
        </dl>
      </div>
      <dl className="space-y-3">
        <div>
          <dt className="font-semibold">Delivered to</dt>
          <dd>
            <address className="not-italic">
              {addressLines(view.address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Card</dt>
          <dd>{view.card ? `${view.card.brand} ending ${view.card.last4}` : "Kept by the payment provider"}</dd>
        </div>
      </dl>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Answer = ChangeAnswer | undefined;

/** The answer when it is about this form (its intent, and for an item its line). */
const answerFor = (answer: Answer, intents: ChangeIntent[], line?: number) =>
  answer && answer.intent !== null && intents.includes(answer.intent) && (line === undefined || answer.line === line) ? answer : undefined;

function errorsFor<F extends string>(answer: Answer, intents: ChangeIntent[], fields: readonly F[], line?: number) {
  const mine = answerFor(answer, intents, line);
  return placeErrors(mine && !mine.ok ? mine.errors : undefined, fields);
}

/** Whether the form of `intent` is being sent, so its button says so and takes no second click. */
function useBusy(intent: ChangeIntent, line?: number) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state !== "idle" && form?.get("intent") === intent && (line === undefined || form.get("line") === String(line));
}

function Submit({ intent, label, busyLabel, quiet = false, line }: { intent: ChangeIntent; label: string; busyLabel: string; quiet?: boolean; line?: number }) {
  const busy = useBusy(intent, line);
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={quiet ? QUIET_BUTTON : BUTTON}>
      {busy ? busyLabel : label}
    </button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={PANEL}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The page's answer to the last change, at the top, taken into focus so a screen reader and a keyboard start there. */
function AnswerMessage({ answer }: { answer: Answer }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) ref.current?.focus();
  }, [answer]);
  if (!answer) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {answer.ok ? (
        <FormMessage tone="success">{answer.message}</FormMessage>
      ) : (
        <FormMessage tone="error">Nothing was changed: {answer.errors.map((problem) => problem.error).join(" ")}</FormMessage>
      )}
    </div>
  );
}

/** The whole page of one subscription: what it is, then each change its status allows, then its orders. */
/** `notice`: what the page says on arrival (back from the payment provider's card setup), until a change answers. */
export function SubscriptionManager({ view, answer, notice = null }: { view: SubscriptionView; answer: Answer; notice?: string | null }) {
  const can = (move: SubscriptionMove) => canMoveSubscription(view.status, move);
  // A past-due subscription needs a card that works before anything else, so its card form comes first.
  const cardFirst = view.status === "past_due";
  return (
    <div className="space-y-6">
      <AnswerMessage answer={answer} />
      {notice && !answer ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <section aria-label="Subscription details" className={PANEL}>
        <SubscriptionSummary view={view} />
      </section>
      {cardFirst ? (
        <FormMessage tone="error">Your last payment was declined and the subscription is paused. Update your card below and we will charge it at once.</FormMessage>
      ) : null}
      {view.status === "cancelled" ? <p>This subscription is cancelled: no more deliveries will be sent or charged.</p> : null}
      {can("skip") ? <SkipNext view={view} /> : null}
      {can("pause") || can("resume") ? <PauseOrResume view={view} answer={answer} /> : null}
      {cardFirst && can("card") ? <CardChange view={view} answer={answer} /> : null}
      {can("frequency") ? <FrequencyChange view={view} answer={answer} /> : null}
      {can("item") ? <ItemsChange view={view} answer={answer} /> : null}
      {can("address") ? <AddressChange view={view} answer={answer} /> : null}
      {!cardFirst && can("card") ? <CardChange view={view} answer={answer} /> : null}
      {can("cancel") ? <CancelSubscription answer={answer} /> : null}
      <Orders orders={view.orders} />
    </div>
  );
}

function SkipNext({ view }: { view: SubscriptionView }) {
  return (
    <Section title="Next delivery">
      <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <p>
          {view.next ? (
            <>
              Your next delivery is on {view.next.day}
              {view.next.totals ? `, for ${formatMoney(view.next.totals.totalCents)}` : ""}.
            </>
          ) : null}
        </p>
        <Submit intent="skip" label="Skip next delivery" busyLabel="Skipping..." />
      </Form>
    </Section>
  );
}

function PauseOrResume({ view, answer }: { view: SubscriptionView; answer: Answer }) {
  const placed = errorsFor(answer, ["pause"], ["until"] as const);
  if (view.status === "paused") {
    return (
      <Section title="Resume">
        <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
          <p>Your subscription is paused {view.pausedUntil ?? "until you resume it"}.</p>
          <Submit intent="resume" label="Resume subscription" busyLabel="Resuming..." />
        </Form>
      </Section>
    );
  }
  return (
    <Section title="Pause">
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="sm:w-64">
          <TextField label="Resume on (optional)" name="until" type="date" error={placed.at.until} />
        </div>
        <Submit intent="pause" label="Pause subscription" busyLabel="Pausing..." />
      </Form>
      <p className="mt-2 text-sm">Leave the date empty to pause until you resume it.</p>
    </Section>
  );
}

function FrequencyChange({ view, answer }: { view: SubscriptionView; answer: Answer }) {
  const placed = errorsFor(answer, ["frequency"], ["frequency"] as const);
  return (
    <Section title="Frequency">
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="sm:w-64">
          <SelectField label="Deliver" name="frequency" options={view.frequencies} defaultValue={view.frequency} error={placed.at.frequency} />
        </div>
        <Submit intent="frequency" label="Change frequency" busyLabel="Saving..." />
      </Form>
    </Section>
  );
}

function ItemsChange({ view, answer }: { view: SubscriptionView; answer: Answer }) {
  return (
    <Section title={view.items.length === 1 ? "Item" : "Items"}>
      <div className="space-y-5">
        {view.items.map((item) => {
          const placed = errorsFor(answer, ["line"], ["sku", "quantity", "line"] as const, item.id);
          return (
            <Form key={`${item.id}-${item.sku}-${item.quantity}`} method="post" className="grid gap-3 sm:grid-cols-[1fr_7rem_auto] sm:items-end" noValidate>
              <input type="hidden" name="line" value={item.id} />
              <SelectField
                label={`${item.title}: options`}
                name="sku"
                options={item.variants.map((variant) => ({ value: variant.sku, label: variant.label }))}
                defaultValue={item.sku}
                error={placed.at.sku ?? placed.at.line}
              />
              <TextField label="Quantity" name="quantity" type="number" inputMode="numeric" min={1} max={99} defaultValue={item.quantity} error={placed.at.quantity} />
              <Submit intent="line" line={item.id} label="Update item" busyLabel="Saving..." />
            </Form>
          );
        })}
      </div>
    </Section>
  );
}

function TotalsList({ totals }: { totals: Totals }) {
  const rows: [string, string][] = [
    ["Items", formatMoney(totals.subtotalCents)],
    ...(totals.discountCents > 0 ? [["Discount", `-${formatMoney(totals.discountCents)}`] as [string, string]] : []),
    ["Shipping", totals.shippingCents === 0 ? "FREE" : formatMoney(totals.shippingCents)],
    ["Tax", formatMoney(totals.taxCents)],
    ["Total", formatMoney(totals.totalCents)],
  ];
  return (
    <dl className="mt-2 max-w-xs">
      {rows.map(([term, amount]) => (
        <div key={term} className={`flex justify-between py-0.5 ${term === "Total" ? "font-semibold" : ""}`}>
          <dt>{term}</dt>
          <dd>{amount}</dd>
        </div>
      ))}
    </dl>
  );
}

const ADDRESS_FIELDS = ["address.name", "address.line1", "address.line2", "address.city", "address.state", "address.postal_code", "address.country"] as const;

function AddressChange({ view, answer }: { view: SubscriptionView; answer: Answer }) {
  const mine = answerFor(answer, ["review-address", "address"]);
  const review = mine?.ok && mine.intent === "review-address" ? mine.review : undefined;
  const typed = mine && !mine.ok ? mine.values : undefined;
  const start = review?.address ?? (typed ? Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.slice("address.".length), typed[field] ?? ""])) : view.address);
  const placed = errorsFor(answer, ["review-address", "address"], ADDRESS_FIELDS);
  // What was last typed, reviewed or saved starts the form again.
  const key = JSON.stringify([start, mine?.ok, mine?.intent]);
  return (
    <Section title="Delivery address">
      <AddressForm key={key} start={start as SubscriptionView["address"]} fieldError={(field) => placed.at[field as (typeof ADDRESS_FIELDS)[number]]} />
      {placed.form ? <FormMessage tone="error" className="mt-3">{placed.form}</FormMessage> : null}
      {review ? (
        <div className="mt-4 rounded border border-black/20 bg-white p-4" role="group" aria-label="New address to review">
          <p className="font-semibold">Your next delivery to {addressLines(review.address).join(", ")}:</p>
          <TotalsList totals={review.totals} />
          {view.next?.totals ? <p className="mt-1 text-sm">At the address you have now: {formatMoney(view.next.totals.totalCents)}</p> : null}
          <Form method="post" className="mt-3">
            {ADDRESS_FIELDS.map((field) => (
              <input key={field} type="hidden" name={field} value={review.address[field.slice("address.".length) as keyof typeof review.address] ?? ""} />
            ))}
            <Submit intent="address" label="Save address" busyLabel="Saving..." />
          </Form>
        </div>
      ) : null}
    </Section>
  );
}

function AddressForm({ start, fieldError }: { start: SubscriptionView["address"]; fieldError(field: string): string | undefined }) {
  const [address, setAddress] = useState(start);
  return (
    <Form method="post" className="space-y-3" noValidate>
      <input type="hidden" name="address.country" value={start.country} />
      <ShippingAddressFields named address={address} onAddress={(next) => setAddress({ ...next, country: start.country })} fieldError={fieldError} />
      <Submit intent="review-address" label="Review new total" busyLabel="Pricing..." quiet />
    </Form>
  );
}

const NO_CARD: CardFields = { number: "", expiry: "", cvc: "" };

function CardChange({ view, answer }: { view: SubscriptionView; answer: Answer }) {
  const mine = answerFor(answer, ["card"]);
  const placed = errorsFor(answer, ["card"], ["number", "expiry", "cvc"] as const);
  const [card, setCard] = useState(NO_CARD);
  useEffect(() => {
    if (mine?.ok) setCard(NO_CARD);
  }, [mine]);
  return (
    <Section title="Card">
      <p>{view.card ? `Charged to ${view.card.brand} ending ${view.card.last4}.` : "Charged to the card you paid with."}</p>
      {view.cardForm ? null : <p className="mt-2">You give the new card on the payment provider&apos;s secure page, and come back here.</p>}
      {placed.form ? <FormMessage tone="error" className="mt-3">{placed.form}</FormMessage> : null}
      <Form method="post" className="mt-3 space-y-3" noValidate>
        {view.cardForm ? <SimulatedCardForm legend="New card" named value={card} onChange={setCard} errors={placed.at} /> : null}
        <Submit intent="card" label="Update card" busyLabel="Saving card..." />
      </Form>
    </Section>
  );
}

function CancelSubscription({ answer }: { answer: Answer }) {
  const placed = errorsFor(answer, ["cancel"], ["reason"] as const);
  return (
    <Section title="Cancel subscription">
      <Form method="post" className="space-y-3" noValidate>
        <LabelledField
          label="Why are you cancelling? (optional)"
          error={placed.at.reason}
          control={(control) => <textarea name="reason" rows={3} maxLength={500} {...control} />}
        />
        <Submit intent="cancel" label="Cancel subscription" busyLabel="Cancelling..." quiet />
      </Form>
    </Section>
  );
}

function Orders({ orders }: { orders: SubscriptionView["orders"] }) {
  const orderDate = useOrderDate();
  if (orders.length === 0) return null;
  return (
    <Section title="Orders">
      <ul className="divide-y divide-black/10">
        {orders.map((order) => (
          <li key={order.number} className="flex flex-wrap justify-between gap-x-4 py-2">
            <span>
              Order #{order.number} · {orderDate(order.placedAt)}
            </span>
            <span>
              {statusLabel(order.status)} · {formatMoney(order.totalCents)}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
