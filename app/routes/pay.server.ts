/**
 * The page a payment link opens (decision 0057): what the order owes and why, and the provider's card form for
 * exactly that amount. The token is the authority; the provider's event settles the order, so the page reads the
 * payment's own status to thank the customer the moment the provider has said yes.
 */
import { data, redirect } from "react-router";
import { badInput, isRefusal, parseWith } from "@core/errors";
import { formatMoney } from "@core/money";
import { cardChangeSchema } from "@core/schemas/subscriptions";
import type { AppDeps } from "../../server/context";
import { formFailure } from "../../server/accounts/forms";
import { withWords } from "../../server/orders/line-words";
import { unlessNotFound } from "../../server/payments/provider";
import { linesOf } from "../../server/orders/orders";
import { isPayable, linkOfToken, payLinkWithCard, paymentOfLink } from "../../server/orders/payment-links";
import { getStoreSettings } from "../../server/store/settings";
import { cardFieldOf, cardFormInput } from "~/components/checkout/simulated-card-form";
import { linkToken } from "~/components/ui/email-link-page";
import type { ItemLine } from "~/components/account/item-lines";
import type { OrderTotalsFigures } from "~/components/account/order-totals";

const NO_STORE = { "Cache-Control": "private, no-store" };
const WHY = {
  edit: (amount: string) => `The change to your order adds ${amount} to what you paid. It ships once this is paid.`,
  exchange: (amount: string) => `Your exchange costs ${amount} more than what you sent back. It ships once this is paid.`,
  draft: (amount: string) => `Your order comes to ${amount}. We will send it once it is paid.`,
} as const;

export type PayView = {
  state: "due" | "paid" | "processing" | "closed";
  amountCents: number;
  why: string;
  orderLabel: string;
  shopName: string;
  lines: ItemLine[];
  totals: OrderTotalsFigures;
  /** Stripe's Payment Element confirms in the browser with this; the simulated provider's form posts to the page. */
  stripe: { publishableKey: string; accountId: string | null; clientSecret: string } | null;
};

export async function payPage(deps: AppDeps, request: Request) {
  let opened;
  try {
    opened = await linkOfToken(deps.db, deps.storeId, linkToken(request));
  } catch (error) {
    if (!isRefusal(error, "bad-input", "gone")) throw error;
    return data({ view: null, problem: error.message }, { status: isRefusal(error, "gone") ? 410 : 400, headers: NO_STORE });
  }
  const { link, order } = opened;
  const payable = isPayable(link, order);
  const config = deps.payments.clientConfig;
  // Stripe's form needs its payment before the customer types; the simulated one makes it when the form is posted.
  const payment = link.paymentReference
    ? await unlessNotFound(deps.payments.retrievePayment(link.paymentReference))
    : payable && config.provider === "stripe"
      ? await paymentOfLink(deps, link, order)
      : null;
  const state: PayView["state"] =
    link.status === "paid" || payment?.status === "succeeded" ? "paid" : payment?.status === "processing" ? "processing" : payable ? "due" : "closed";
  const lines = await withWords(deps.db, order.storeId, await linesOf(deps.db, order.id));
  const view: PayView = {
    state,
    amountCents: link.amountCents,
    why: WHY[link.purpose](formatMoney(link.amountCents)),
    orderLabel: order.number === null ? "Your order" : `Order #${order.number}`,
    shopName: (await getStoreSettings(deps.db, order.storeId)).websiteTitle,
    lines: lines.map((line) => ({
      key: line.id,
      quantity: line.quantity,
      title: line.title,
      options: line.words.options,
      contents: line.words.contents.map((item) => item.text),
      cents: line.lineTotalCents,
    })),
    totals: order,
    stripe:
      config.provider === "stripe" && state === "due" && payment
        ? { publishableKey: config.publishableKey, accountId: config.accountId, clientSecret: payment.clientSecret }
        : null,
  };
  return data({ view, problem: null }, { headers: NO_STORE });
}

/** The simulated provider's card form, posted: paid, the page thanks the customer; declined, it says why beside the card. */
export async function payWithCard(deps: AppDeps, request: Request) {
  const form = await request.formData();
  const token = linkToken(request);
  try {
    const card = parseWith(cardChangeSchema, cardFormInput(form));
    const payment = await payLinkWithCard(deps, deps.storeId, token, { number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc });
    if (payment.status !== "succeeded") throw badInput(payment.failureMessage ?? "Your card was declined.", "card");
  } catch (error) {
    const failure = formFailure(error, {}, "We could not take the payment just now. Please try again.");
    const errors = failure.errors.map((problem) => ({ ...problem, field: cardFieldOf(problem.field) }));
    return data({ ...failure, errors }, { status: failure.status });
  }
  return redirect(`/pay?token=${encodeURIComponent(token)}`, { headers: NO_STORE });
}
