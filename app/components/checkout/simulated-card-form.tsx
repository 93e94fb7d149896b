import type { InputHTMLAttributes } from "react";
import { CheckoutField } from "./checkout-field";

export type CardFields = { number: string; expiry: string; cvc: string };

/** The simulated provider's payment element: card number, expiry (MM / YY) and CVC, checked by the server. */
export function SimulatedCardForm({ value, onChange }: { value: CardFields; onChange(value: CardFields): void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold uppercase tracking-wide">Payment</legend>
      <CardField
        card={value}
        onChange={onChange}
        field="number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          card={value}
          onChange={onChange}
          field="expiry"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="12 / 34"
        />
        <CardField
          card={value}
          onChange={onChange}
          field="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
        />
      </div>
    </fieldset>
  );
}

type CardFieldProps = {
  card: CardFields;
  onChange(card: CardFields): void;
  field: keyof CardFields;
  label: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "inputMode" | "autoComplete" | "placeholder">;

/** One input of the card form; typing in it hands on the whole card with that field replaced. */
function CardField({ card, onChange, field, ...input }: CardFieldProps) {
  return <CheckoutField {...input} value={card[field]} onValueChange={(value) => onChange({ ...card, [field]: value })} />;
}

/** "12 / 34", "12/2034" -> month and year; NaN for what cannot be read (the server then names the problem). */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  return match
    ? { month: Number(match[1]), year: Number(match[2]) }
    : { month: Number.NaN, year: Number.NaN };
}
