/**
 * What a payment link opens (decision 0057): the order, what is owed on it and why, and the card form for exactly
 * that amount. The simulated provider's form posts to this page and works before the page's script has run;
 * Stripe's Payment Element confirms in the browser and comes back here.
 */
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "@core/money";
import { privatePageHeaders, FormMessage } from "~/components/account/form-parts";
import { ItemLines } from "~/components/account/item-lines";
import { OrderTotals } from "~/components/account/order-totals";
import { SimulatedCardForm, type CardFields } from "~/components/checkout/simulated-card-form";
import type { StripeConfirm } from "~/components/checkout/stripe-payment";
import { EmailLinkPage, emailLinkMeta } from "~/components/ui/email-link-page";
import { placeErrors } from "~/lib/form-error";
import { payPage, payWithCard, type PayView } from "./pay.server";
import type { Route } from "./+types/pay";

const StripePayment = lazy(() => import("~/components/checkout/stripe-payment").then((module) => ({ default: module.StripePayment })));

export const meta = () => emailLinkMeta("Pay for your order");

export const headers = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => payPage(context, request);

export const action = ({ request, context }: Route.ActionArgs) => payWithCard(context, request);

const BUTTON = "w-full rounded bg-button px-5 py-3 font-semibold text-button-ink disabled:opacity-70";

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { view, problem } = loaderData;
  if (!view) return <EmailLinkPage title="This link cannot be used" message={problem ?? ""} back={{ to: "/contact", label: "Contact us" }} />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="font-heading text-3xl font-semibold">{view.orderLabel}</h1>
      <p className="mt-2">{view.shopName}</p>
      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Items</h2>
        <ItemLines className="mt-3" lines={view.lines} />
        <OrderTotals className="mt-4" totals={view.totals} />
      </div>
      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <Due view={view} answer={actionData} />
      </div>
    </section>
  );
}

function Due({ view, answer }: { view: PayView; answer: Route.ComponentProps["actionData"] }) {
  const amount = formatMoney(view.amountCents);
  switch (view.state) {
    case "paid":
      return (
        <>
          <h2 className="text-xl font-semibold">Thank you</h2>
          <p className="mt-2" role="status">
            We received your payment of {amount}. A confirmation is on its way to your inbox.
          </p>
        </>
      );
    case "processing":
      return (
        <>
          <h2 className="text-xl font-semibold">Payment processing</h2>
          <p className="mt-2" role="status">
            Your payment of {amount} is being processed. We will email you once it is through.
          </p>
        </>
      );
    case "closed":
      return (
        <>
          <h2 className="text-xl font-semibold">Nothing to pay</h2>
          <p className="mt-2">This payment is no longer needed. If you have a question, write to us through the contact page.</p>
        </>
      );
    case "due":
      return (
        <>
          <h2 className="text-xl font-semibold">Amount due: {amount}</h2>
          <p className="mt-2">{view.why}</p>
          {view.stripe ? <StripeDue stripe={view.stripe} amount={amount} /> : <SimulatedDue amount={amount} answer={answer} />}
        </>
      );
  }
}

function SimulatedDue({ amount, answer }: { amount: string; answer: Route.ComponentProps["actionData"] }) {
  const [card, setCard] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const paying = useNavigation().state === "submitting";
  const placed = placeErrors(answer?.errors, ["number", "expiry", "cvc"] as const);
  return (
    <Form method="post" className="mt-4 space-y-4" noValidate>
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <SimulatedCardForm named value={card} onChange={setCard} errors={placed.at} />
      <button type="submit" className={BUTTON} disabled={paying}>
        {paying ? "Paying..." : `Pay ${amount}`}
      </button>
    </Form>
  );
}

function StripeDue({ stripe, amount }: { stripe: NonNullable<PayView["stripe"]>; amount: string }) {
  const confirm = useRef<StripeConfirm | null>(null);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const register = useCallback((next: StripeConfirm | null) => {
    confirm.current = next;
    setReady(next !== null);
  }, []);
  async function pay() {
    if (!confirm.current) return;
    setPaying(true);
    setError(null);
    // Stripe sends the browser back to this page once the card is confirmed; only a refusal comes back here.
    const result = await confirm.current(stripe.clientSecret, window.location.href, "");
    if (result.error) setError(result.error);
    setPaying(false);
  }
  return (
    <div className="mt-4 space-y-4">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Suspense fallback={<p>Loading payment form...</p>}>
        <StripePayment
          publishableKey={stripe.publishableKey}
          accountId={stripe.accountId}
          clientSecret={stripe.clientSecret}
          amountCents={0}
          register={register}
          onEmail={() => undefined}
          onAddress={() => undefined}
          render={({ payment }) => payment}
        />
      </Suspense>
      <button type="button" className={BUTTON} disabled={!ready || paying} onClick={() => void pay()}>
        {paying ? "Paying..." : `Pay ${amount}`}
      </button>
    </div>
  );
}
