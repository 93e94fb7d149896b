/** Form parts of the back office beyond the account forms' text fields: a select, and buttons of two weights. */
import type { ButtonHTMLAttributes, SelectHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { LabelledField } from "~/components/account/form-parts";

type SelectFieldProps = {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">;

export function SelectField({ label, name, options, error, ...select }: SelectFieldProps) {
  return (
    <LabelledField
      label={label}
      error={error}
      control={(control) => (
        <select name={name} {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const WEIGHTS = {
  primary: "bg-button text-button-ink",
  secondary: "border border-black/40 bg-white text-ink",
  danger: "bg-red-800 text-white",
};

/** A submit button, disabled while a form of the page is being sent so a second click sends nothing twice. */
export function AdminButton({
  weight = "primary",
  className = "",
  ...button
}: { weight?: keyof typeof WEIGHTS } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      disabled={sending}
      className={`rounded px-4 py-2 font-medium disabled:opacity-70 ${WEIGHTS[weight]} ${className}`}
      {...button}
    />
  );
}
