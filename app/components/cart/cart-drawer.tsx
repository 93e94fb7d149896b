import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { lineKey, lineStockLimit } from "@core/cart";
import { formatMoney } from "@core/money";
import { useShop } from "~/lib/use-shop";
import { useCart } from "~/state/cart";
import { CloseIcon } from "../icons";
import { CartLine } from "./cart-line";
import { CheckoutButton } from "./checkout-button";
import { DiscountCodeForm } from "./discount-code-form";

/**
 * The slide-in cart (docs/product.md, Cart drawer), on a native modal <dialog> like the site's other dialogs: the
 * browser traps focus, makes the page inert, closes on Escape and returns focus to the opener; a click on the backdrop
 * closes it too. One third of the width from medium screens up.
 */
export function CartDrawer() {
  const { settings } = useShop();
  const { state, stock, notices, dismissNotices, closeCart } = useCart();
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  const symbol = state.currencySymbol;
  const minimum = settings.checkout.minimumOrderCents;
  const belowMinimum = state.totalCents < minimum;
  const overStock = state.cartItems.some((item) => item.quantity > lineStockLimit(state.cartItems, item, stock));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.shouldShowCart && !element.open) element.showModal();
    if (!state.shouldShowCart && element.open) element.close();
  }, [state.shouldShowCart]);

  // Removing a line takes its focused Remove button out of the page and the browser drops focus on <body>, behind
  // the modal: hand it to what the drawer now shows, the remaining lines or the empty cart's message.
  const lineList = useRef<HTMLUListElement>(null);
  const emptyMessage = useRef<HTMLParagraphElement>(null);
  const lineCount = state.cartItems.length;
  const previousLineCount = useRef(lineCount);
  useEffect(() => {
    const fewer = lineCount < previousLineCount.current;
    previousLineCount.current = lineCount;
    const element = dialog.current;
    if (fewer && element?.open && !element.contains(document.activeElement)) {
      (emptyMessage.current ?? lineList.current)?.focus();
    }
  }, [lineCount]);

  // Following a link out of the drawer (or the browser's back button) leaves the cart behind. The page the drawer
  // first renders on is not a change: it may be mounted by the very click that opens it (see root.tsx).
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    closeCart();
    // Only a change of page closes the drawer, not a new closeCart identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    // The backdrop is the dialog element itself; keyboard users close with Escape, handled natively.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby="cart-title"
      onClose={closeCart}
      onCancel={(event) => {
        event.preventDefault();
        closeCart();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeCart();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-none translate-x-0 bg-card p-0 text-ink shadow-2xl transition-transform duration-300 backdrop:bg-black/50 starting:translate-x-full md:w-1/3"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-black/10 px-5 py-4">
          <h2 id="cart-title" className="font-heading text-2xl font-semibold">
            Your cart
          </h2>
          <button type="button" onClick={closeCart} aria-label="Close cart" className="rounded p-2 hover:bg-black/5">
            <CloseIcon />
          </button>
        </div>

        <div className="flex-1 overflow-y-auto px-5">
          {notices.length > 0 ? (
            <div role="status" className="mt-4 rounded border border-secondary/40 bg-tertiary/50 p-3 text-sm">
              <ul className="flex flex-col gap-1">
                {notices.map((notice) => (
                  <li key={notice}>{notice}</li>
                ))}
              </ul>
              <button type="button" onClick={dismissNotices} className="mt-2 underline hover:no-underline">
                Dismiss
              </button>
            </div>
          ) : null}
          {state.cartItems.length === 0 ? (
            <p ref={emptyMessage} tabIndex={-1} className="py-10 text-center">
              Your cart is empty.
            </p>
          ) : (
            <ul ref={lineList} tabIndex={-1} aria-label="Cart items">
              {state.cartItems.map((item) => (
                <CartLine key={lineKey(item)} item={item} />
              ))}
            </ul>
          )}
        </div>

        <div className="flex flex-col gap-3 border-t border-black/10 px-5 py-4">
          <DiscountCodeForm />
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums">{formatMoney(state.subtotalCents, symbol)}</dd>
            {state.activeDiscount ? (
              <>
                <dt>Discount Applied</dt>
                <dd className="text-right tabular-nums">{formatMoney(-state.discountCents, symbol)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd className="text-right">Calculated at checkout</dd>
            <dt className="text-base font-semibold">Estimated total</dt>
            <dd className="text-right text-base font-semibold tabular-nums">{formatMoney(state.totalCents, symbol)}</dd>
          </dl>
          <p className="text-xs">Taxes and shipping calculated at checkout</p>
          {belowMinimum ? (
            <p className="text-sm font-medium text-red-800">Minimum order amount is {formatMoney(minimum, symbol)}</p>
          ) : null}
          <CheckoutButton belowMinimum={belowMinimum} overStock={overStock} />
        </div>
      </div>
    </dialog>
  );
}
