import { totalQuantity } from "@core/cart";
import { useCart } from "~/state/cart";
import { CartIcon } from "../icons";

/** The navbar's cart icon; a badge shows the total quantity of a non-empty cart (docs/product.md, Navigation bar). */
export function CartButton() {
  const { state, openCart } = useCart();
  const count = totalQuantity(state);
  return (
    <button
      type="button"
      onClick={openCart}
      aria-haspopup="dialog"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
      className="relative rounded p-2 hover:bg-black/5"
    >
      <CartIcon />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-secondary px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </button>
  );
}
