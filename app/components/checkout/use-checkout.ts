/**
 * The checkout page's state and calls (docs/product.md, Checkout): the shopper's details, the shipping options and
 * the server's quote for them, the discount code (the cart's own, applied and removed through the cart), and Pay Now.
 * Every amount is the server's, in cents; a refusal is kept with the field the server named, for the page to show
 * beside it, and only while what it says is still true.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { CartLine } from "@core/cart";
import {
  INCOMPLETE_ADDRESS_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  SHIPPING_OPTIONS_FAILED_MESSAGE,
} from "@core/checkout-messages";
import type { CheckoutSessionData, PriceInfo, ShippingOption } from "@core/schemas/checkout";
import { api } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";
import { useCart } from "~/state/cart";
import { toCheckoutItem } from "@core/checkout-item";
import { checkoutProblem, type AddressField, type CheckoutFieldPath, type CheckoutProblem } from "./checkout-problems";
import { parseExpiry, type CardFields } from "./simulated-card-form";
import type { StripeConfirm } from "./stripe-payment";

export type Address = Record<AddressField, string>;
const EMPTY_ADDRESS: Address = { name: "", line1: "", line2: "", city: "", state: "", postal_code: "" };

export type PaymentProvider = "simulated" | "stripe";

type SubmittedOrder = { client_secret: string; payment_reference: string };

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

/** The checkout session as the page reads it: its lines in core's shape (the loader reads them from the API's). */
export type CheckoutSession = Omit<CheckoutSessionData, "line_items"> & { lines: CartLine[] };

