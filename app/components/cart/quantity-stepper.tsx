import { MAX_QUANTITY, MIN_QUANTITY } from "@core/cart";

/** Minus, the quantity, plus (spec section 5: 1 to 99, buttons disabled at the bounds). */
export function QuantityStepper({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for the buttons' accessible names. */
  label: string;
}) {
  const button =
    "flex h-8 w-8 items-center justify-center text-lg leading-none hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="inline-flex items-center rounded border border-black/20" role="group" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity of ${label}`}
        disabled={value <= MIN_QUANTITY}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="w-8 text-center text-sm tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${label}`}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
