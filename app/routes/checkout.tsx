/**
 * Checkout (docs/product.md, Checkout): the order summary beside the form. Every amount is the server's quote in cents,
 * which the page only displays: the session's goods with the cart's code before an address and shipping method are
 * known, then the tax preview's; a code changed on the page waits for the server's figures. Validation messages are
 * shown, beside the field they are about, and only while what they say is still true.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, Link, useNavigate } from "react-router";
import { lineTotalCents } from "@core/cart";
import { formatMoney } from "@core/money";
import {
  INCOMPLETE_ADDRESS_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  SHIPPING_OPTIONS_FAILED_MESSAGE,
} from "@core/checkout-messages";
import type { CheckoutLine, CheckoutSessionData, PriceInfo, ShippingOption } from "@core/schemas/checkout";
import { checkoutCall } from "~/components/checkout/api";
import { CheckoutField } from "~/components/checkout/checkout-field";
import {
  checkoutProblem,
  FIELD_MAX_LENGTH,
  type AddressField,
  type CheckoutProblem,
} from "~/components/checkout/checkout-problems";
import { parseExpiry, SimulatedCardForm, type CardFields } from "~/components/checkout/simulated-card-form";
import { SummaryLines } from "~/components/checkout/summary-lines";
import type { StripeConfirm } from "~/components/checkout/stripe-payment";
import { absoluteUrl } from "~/lib/seo";
import { useShop } from "~/lib/use-shop";
import { lookupDiscount, useCart } from "~/state/cart";
import type { Route } from "./+types/checkout";
import { CheckoutPaidError, cartIdForRequest, getCheckoutSession, HttpError } from "./checkout.server";

const StripePayment = lazy(() =>
  import("~/components/checkout/stripe-payment").then((module) => ({ default: module.StripePayment })),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sessionId = params.sessionId ?? new URL(request.url).searchParams.get("session_id");
  let session: CheckoutSessionData | null = null;
  let sessionError: string | null = null;
  // A paid checkout (reopened, or reached with Back) says so instead of offering the form again.
  let paidOrderNumber: number | null = null;
  if (sessionId) {
    try {
      session = await getCheckoutSession(context, context.storeId, sessionId, cartIdForRequest(request));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Another browser's link (or a made-up one) is a page that does not exist for this visitor.
      if (error.status === 404) throw data(error.message, { status: 404 });
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

type Address = { name: string; line1: string; line2: string; city: string; state: string; postal_code: string };
const EMPTY_ADDRESS: Address = { name: "", line1: "", line2: "", city: "", state: "", postal_code: "" };

const validEmail = (email: string) => email.trim() !== "" && email.includes("@");
const completeAddress = (a: Address) =>
  [a.name, a.line1, a.city, a.state, a.postal_code].every((part) => part.trim() !== "");

/** The first thing Pay Now still needs, in the page's words; the card only when the page takes it itself. */
function missingDetail(email: string, address: Address, optionId: string | null, card: CardFields | null): string | null {
  if (!validEmail(email)) return INVALID_EMAIL_MESSAGE;
  if (!completeAddress(address)) return INCOMPLETE_ADDRESS_MESSAGE;
  if (!optionId || (card && [card.number, card.expiry, card.cvc].some((part) => !part.trim()))) return MISSING_FIELDS_MESSAGE;
  return null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { session, sessionError, paidOrderNumber, payment } = loaderData;
  const { storeId } = useShop();
  const { state: cart } = useCart();
  const navigate = useNavigate();
  const id = useId();

  const hasSubscription = session
    ? session.has_subscription
    : cart.cartItems.some((item) => item.kind === "product" && item.subscription);
  const [email, setEmail] = useState("");
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS);
  const [options, setOptions] = useState<ShippingOption[]>([]);
  const [optionId, setOptionId] = useState<string | null>(null);
  const [priceInfo, setPriceInfo] = useState<PriceInfo | null>(null);
  const [codeInput, setCodeInput] = useState("");
  // The session's code is the one the server found valid on the cart; a subscription cart has no session yet.
  const [discountCode, setDiscountCode] = useState<string | null>(
    session ? session.discount_code : (cart.activeDiscount?.code ?? null),
  );
  const [applying, setApplying] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [card, setCard] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  // On a phone the summary is a disclosure above the form, closed until asked for; beside the form it is always open.
  const [summaryOpen, setSummaryOpen] = useState(false);
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const attemptKey = useMemo(() => `attempt-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`, []);

  const details = useDebounced({ email, address }, 400);
  const detailsComplete = validEmail(details.email) && completeAddress(details.address);
  const addressNow = { ...address, country: "US" };

  // What the server refused was about what the shopper had entered then: it goes as soon as anything changes.
  const inputs = JSON.stringify([email, address, optionId, discountCode, codeInput, card]);
  useEffect(() => setProblem(null), [inputs]);
  // A refused code is said inside the summary, so a closed summary opens to say it.
  useEffect(() => {
    if (problem?.field === "discount") setSummaryOpen(true);
  }, [problem]);
  // After a first Pay Now, the form says what is still missing, and stops saying it once it is filled in.
  const missing = missingDetail(email, address, optionId, payment.provider === "simulated" ? card : null);

  // Shipping options once email and address are complete; cleared as soon as the address is not.
  useEffect(() => {
    if (!detailsComplete) {
      setOptions([]);
      setOptionId(null);
      setPriceInfo(null);
      return;
    }
    let current = true;
    checkoutCall<{ shipping_options: ShippingOption[] }>("get_shipping_options", {
      address: { ...details.address, country: "US" },
      store_id: storeId,
      email: details.email,
    })
      .then((body) => current && setOptions(body.shipping_options))
      .catch((failure: unknown) => {
        console.error(SHIPPING_OPTIONS_FAILED_MESSAGE, failure);
        if (!current) return;
        const refused = checkoutProblem(failure);
        // A refused field is named beside it; anything else is the shipping methods' own failure.
        setProblem(refused.field ? refused : { field: "shipping", message: SHIPPING_OPTIONS_FAILED_MESSAGE });
      });
    return () => {
      current = false;
    };
  }, [detailsComplete, details, storeId]);

  const previewBody = useCallback(
    () => ({
      store_id: storeId,
      address: { ...details.address, country: "US" },
      email: details.email,
      discount_code: discountCode,
      ...(session
        ? { session_id: session.session_id, name: details.address.name, shipping_option: optionId }
        : { fullName: details.address.name, shipping_option: optionId }),
    }),
    [storeId, details, discountCode, session, optionId],
  );

  // The tax preview follows the option, address, email, cart, discount and name.
  useEffect(() => {
    if (!detailsComplete || !optionId) return;
    let current = true;
    checkoutCall<{ price_info: PriceInfo }>(session ? "preview_tax" : "preview_tax_and_shipping", previewBody())
      .then((body) => current && setPriceInfo(body.price_info))
      .catch((failure: unknown) => {
        console.error("Failed to preview tax and shipping", failure);
        if (!current) return;
        // No amounts priced for other details stay on screen beside the reason.
        setPriceInfo(null);
        setProblem(checkoutProblem(failure));
      });
    return () => {
      current = false;
    };
  }, [detailsComplete, optionId, previewBody, session, cart.totalCents]);

  async function applyDiscount() {
    const code = codeInput.trim();
    if (code === "") return;
    setApplying(true);
    try {
      setDiscountCode((await lookupDiscount(storeId, code)).code);
      setCodeInput("");
    } catch (failure) {
      console.error("Failed to fetch discount code", failure);
      setProblem({ field: "discount", message: (failure as Error).message });
    } finally {
      setApplying(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setProblem(null);
    if (missing || !optionId) return;
    setProcessing(true);
    try {
      const body = { ...previewBody(), address: addressNow, email, shipping_option: optionId };
      const order = session
        ? await checkoutCall<{ client_secret: string; payment_reference: string }>("submit_order", {
            ...body,
            name: address.name,
          })
        : await checkoutCall<{ client_secret: string; payment_reference: string }>("confirm_subscription", {
            ...body,
            fullName: address.name,
            checkout_items: cart.cartItems.map((item) =>
              item.kind === "bundle"
                ? { quantity: item.quantity, bundle_id: item.bundle_id }
                : { quantity: item.quantity, sku: item.sku, subscription: item.subscription?.subscription_id ?? null },
            ),
            idempotency_key: attemptKey,
          });
      const confirmation = `/checkout-confirmation?ref=${encodeURIComponent(order.payment_reference)}`;
      if (payment.provider === "simulated") {
        const expiry = parseExpiry(card.expiry);
        const result = await checkoutCall<{ status: string; error: string | null }>("simulated/confirm", {
          client_secret: order.client_secret,
          card: { number: card.number, exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc },
        });
        // A declined card leaves the payment open, as Stripe's does: the shopper stays here, told why, to try another.
        if (result.status !== "succeeded" && result.error) {
          setProblem({ field: null, message: result.error });
          return;
        }
        navigate(`${confirmation}&redirect_status=${result.status === "succeeded" ? "succeeded" : "failed"}`);
        return;
      }
      if (!stripeConfirm.current) throw new Error("The payment form is not ready yet");
      const result = await stripeConfirm.current(order.client_secret, `${window.location.origin}${confirmation}`, email);
      // Stripe redirects on success and where its own pages decide; an error it answers here (a declined card) is
      // said beside the form.
      if (result.error) setProblem({ field: null, message: result.error });
    } catch (failure) {
      console.error("Payment submit failed", failure);
      setProblem(checkoutProblem(failure));
    } finally {
      setProcessing(false);
    }
  }

  const registerStripe = useCallback((confirm: StripeConfirm | null) => {
    stripeConfirm.current = confirm;
    setStripeReady(confirm !== null);
  }, []);

  if (sessionError || (!session && !hasSubscription)) {
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

  const clientSecretReady = Boolean(session?.client_secret) || hasSubscription;
  // The figures to show: the tax preview's once there is one, otherwise the goods as priced for the code now applied
  // (the session's, or for a subscription cart the cart's own, as its drawer showed them); none for another code.
  const goodsQuote: Pick<PriceInfo, "subtotal" | "discount" | "total"> | null = session
    ? session.discount_code === discountCode
      ? session.price_info
      : null
    : (cart.activeDiscount?.code ?? null) === discountCode
      ? { subtotal: cart.subtotalCents, discount: cart.discountCents, total: cart.totalCents }
      : null;
  const quoted = priceInfo ?? goodsQuote;
  const subtotal = quoted?.subtotal ?? session?.price_info.subtotal ?? cart.subtotalCents;
  const selected = options.find((option) => option.shipping_option_id === optionId) ?? null;
  // The session's lines as the server priced them; a subscription cart (no session yet) as its drawer showed them.
  const lines: CheckoutLine[] = session
    ? session.line_items
    : cart.cartItems.map((item) => ({ item, line_total: lineTotalCents(item) }));
  // With Stripe's elements there is no field of ours to put an email or address problem beside.
  const ownFields = payment.provider === "simulated";
  const fieldProblem = (field: CheckoutProblem["field"]) => (problem?.field === field ? problem.message : null);
  const formMessage =
    (attempted ? missing : null) ??
    (problem && (problem.field === null || (!ownFields && problem.field !== "shipping" && problem.field !== "discount"))
      ? problem.message
      : null);

  const identityFields = (
    <>
      <CheckoutField
        label="Email"
        labelClassName="text-sm font-semibold"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        value={email}
        onValueChange={setEmail}
        error={fieldProblem("email") && `Email: ${fieldProblem("email")}`}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold uppercase tracking-wide">Shipping address</legend>
        {(
          [
            ["name", "Full name", "shipping name"],
            ["line1", "Address", "shipping address-line1"],
            ["line2", "Apartment, suite, etc. (optional)", "shipping address-line2"],
            ["city", "City", "shipping address-level2"],
            ["state", "State", "shipping address-level1"],
            ["postal_code", "ZIP code", "shipping postal-code"],
          ] as const satisfies readonly (readonly [AddressField, string, string])[]
        ).map(([field, label, autoComplete]) => (
          <CheckoutField
            key={field}
            label={label}
            autoComplete={autoComplete}
            maxLength={FIELD_MAX_LENGTH[field]}
            value={address[field]}
            onValueChange={(value) => setAddress({ ...address, [field]: value })}
            error={fieldProblem(field) && `${label}: ${fieldProblem(field)}`}
          />
        ))}
      </fieldset>
    </>
  );

  const shippingMethods = (
    <fieldset>
      <legend className="text-sm font-semibold uppercase tracking-wide">SHIPPING METHOD</legend>
      {fieldProblem("shipping") && (
        <p role="alert" className="mt-2 text-red-800">
          {fieldProblem("shipping")}
        </p>
      )}
      {options.length === 0 ? (
        <p className="mt-2 text-sm">Enter your email and shipping address to see shipping options.</p>
      ) : (
        <div className="mt-2 space-y-2">
          {options.map((option) => {
            // What the chosen method costs this order is the server's quote (a threshold or a free-shipping code);
            // the others show their price, and their description says when they ship free.
            const quotedShipping = option.shipping_option_id === optionId && priceInfo ? priceInfo.shipping : null;
            const cents = quotedShipping ?? Math.round(option.price * 100);
            return (
              <label key={option.shipping_option_id} className="flex items-start gap-3 rounded border border-black/30 bg-white p-3">
                <input
                  type="radio"
                  name="shipping_option"
                  value={option.shipping_option_id}
                  checked={optionId === option.shipping_option_id}
                  onChange={() => setOptionId(option.shipping_option_id)}
                  className="mt-1"
                />
                <span className="flex-1">
                  <span className="font-semibold">{option.shipping_option_name}</span>
                  <span className="block text-sm">{option.additional_information}</span>
                </span>
                <span>{cents === 0 ? "FREE" : formatMoney(cents)}</span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );

  const formBody = (parts: { identity: ReactNode; payment: ReactNode }) => (
    <form className="space-y-6" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      {parts.identity}
      {shippingMethods}
      {parts.payment}
      {formMessage && (
        <p role="alert" className="rounded border border-red-800 bg-white px-3 py-2 text-red-800">
          {formMessage}
        </p>
      )}
      <button
        type="submit"
        disabled={processing || (payment.provider === "stripe" && !stripeReady)}
        className="w-full rounded bg-button px-6 py-3 font-semibold text-button-ink disabled:opacity-60"
      >
        {processing ? "Processing..." : "Pay Now"}
      </button>
    </form>
  );

  const formColumn =
    payment.provider === "stripe" ? (
      <Suspense fallback={<p>Loading payment form...</p>}>
        <StripePayment
          publishableKey={payment.publishableKey}
          accountId={payment.accountId}
          clientSecret={session?.client_secret ?? null}
          amountCents={priceInfo?.total ?? cart.totalCents}
          register={registerStripe}
          onEmail={setEmail}
          onAddress={setAddress}
          render={formBody}
        />
      </Suspense>
    ) : (
      formBody({
        identity: identityFields,
        payment: clientSecretReady ? <SimulatedCardForm value={card} onChange={setCard} /> : <p>Loading payment form...</p>,
      })
    );

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
        <aside aria-label="Order summary" className="h-fit rounded bg-card p-4 lg:col-start-2 lg:row-start-1 lg:p-6">
          <h2 className="font-heading text-xl">
            <button
              type="button"
              className="flex w-full items-center justify-between gap-4 text-left lg:hidden"
              aria-expanded={summaryOpen}
              aria-controls={`${id}-summary`}
              onClick={() => setSummaryOpen(!summaryOpen)}
            >
              <span className="underline">{summaryOpen ? "Hide order summary" : "Show order summary"}</span>
              <span className="tabular-nums">{quoted ? formatMoney(quoted.total) : "—"}</span>
            </button>
            <span className="hidden lg:inline">Order summary</span>
          </h2>
          <div id={`${id}-summary`} className={summaryOpen ? "mt-4" : "mt-4 hidden lg:block"}>
            <SummaryLines lines={lines} />
            <div className="mt-4 flex gap-2">
              <label htmlFor={`${id}-code`} className="sr-only">
                Discount code
              </label>
              <input
                id={`${id}-code`}
                placeholder="Discount code"
                className="block w-full rounded border border-black/40 bg-white px-3 py-2"
                value={codeInput}
                onChange={(event) => setCodeInput(event.target.value)}
              />
              <button type="button" onClick={applyDiscount} disabled={applying} className="rounded bg-button2 px-4 py-2 text-button2-ink">
                {applying ? "Applying..." : "Apply"}
              </button>
            </div>
            {fieldProblem("discount") && (
              <p role="alert" className="mt-2 text-sm text-red-800">
                {fieldProblem("discount")}
              </p>
            )}
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{formatMoney(subtotal)}</dd>
              </div>
              {discountCode && (
                <div className="flex items-center justify-between gap-2">
                  <dt>
                    Discount ({discountCode}){" "}
                    <button type="button" className="underline" onClick={() => setDiscountCode(null)}>
                      Remove
                    </button>
                  </dt>
                  <dd>{quoted ? formatMoney(-quoted.discount) : "—"}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>Shipping</dt>
                <dd>
                  {!priceInfo || !selected ? "Enter shipping address" : priceInfo.shipping === 0 ? "FREE" : formatMoney(priceInfo.shipping)}
                </dd>
              </div>
              <div className="flex justify-between">
                <dt>Tax</dt>
                <dd>{priceInfo ? formatMoney(priceInfo.tax) : "—"}</dd>
              </div>
              <div className="flex justify-between border-t border-black/20 pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd>{quoted ? formatMoney(quoted.total) : "—"}</dd>
              </div>
            </dl>
          </div>
        </aside>
        <div className="lg:col-start-1 lg:row-start-1">{formColumn}</div>
      </div>
    </div>
  );
}
