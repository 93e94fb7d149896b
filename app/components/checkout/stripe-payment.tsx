/**
 * Stripe Elements for the stripe provider: Link authentication (email), Address (shipping, with full name) and
 * Payment elements in one Elements group, the script loaded with the publishable key and the connected account,
 * 'Failed to load Stripe.js' logged when it cannot load. Loaded lazily, so the simulated provider never fetches it.
 */
import { useEffect, useMemo, type ReactNode } from "react";
import {
  AddressElement,
  Elements,
  LinkAuthenticationElement,
  PaymentElement,
  useElements,
  useStripe,
} from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

export type StripeConfirm = (clientSecret: string, returnUrl: string, email: string) => Promise<{ error?: string }>;

export type ShippingDetails = { name: string; line1: string; line2: string; city: string; state: string; postal_code: string };

type Props = {
  publishableKey: string;
  accountId: string | null;
  clientSecret: string | null;
  /** For a subscription cart, whose client secret exists only after submit: Elements in deferred mode. */
  amountCents: number;
  register(confirm: StripeConfirm | null): void;
  onEmail(email: string): void;
  onAddress(address: ShippingDetails): void;
  /** Lays out the form around Stripe's elements. */
  render(parts: { identity: ReactNode; payment: ReactNode }): ReactNode;
};

function Confirmer({ register }: Pick<Props, "register">) {
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

export function StripePayment(props: Props) {
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
  const identity = (
    <div className="space-y-4">
      <LinkAuthenticationElement onChange={(event) => props.onEmail(event.value.email)} />
      <AddressElement
        options={{ mode: "shipping", allowedCountries: ["US"] }}
        onChange={(event) => {
          const { name, address } = event.value;
          props.onAddress({
            name,
            line1: address.line1,
            line2: address.line2 ?? "",
            city: address.city,
            state: address.state,
            postal_code: address.postal_code,
          });
        }}
      />
    </div>
  );
  return (
    <Elements stripe={stripePromise} options={options}>
      {props.render({ identity, payment: <Confirmer register={props.register} /> })}
    </Elements>
  );
}
