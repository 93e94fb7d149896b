import { MAX_QUANTITY, MIN_QUANTITY } from "@core/cart";

/** Quantity 1..99 with buttons that disable at the bounds (spec section 5). */
export function QuantityStepper({
  value,
  onChange,
  label = "Quantity",
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
}) {
  const set = (next: number) => onChange(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, next)));
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
        disabled={value >= MAX_QUANTITY}
        onClick={() => set(value + 1)}
        className="h-10 w-10 text-lg disabled:cursor-not-allowed disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}
