/**
 * A cart reminder's link (decision 0037): the reminded cart's lines copied into this browser's cart, then this page
 * without the token shows them with the way to check out. A forged or expired link says so and changes nothing.
 */
import { data, Link, redirect } from "react-router";
import { lineKey, lineTotalCents } from "@core/cart";
import { formatMoney } from "@core/money";
import { emailLinkMeta } from "~/components/ui/email-link-page";
import { useCart } from "~/state/cart";
import type { Route } from "./+types/cart-restore";
import { cartIdForRequest, restoreRemindedCart, statusOf } from "./cart-restore.server";
import { isRefusal } from "@core/errors";

const NO_STORE = { "Cache-Control": "no-store" };
const BUTTON = "inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return data({ problem: null }, { headers: NO_STORE });
  try {
    const { setCookie } = await restoreRemindedCart(context, context.storeId, token, cartIdForRequest(request));
    // The page is loaded again without the token, so the shop reads the cart through the cookie just set.
    return redirect("/cart/restore", { headers: { ...NO_STORE, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } });
  } catch (error) {
    if (isRefusal(error, "bad-input", "gone")) {
      return data({ problem: error.message }, { status: statusOf(error), headers: NO_STORE });
    }
    throw error;
  }
}

export const meta = () => emailLinkMeta("Your cart");

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  const { problem } = loaderData;
  const { state: cart, openCart } = useCart();
  if (problem) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-heading text-3xl">This link cannot restore a cart</h1>
        <p className="mt-4">{problem}</p>
        <Link to="/" className={`mt-8 ${BUTTON}`}>
          Back to the shop
        </Link>
      </section>
    );
  }
  const empty = cart.cartItems.length === 0;
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="font-heading text-3xl">{empty ? "Your cart is empty" : "Your cart is back"}</h1>
      {empty ? (
        <p className="mt-4">There is nothing in your cart yet.</p>
      ) : (
        <>
          <p className="mt-4">Here is what you left in it. Open your cart to change it or check out.</p>
          <div className="mt-6 rounded bg-card p-4">
            {/* Titles and amounts only: the cart drawer shows each line's options and lets the shopper change them. */}
            <ul className="space-y-2">
              {cart.cartItems.map((line) => (
                <li key={lineKey(line)} className="flex justify-between gap-4">
                  <span>
                    {line.quantity} × {line.title}
                  </span>
                  <span>{formatMoney(lineTotalCents(line))}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 flex justify-between border-t border-black/20 pt-3 font-semibold">
              <span>Subtotal</span>
              <span>{formatMoney(cart.subtotalCents)}</span>
            </p>
          </div>
        </>
      )}
      <div className="mt-8 flex flex-wrap gap-4">
        {!empty && (
          <button type="button" onClick={openCart} className={BUTTON}>
            Open your cart
          </button>
        )}
        <Link to="/shop" className="rounded border border-black/40 px-6 py-3 font-semibold">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
