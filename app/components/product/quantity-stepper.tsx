import { MAX_QUANTITY, MIN_QUANTITY } from "@core/cart";

/**
 * Quantity 1..99 with buttons that disable at the bounds (docs/product.md, Rules); `max` lowers the upper bound to what
 * is in stock.
 */
export function QuantityStepper({
  value,
  onChange,
  label = "Quantity",
  max = MAX_QUANTITY,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  max?: number;
}) {
  const upper = Math.min(MAX_QUANTITY, max);
  const set = (next: number) => onChange(Math.max(MIN_QUANTITY, Math.min(upper, next)));
  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded border border-black/30 bg-card">
      <button
        type="button"
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={value <= MIN_QUANTITY}
        onClick={() => set(value - 1)}
        className="h-10 w-10 text-lg disabled:cursor-not-allowed disabled:opacity-40"
      >
        −
      </button>
      <output aria-live="polite" aria-label={label} className="w-10 text-center font-semibold">
        {value}
      </output>
      <button
        type="button"
        aria-label={`Increase ${label.toLowerCase()}`}
        disabled={value >= upper}
        onClick={() => set(value + 1)}
        className="h-10 w-10 text-lg disabled:cursor-not-allowed disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}
