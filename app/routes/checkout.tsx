/**
 * Checkout (docs/product.md, Checkout): the order summary beside the form. The loader finds the checkout session the
 * cart's Checkout button made (a subscription cart has none until Pay Now); the page's state and calls are
 * useCheckout's, its parts under app/components/checkout.
 */
import { useId } from "react";
import { data, Link } from "react-router";
import { fromApiCartItem } from "@core/cart-wire";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { OrderSummary } from "~/components/checkout/order-summary";
import { useCheckout, type CheckoutSession } from "~/components/checkout/use-checkout";
import { absoluteUrl } from "~/lib/seo";
import { useCart } from "~/state/cart";
import type { Route } from "./+types/checkout";
import { CheckoutPaidError, cartIdForRequest, getCheckoutSession, isAnswerable } from "./checkout.server";
import { isRefusal } from "@core/errors";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sessionId = params.sessionId ?? new URL(request.url).searchParams.get("session_id");
  let session: CheckoutSession | null = null;
  let sessionError: string | null = null;
  // A paid checkout (reopened, or reached with Back) says so instead of offering the form again.
  let paidOrderNumber: number | null = null;
  if (sessionId) {
    try {
      const { line_items, ...found } = await getCheckoutSession(context, context.storeId, sessionId, cartIdForRequest(request));
      session = { ...found, lines: line_items.map((line) => fromApiCartItem(line.item)) };
    } catch (error) {
      if (!isAnswerable(error)) throw error;
      // Another browser's link (or a made-up one) is a page that does not exist for this visitor.
      if (isRefusal(error, "not-found")) throw data(error.message, { status: 404 });
      sessionError = error.message;
      if (error instanceof CheckoutPaidError) paidOrderNumber = error.orderNumber;
    }
  }
  return data(
    { session, sessionError, paidOrderNumber, payment: context.payments.clientConfig, origin: context.config.publicUrl },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  // Every checkout, whatever its session, is the one page /checkout to a search engine (decision 0016).
  return [
    { title: `Checkout | ${shop}` },
    { name: "description", content: `Secure checkout for your order from ${shop}.` },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: absoluteUrl(loaderData.origin, "/checkout") }] : []),
  ];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { session, sessionError, paidOrderNumber, payment } = loaderData;
  const { state: cart } = useCart();
  const checkout = useCheckout(session, payment.provider);
  const id = useId();

  if (sessionError || (!session && !checkout.hasSubscription)) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-heading text-3xl">Checkout</h1>
        <p className="mt-4" role="alert">
          {sessionError ??
            (cart.cartItems.length > 0 ? "Please start checkout from your cart." : "Your cart is empty.")}
        </p>
        {paidOrderNumber !== null && <p className="mt-2 font-semibold">Order number: {paidOrderNumber}</p>}
        <Link to="/" className="mt-8 inline-block rounded bg-button px-6 py-3 text-button-ink">
          Continue Shopping
        </Link>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 id={`${id}-title`} className="font-heading text-3xl">
        Checkout
      </h1>
      {payment.provider === "simulated" && (
        <p className="mt-3 rounded border border-black/30 bg-card px-3 py-1 text-sm" role="note">
          Test mode: no real payments are taken
        </p>
      )}
      {/* The summary comes first, so a phone shows it above the form; on a wide screen it takes the right column. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-10">
        <OrderSummary checkout={checkout} />
        <div className="lg:col-start-1 lg:row-start-1">
          <CheckoutForm
            checkout={checkout}
            payment={payment}
            clientSecret={session?.client_secret ?? null}
            labelledBy={`${id}-title`}
          />
        </div>
      </div>
    </div>
  );
}
