/** Form parts of the back office beyond the account forms' text fields: a select, and buttons of two weights. */
import { useId, type ButtonHTMLAttributes, type SelectHTMLAttributes } from "react";
import { useNavigation } from "react-router";

type SelectFieldProps = {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">;

export function SelectField({ label, name, options, error, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded border border-black/30 bg-white px-3 py-2 text-ink focus:border-ink focus:outline-2 focus:outline-offset-1 focus:outline-ink"
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
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
