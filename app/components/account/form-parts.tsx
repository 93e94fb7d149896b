/** Building blocks of the account forms: labelled fields (text, password, select) with their error, and the form-level message. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useId } from "react";
import { Link, useNavigation } from "react-router";

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
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error, below it; `id` is what the field's aria-describedby names, so a screen reader reads it with the field. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

export function TextField({ label, name, error, ...input }: TextFieldProps) {
  return <LabelledField label={label} error={error} control={(control) => <input name={name} {...control} {...input} />} />;
}

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

/**
 * A password field. `fresh`: one being chosen, which a password manager offers to make up, rather than the one the
 * member signs in with, which it fills in.
 */
export function PasswordField({ label = "Password", name = "password", fresh = false, error }: { label?: string; name?: string; fresh?: boolean; error?: string }) {
  return <TextField label={label} name={name} type="password" autoComplete={fresh ? "new-password" : "current-password"} required error={error} />;
}

/**
 * The six-digit code of a staff member's authenticator app, which the phone's keyboard and autofill can offer;
 * `orBackupCode`: where a backup code (`abcde-fghjk`) may stand in for it, so the keyboard offers letters too.
 */
export function AuthenticatorCodeField({ label, error, orBackupCode = false }: { label: string; error?: string; orBackupCode?: boolean }) {
  return orBackupCode ? (
    <TextField label={label} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={13} required error={error} />
  ) : (
    <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required error={error} />
  );
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

/** Whether the page's form posting to `path` is on its way, so its button says so and takes no second click. */
export function useSending(path: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction?.startsWith(path) === true;
}

/** `className` places the message in its surroundings (its margin, its grid columns). */
export function FormMessage({ tone, className, children }: { tone: "error" | "success"; className?: string; children: React.ReactNode }) {
  const colours = tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded border px-3 py-2 ${colours}${className ? ` ${className}` : ""}`}>
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
