import { useId, type InputHTMLAttributes } from "react";

type CheckoutFieldProps = {
  label: string;
  value: string;
  onValueChange(value: string): void;
  labelClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className">;

/** One labelled text input of the checkout form, its value held by the page (address, email, simulated card). */
export function CheckoutField({ label, value, onValueChange, labelClassName = "text-sm", ...input }: CheckoutFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="mt-1 block w-full rounded border border-black/40 bg-white px-3 py-2"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
