import { useId, type InputHTMLAttributes } from "react";

type CheckoutFieldProps = {
  label: string;
  value: string;
  onValueChange(value: string): void;
  labelClassName?: string;
  /** What the server refused in this field; shown under it and read with it. */
  error?: string | null;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className">;

/** One labelled text input of the checkout form, its value held by the page (address, email, simulated card). */
export function CheckoutField({ label, value, onValueChange, labelClassName = "text-sm", error, ...input }: CheckoutFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded border border-black/40 bg-white px-3 py-2"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
