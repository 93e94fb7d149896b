/**
 * Checkout confirmation (docs/product.md, Checkout confirmation): 'Order Confirmed!' for redirect_status=succeeded,
 * otherwise 'Purchase Failed'. The page only reads the order: it becomes paid from the provider's event, never from
 * this return.
 */
import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import { formatMoney } from "@core/money";
import { useCart } from "~/state/cart";
import type { Route } from "./+types/checkout-confirmation";
import { cartIdForRequest, checkoutSessionIdOfPayment, findOrderByPayment, getOrderByNumber, lineText, withWords } from "./checkout-confirmation.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const succeeded = url.searchParams.get("redirect_status") === "succeeded";
  const reference = url.searchParams.get("ref") ?? url.searchParams.get("payment_intent");
  const order = succeeded && reference ? await findOrderByPayment(context, context.storeId, reference) : null;
  const paid = order?.number != null ? await getOrderByNumber(context, context.storeId, order.number) : null;
  // A failed payment stays open on its checkout, which this browser can go back to.
  const sessionId =
    !succeeded && reference ? await checkoutSessionIdOfPayment(context, context.storeId, reference, cartIdForRequest(request)) : null;
  return data(
    {
      succeeded,
      sessionId,
      pending: Boolean(order && order.status === "pending"),
      order: paid && {
        number: paid.order.number,
        email: paid.order.email,
        // What was bought as the order's other faces say it: its options, or what is inside a bundle.
        lines: (await withWords(context.db, context.storeId, paid.lines)).map((line) => ({
          id: line.id,
          title: lineText(line),
          quantity: line.quantity,
          total: line.lineTotalCents,
        })),
        totals: {
          subtotal: paid.order.subtotalCents,
          discount: paid.order.discountCents,
          shipping: paid.order.shippingCents,
          tax: paid.order.taxCents,
          total: paid.order.totalCents,
        },
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function meta() {
  return [{ title: "Order confirmation" }, { name: "robots", content: "noindex" }];
}

export default function CheckoutConfirmation({ loaderData }: Route.ComponentProps) {
  const { succeeded, sessionId, pending, order } = loaderData;
  const { state: cart, clear, openCart } = useCart();
  const revalidator = useRevalidator();

  // A confirmed order clears the cart (docs/product.md, States); the server emptied its copy when the order was paid.
  useEffect(() => {
    if (succeeded) clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [succeeded]);

  // The provider's event may land a moment after the shopper does: look again until the order is numbered.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [pending, revalidator]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      {succeeded ? (
        <>
          <h1 className="font-heading text-3xl">Order Confirmed!</h1>
          <p className="mt-4">Thank you for your purchase.</p>
          {order ? (
            <div className="mt-8 rounded bg-card p-6 text-left">
              <p className="font-semibold">Order number: {order.number}</p>
              <p className="mt-1 text-sm">A confirmation email is on its way to {order.email}.</p>
              <ul className="mt-4 space-y-1 text-sm">
                {order.lines.map((line) => (
                  <li key={line.id} className="flex justify-between gap-4">
                    <span>
                      {line.quantity} × {line.title}
                    </span>
                    <span>{formatMoney(line.total)}</span>
                  </li>
                ))}
              </ul>
              <dl className="mt-4 space-y-1 border-t border-black/20 pt-3 text-sm">
                {(
                  [
                    ["Subtotal", formatMoney(order.totals.subtotal)],
                    ...(order.totals.discount > 0 ? [["Discount", formatMoney(-order.totals.discount)]] : []),
                    ["Shipping", order.totals.shipping === 0 ? "FREE" : formatMoney(order.totals.shipping)],
                    ["Tax", formatMoney(order.totals.tax)],
                    ["Total", formatMoney(order.totals.total)],
                  ] as [string, string][]
                ).map(([label, value]) => (
                  <div key={label} className="flex justify-between">
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : (
            pending && <p className="mt-4" role="status">Confirming your payment…</p>
          )}
        </>
      ) : (
        <>
          <h1 className="font-heading text-3xl">Purchase Failed</h1>
          <p className="mt-4">We&apos;re sorry, but your purchase could not be completed. Please try again.</p>
        </>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        {!succeeded &&
          cart.cartItems.length > 0 &&
          // A subscription checkout has no session: it starts again from the cart.
          (sessionId ? (
            <Link
              to={`/checkout?session_id=${encodeURIComponent(sessionId)}`}
              className="inline-block rounded border border-black/40 px-6 py-3 font-semibold"
            >
              Return to checkout
            </Link>
          ) : (
            <button type="button" onClick={openCart} className="rounded border border-black/40 px-6 py-3 font-semibold">
              Return to checkout
            </button>
          ))}
        <Link to="/" className="inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
