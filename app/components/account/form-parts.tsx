/** Building blocks of the account forms: labelled fields with their error, and the form-level message. */
import type { InputHTMLAttributes, ReactNode } from "react";
import { useId } from "react";
import { Link } from "react-router";

type TextFieldProps = {
  label: string;
  name: string;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

/** What a field's control takes from its label and error, so a screen reader reads them with it. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

/** A form control (`control` draws it) under its label, with its error below and tied to it. */
export function LabelledField({ label, error, control }: { label: string; error?: string; control: (props: FieldControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className:
          "w-full rounded border border-black/30 bg-white px-3 py-2 text-ink focus:border-ink focus:outline-2 focus:outline-offset-1 focus:outline-ink",
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, name, error, ...input }: TextFieldProps) {
  return <LabelledField label={label} error={error} control={(control) => <input name={name} {...control} {...input} />} />;
}

/** The customer's email as sign-in, sign-up and forgot-password ask for it; `defaultValue` keeps what a failed submit sent. */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  const colours = tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded border px-3 py-2 ${colours}`}>
      {children}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded bg-button px-6 py-3 font-semibold text-button-ink disabled:opacity-70"
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

export function AccountPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-lg bg-card p-6 shadow-sm sm:p-8">
        <h1 className="mb-2 font-heading text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The way out of the password-reset screens. */
export function BackToSignIn() {
  return (
    <p className="mt-6 text-center">
      <Link to="/login" className="font-medium underline">
        Back to Sign In
      </Link>
    </p>
  );
}

/** Pages that show a signed-in customer's data must never be kept by a shared cache. */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
