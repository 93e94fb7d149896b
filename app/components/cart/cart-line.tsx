import { EXCEEDS_STOCK_MESSAGE, lineKey, lineStockLimit, lineTotalCents, recurringLabel, type CartLine as Line } from "@core/cart";
import { formatMoney } from "@core/money";
import { useImageFallback } from "~/lib/images";
import { useCart } from "~/state/cart";
import { QuantityStepper } from "../product/quantity-stepper";
import { BundleContents } from "./bundle-contents";

/** A line's name for assistive technology: a subscribed and a one-time line of one product must differ. */
function lineLabel(item: Line): string {
  if (item.kind === "bundle") return item.title;
  return item.subscription ? `${item.title} (${recurringLabel(item.subscription)})` : item.title;
}

/** One row of the drawer (docs/product.md, Cart drawer: bundle rows and product rows). */
export function CartLine({ item }: { item: Line }) {
  const { state, stock, updateQuantity, remove } = useCart();
  const key = lineKey(item);
  // What the cart's other lines hold of the same variants counts too: a bundle and its dripper share the stock.
  const stockLimit = lineStockLimit(state.cartItems, item, stock);
  const image = useImageFallback(item.imageUrls[0], 728);
  const label = lineLabel(item);

  return (
    <li className="flex gap-4 border-b border-black/10 py-4">
      <img {...image} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold">{item.title}</h3>
          <p className="shrink-0 font-semibold tabular-nums">{formatMoney(lineTotalCents(item), state.currencySymbol)}</p>
        </div>
        {item.kind === "bundle" ? (
          <BundleContents item={item} className="text-sm" />
        ) : (
          <div className="text-sm">
            {Object.entries(item.attributes).map(([name, value]) => (
              <p key={name}>
                {name}: {value}
              </p>
            ))}
            {item.subscription ? <p className="text-secondary">{recurringLabel(item.subscription)}</p> : null}
          </div>
        )}
        <div className="mt-1 flex items-center justify-between gap-2">
          <QuantityStepper
            value={item.quantity}
            label={`Quantity of ${label}`}
            max={stockLimit}
            onChange={(quantity) => updateQuantity(key, quantity)}
          />
          <button
            type="button"
            className="text-sm underline hover:no-underline"
            aria-label={`Remove ${label}`}
            onClick={() => remove(key)}
          >
            Remove
          </button>
        </div>
        <p aria-live="polite" className="text-sm font-medium text-red-800 empty:hidden">
          {item.quantity > stockLimit ? EXCEEDS_STOCK_MESSAGE : null}
        </p>
      </div>
    </li>
  );
}