export function useCheckout(session: CheckoutSession | null, provider: PaymentProvider) {
  const { storeId } = useShop();
  const { state: cart, applyDiscount: applyCartDiscount, removeDiscount, flush } = useCart();
  const navigate = useNavigate();

  const hasSubscription = session
    ? session.has_subscription
    : cart.cartItems.some((item) => item.kind === "product" && item.subscription);
  const [email, setEmail] = useState("");
  // The reminder box (decision 0037): unticked until the shopper ticks it; sent with every call carrying the email.
  const [remindMe, setRemindMe] = useState(false);
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS);
  const [options, setOptions] = useState<ShippingOption[]>([]);
  const [optionId, setOptionId] = useState<string | null>(null);
  const [priceInfo, setPriceInfo] = useState<PriceInfo | null>(null);
  const [codeInput, setCodeInput] = useState("");
  // The one discount of the order is the stored cart's, as the drawer shows it.
  const discountCode = cart.activeDiscount?.code ?? null;
  const [applying, setApplying] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [card, setCard] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const attemptKey = useMemo(() => `attempt-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`, []);

  const details = useDebounced({ email, address }, 400);
  const detailsComplete = validEmail(details.email) && completeAddress(details.address);

  // The cart provider sends a change to the server in its own effect, which React runs after the page's: the wait for
  // the stored cart starts a tick later, so a quote asked for in an effect prices the cart this render shows.
  const cartStored = useCallback(() => Promise.resolve().then(flush), [flush]);

  // What the server refused was about what the shopper had entered then: it goes as soon as anything changes.
  const inputs = JSON.stringify([email, address, optionId, discountCode, codeInput, card]);
  useEffect(() => setProblem(null), [inputs]);
  // After a first Pay Now, the form says what is still missing, and stops saying it once it is filled in.
  const missing = missingDetail(email, address, optionId, provider === "simulated" ? card : null);

  // Shipping options once email and address are complete; cleared as soon as the address is not.
  useEffect(() => {
    if (!detailsComplete) {
      setOptions([]);
      setOptionId(null);
      setPriceInfo(null);
      return;
    }
    let current = true;
    api<{ shipping_options: ShippingOption[] }>("/api/stripe/get_shipping_options", {
      body: { address: { ...details.address, country: "US" }, store_id: storeId, email: details.email, remind_me: remindMe },
    })
      .then((body) => {
        if (!current) return;
        setOptions(body.shipping_options);
        // A refusal of the details typed before these, landing in the pause before these were sent, is answered now.
        setProblem((known) => (known?.field === "email" || known?.field?.startsWith("address") ? null : known));
      })
      .catch((failure: unknown) => {
        console.error(SHIPPING_OPTIONS_FAILED_MESSAGE, failure);
        if (!current) return;
        const refused = checkoutProblem(failure);
        // A refused field is named beside it; anything else is the shipping methods' own failure.
        setProblem(refused.field ? refused : { field: "shipping_option", message: SHIPPING_OPTIONS_FAILED_MESSAGE });
      });
    return () => {
      current = false;
    };
  }, [detailsComplete, details, storeId, remindMe]);

  const previewBody = useCallback(
    () => ({
      store_id: storeId,
      address: { ...details.address, country: "US" },
      email: details.email,
      discount_code: discountCode,
      remind_me: remindMe,
      ...(session
        ? { session_id: session.session_id, name: details.address.name, shipping_option: optionId }
        : { fullName: details.address.name, shipping_option: optionId }),
    }),
    [storeId, details, discountCode, remindMe, session, optionId],
  );

  // The tax preview follows the option, address, email, cart, discount and name.
  useEffect(() => {
    if (!detailsComplete || !optionId) return;
    let current = true;
    cartStored()
      .then(() =>
        api<{ price_info: PriceInfo }>(session ? "/api/stripe/preview_tax" : "/api/stripe/preview_tax_and_shipping", {
          body: previewBody(),
        }),
      )
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
  }, [detailsComplete, optionId, previewBody, session, cart.totalCents, cartStored]);

  async function applyDiscount() {
    setApplying(true);
    const result = await applyCartDiscount(codeInput);
    setApplying(false);
    if (result === "applied") setCodeInput("");
    else if (result !== "ignored") setProblem({ field: "discount_code", message: result.refused });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setProblem(null);
    if (missing || !optionId) return;
    setProcessing(true);
    try {
      await cartStored();
      const body = { ...previewBody(), address: { ...address, country: "US" }, email, shipping_option: optionId };
      const order = session
        ? await api<SubmittedOrder>("/api/stripe/submit_order", { body: { ...body, name: address.name } })
        : await api<SubmittedOrder>("/api/stripe/confirm_subscription", {
            body: {
              ...body,
              fullName: address.name,
              checkout_items: cart.cartItems.map(toCheckoutItem),
              idempotency_key: attemptKey,
            },
          });
      const confirmation = `/checkout-confirmation?ref=${encodeURIComponent(order.payment_reference)}`;
      if (provider === "simulated") {
        const expiry = parseExpiry(card.expiry);
        const result = await api<{ status: string; error: string | null }>("/api/stripe/simulated/confirm", {
          body: {
            client_secret: order.client_secret,
            card: { number: card.number, exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc },
          },
        });
        // A declined card leaves the payment open, as Stripe's does: the shopper stays here, told why, to try another.
        if (result.status !== "succeeded" && result.error) {
          setProblem({ field: null, message: result.error });
          return;
        }
        await navigate(`${confirmation}&redirect_status=${result.status === "succeeded" ? "succeeded" : "failed"}`);
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

  // The figures to show: the tax preview's once there is one, otherwise the goods as priced for the code now applied
  // (the session's, or for a subscription cart the cart's own, as its drawer showed them); none for another code.
  const goodsQuote: Pick<PriceInfo, "subtotal" | "discount" | "total"> | null = session
    ? session.discount_code === discountCode
      ? session.price_info
      : null
    : { subtotal: cart.subtotalCents, discount: cart.discountCents, total: cart.totalCents };
  const quoted = priceInfo ?? goodsQuote;
  // The session's lines as the server priced them; a subscription cart (no session yet) as its drawer showed them.
  const lines: CartLine[] = session ? session.lines : cart.cartItems;
  // With Stripe's elements there is no field of ours to put an email or address problem beside.
  const ownFields = provider === "simulated";
  const fieldError = (field: CheckoutFieldPath) => (problem?.field === field ? problem.message : null);
  const formMessage =
    (attempted ? missing : null) ??
    (problem &&
    (problem.field === null || (!ownFields && problem.field !== "shipping_option" && problem.field !== "discount_code"))
      ? problem.message
      : null);

  return {
    hasSubscription,
    details: { email, setEmail, address, setAddress, card, setCard, remindMe, setRemindMe },
    shipping: { options, optionId, setOptionId, selected: options.find((option) => option.shipping_option_id === optionId) ?? null },
    discount: { code: discountCode, codeInput, setCodeInput, applying, apply: eventHandler(applyDiscount, "Failed to apply the discount code"), remove: removeDiscount },
    summary: {
      lines,
      quoted,
      priceInfo,
      subtotal: quoted?.subtotal ?? session?.price_info.subtotal ?? cart.subtotalCents,
      totalCents: cart.totalCents,
    },
    pay: { submit: eventHandler(submit, "Payment submit failed"), processing, registerStripe, stripeReady },
    fieldError,
    formMessage,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
