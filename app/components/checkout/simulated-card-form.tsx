import { useId } from "react";

export type CardFields = { number: string; expiry: string; cvc: string };

const inputClass = "mt-1 block w-full rounded border border-black/40 bg-white px-3 py-2";

/** The simulated provider's payment element: card number, expiry (MM / YY) and CVC, checked by the server. */
export function SimulatedCardForm({ value, onChange }: { value: CardFields; onChange(value: CardFields): void }) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold uppercase tracking-wide">Payment</legend>
      <div>
        <label htmlFor={`${id}-number`} className="text-sm">
          Card number
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          className={inputClass}
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-expiry`} className="text-sm">
            Expiry (MM / YY)
          </label>
          <input
            id={`${id}-expiry`}
            autoComplete="cc-exp"
            placeholder="12 / 34"
            className={inputClass}
            value={value.expiry}
            onChange={(event) => onChange({ ...value, expiry: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cvc`} className="text-sm">
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className={inputClass}
            value={value.cvc}
            onChange={(event) => onChange({ ...value, cvc: event.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** "12 / 34", "12/2034" -> month and year; NaN for what cannot be read (the server then names the problem). */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : { month: Number.NaN, year: Number.NaN };
}
