import { useEffect, useRef, type InputHTMLAttributes } from "react";
import { CheckoutField } from "./checkout-field";

export type CardFields = { number: string; expiry: string; cvc: string };

/**
 * The simulated provider's payment element: card number, expiry (MM / YY) and CVC, checked by the server. `named`:
 * each input carries its field's name (number, expiry, cvc), so a page form posts it; `errors`: what the server
 * refused in each, shown beside it.
 */
export function SimulatedCardForm({
  value,
  onChange,
  legend = "Payment",
  named = false,
  errors = {},
}: {
  value: CardFields;
  onChange(value: CardFields): void;
  legend?: string;
  named?: boolean;
  errors?: Partial<Record<keyof CardFields, string>>;
}) {
  const shared = { card: value, onChange, named, errors };
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // What the customer typed before the page's script ran is the card: React keeps it on screen while hydrating, but
  // the first render after (the next key typed) would put the page's empty value back.
  useEffect(() => {
    const inputs = fieldset.current?.querySelectorAll("input");
    if (!inputs || inputs.length !== 3) return;
    const typed = { number: inputs[0].value, expiry: inputs[1].value, cvc: inputs[2].value };
    if (typed.number !== value.number || typed.expiry !== value.expiry || typed.cvc !== value.cvc) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates
  }, []);
  return (
    <fieldset ref={fieldset} className="space-y-3">
      <legend className="text-sm font-semibold uppercase tracking-wide">{legend}</legend>
      <CardField
        {...shared}
        field="number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          {...shared}
          field="expiry"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="12 / 34"
        />
        <CardField
          {...shared}
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
  named: boolean;
  errors: Partial<Record<keyof CardFields, string>>;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "inputMode" | "autoComplete" | "placeholder">;

/** One input of the card form; typing in it hands on the whole card with that field replaced. */
function CardField({ card, onChange, field, named, errors, ...input }: CardFieldProps) {
  return (
    <CheckoutField
      {...input}
      name={named ? field : undefined}
      error={errors[field]}
      value={card[field]}
      onValueChange={(value) => onChange({ ...card, [field]: value })}
    />
  );
}

/** "12 / 34", "12/2034" -> month and year; NaN for what cannot be read (the server then names the problem). */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  return match
    ? { month: Number(match[1]), year: Number(match[2]) }
    : { month: Number.NaN, year: Number.NaN };
}

/** A posted card form's fields as the card schema reads them (cardChangeSchema): the expiry "MM / YY" is its month and year. */
export function cardFormInput(form: FormData) {
  const { month, year } = parseExpiry(String(form.get("expiry") ?? ""));
  return { number: form.get("number") ?? "", exp_month: Number.isNaN(month) ? "" : month, exp_year: Number.isNaN(year) ? "" : year, cvc: form.get("cvc") ?? "" };
}

/** Where a page shows a card refusal: the expiry is one field on the form, and a decline stands above the card's fields. */
export const cardFieldOf = (field: string | undefined) => (field === "exp_month" || field === "exp_year" ? "expiry" : (field ?? "card"));
