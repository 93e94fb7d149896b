import { useEffect, useId, useState } from "react";
import { formatMoney } from "@core/money";
import { SummaryLines } from "./summary-lines";
import type { Checkout } from "./use-checkout";

/**
 * The order summary: the lines, the discount code box and the server's figures. On a phone it is a disclosure above
 * the form, closed until asked for; beside the form it is always open.
 */
export function OrderSummary({ checkout }: { checkout: Checkout }) {
  const id = useId();
  const { summary, discount, shipping } = checkout;
  const { quoted, priceInfo } = summary;
  const [open, setOpen] = useState(false);
  const discountError = checkout.fieldError("discount_code");
  // A refused code is said inside the summary, so a closed summary opens to say it.
  useEffect(() => {
    if (discountError) setOpen(true);
  }, [discountError]);

  return (
    <aside aria-label="Order summary" className="h-fit rounded bg-card p-4 lg:col-start-2 lg:row-start-1 lg:p-6">
      <h2 className="font-heading text-xl">
        <button
          type="button"
          className="flex w-full items-center justify-between gap-4 text-left lg:hidden"
          aria-expanded={open}
          aria-controls={`${id}-summary`}
          onClick={() => setOpen(!open)}
        >
          <span className="underline">{open ? "Hide order summary" : "Show order summary"}</span>
          <span className="tabular-nums">{quoted ? formatMoney(quoted.total) : "—"}</span>
        </button>
        <span className="hidden lg:inline">Order summary</span>
      </h2>
      <div id={`${id}-summary`} className={open ? "mt-4" : "mt-4 hidden lg:block"}>
        <SummaryLines lines={summary.lines} />
        <div className="mt-4 flex gap-2">
          <label htmlFor={`${id}-code`} className="sr-only">
            Discount code
          </label>
          <input
            id={`${id}-code`}
            placeholder="Discount code"
            className="block w-full rounded border border-black/40 bg-white px-3 py-2"
            value={discount.codeInput}
            onChange={(event) => discount.setCodeInput(event.target.value)}
          />
          <button type="button" onClick={discount.apply} disabled={discount.applying} className="rounded bg-button2 px-4 py-2 text-button2-ink">
            {discount.applying ? "Applying..." : "Apply"}
          </button>
        </div>
        {discountError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {discountError}
          </p>
        )}
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(summary.subtotal)}</dd>
          </div>
          {discount.code && (
            <div className="flex items-center justify-between gap-2">
              <dt>
                Discount ({discount.code}){" "}
                <button type="button" className="underline" onClick={discount.remove}>
                  Remove
                </button>
              </dt>
              <dd>{quoted ? formatMoney(-quoted.discount) : "—"}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>
              {!priceInfo || !shipping.selected ? "Enter shipping address" : priceInfo.shipping === 0 ? "FREE" : formatMoney(priceInfo.shipping)}
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
  );
}
