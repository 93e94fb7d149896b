import { lazy, Suspense, type ReactNode } from "react";
import { AddressForm } from "./address-form";
import { ReminderConsent } from "./reminder-consent";
import { ShippingMethods } from "./shipping-methods";
import { SimulatedCardForm } from "./simulated-card-form";
import type { Checkout } from "./use-checkout";

const StripePayment = lazy(() => import("./stripe-payment").then((module) => ({ default: module.StripePayment })));

/** The payment provider as the page's loader gives it (server/payments/provider.ts, clientConfig). */
export type PaymentConfig = { provider: "simulated" } | { provider: "stripe"; publishableKey: string; accountId: string | null };

/**
 * The form beside the summary: email and address (the page's own inputs, or Stripe's elements), the shipping method,
 * the card and Pay Now, with what is missing or refused said above the button.
 */
export function CheckoutForm({
  checkout,
  payment,
  clientSecret,
  labelledBy,
}: {
  checkout: Checkout;
  payment: PaymentConfig;
  /** The session's; a subscription cart has none until Pay Now. */
  clientSecret: string | null;
  labelledBy: string;
}) {
  const { details, shipping, summary, pay, fieldError, formMessage } = checkout;

  const formBody = (parts: { identity: ReactNode; payment: ReactNode }) => (
    <form className="space-y-6" onSubmit={pay.submit} noValidate aria-labelledby={labelledBy}>
      {parts.identity}
      <ReminderConsent checked={details.remindMe} onChange={details.setRemindMe} />
      <ShippingMethods
        options={shipping.options}
        optionId={shipping.optionId}
        onSelect={shipping.setOptionId}
        quotedShippingCents={summary.priceInfo?.shipping ?? null}
        error={fieldError("shipping_option")}
      />
      {parts.payment}
      {formMessage && (
        <p role="alert" className="rounded border border-red-800 bg-white px-3 py-2 text-red-800">
          {formMessage}
        </p>
      )}
      <button
        type="submit"
        disabled={pay.processing || (payment.provider === "stripe" && !pay.stripeReady)}
        className="w-full rounded bg-button px-6 py-3 font-semibold text-button-ink disabled:opacity-60"
      >
        {pay.processing ? "Processing..." : "Pay Now"}
      </button>
    </form>
  );

  if (payment.provider === "stripe") {
    return (
      <Suspense fallback={<p>Loading payment form...</p>}>
        <StripePayment
          publishableKey={payment.publishableKey}
          accountId={payment.accountId}
          clientSecret={clientSecret}
          amountCents={summary.priceInfo?.total ?? summary.totalCents}
          register={pay.registerStripe}
          onEmail={details.setEmail}
          onAddress={details.setAddress}
          render={formBody}
        />
      </Suspense>
    );
  }
  return formBody({
    identity: (
      <AddressForm
        email={details.email}
        onEmail={details.setEmail}
        address={details.address}
        onAddress={details.setAddress}
        fieldError={fieldError}
      />
    ),
    payment:
      clientSecret || checkout.hasSubscription ? (
        <SimulatedCardForm value={details.card} onChange={details.setCard} />
      ) : (
        <p>Loading payment form...</p>
      ),
  });
}
