/**
 * Stripe Elements for the stripe provider: the script loaded with the publishable key and the connected account,
 * 'Failed to load Stripe.js' logged when it cannot load. The parent hands in a `register` callback that receives
 * the confirm function once Stripe is ready.
 */
import { useEffect, useMemo } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";

export type StripeConfirm = (clientSecret: string, returnUrl: string, email: string) => Promise<{ error?: string }>;

function Confirmer({ register }: { register(confirm: StripeConfirm | null): void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    register(async (clientSecret, returnUrl, email) => {
      const submitted = await elements.submit();
      if (submitted.error) return { error: submitted.error.message };
      const result = await stripe.confirmPayment({
        elements,
        clientSecret,
        confirmParams: { return_url: returnUrl, receipt_email: email },
      });
      return { error: result.error?.message };
    });
    return () => register(null);
  }, [stripe, elements, register]);
  return <PaymentElement />;
}

export function StripePayment(props: {
  publishableKey: string;
  accountId: string | null;
  clientSecret: string | null;
  /** For a subscription cart, whose client secret exists only after submit: Elements in deferred mode. */
  amountCents: number;
  register(confirm: StripeConfirm | null): void;
}) {
  const { publishableKey, accountId } = props;
  const stripePromise = useMemo<Promise<Stripe | null>>(
    () =>
      loadStripe(publishableKey, accountId ? { stripeAccount: accountId } : undefined).catch((error: unknown) => {
        console.error("Failed to load Stripe.js", error);
        return null;
      }),
    [publishableKey, accountId],
  );
  const options = props.clientSecret
    ? { clientSecret: props.clientSecret }
    : { mode: "subscription" as const, currency: "usd", amount: Math.max(Math.round(props.amountCents), 50) };
  return (
    <Elements stripe={stripePromise} options={options}>
      <Confirmer register={props.register} />
    </Elements>
  );
}
