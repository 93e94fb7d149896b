import { useState } from "react";
import { meetsMinimumSubtotal, minimumSubtotalMessage } from "@core/cart";
import { eventHandler } from "~/lib/promises";
import { useCart } from "~/state/cart";

/**
 * The drawer's code box (docs/product.md, States and Rules: Discount): blank is ignored; an unknown or used-up code is
 * refused, and a shopper over the server's guess limit is told to wait rather than that the code is invalid.
 */
export function DiscountCodeForm() {
  const { state, applyDiscount, removeDiscount } = useCart();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.activeDiscount) {
    const { minimumSubtotalCents } = state.activeDiscount;
    const shortOfMinimum = minimumSubtotalCents != null && !meetsMinimumSubtotal(state.subtotalCents, state.activeDiscount);
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded bg-tertiary/60 px-3 py-2 text-sm">
        <p>
          Discount code: <strong>{state.activeDiscount.code}</strong>
        </p>
        <button
          type="button"
          className="underline hover:no-underline"
          aria-label={`Remove discount code ${state.activeDiscount.code}`}
          onClick={() => {
            removeDiscount();
            setCode("");
          }}
        >
          Remove
        </button>
        {/* Kept, not dropped: the code takes its saving as soon as the goods reach its minimum. */}
        {shortOfMinimum ? <p className="w-full">{minimumSubtotalMessage(minimumSubtotalCents)}</p> : null}
      </div>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await applyDiscount(code);
    setBusy(false);
    setError(typeof result === "object" ? result.refused : null);
  }

  return (
    <form onSubmit={eventHandler(submit, "Failed to apply the discount code")} className="flex flex-col gap-1" noValidate>
      <label htmlFor="cart-discount-code" className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id="cart-discount-code"
          name="discount_code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cart-discount-error" : undefined}
          className="min-w-0 flex-1 rounded border border-black/30 bg-card px-3 py-2"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-button2 px-4 py-2 font-semibold text-button2-ink disabled:opacity-60"
        >
          {busy ? "Applying..." : "Apply"}
        </button>
      </div>
      <p id="cart-discount-error" role="alert" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </form>
  );
}
