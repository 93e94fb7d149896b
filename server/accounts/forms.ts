/**
 * What the account pages' form actions share: reading a posted form, turning zod issues and service errors into
 * field errors, so a page shows each problem beside its field whether or not JavaScript has loaded.
 */
import type { z } from "zod";
import { HttpError } from "../http/errors";
import { logger } from "../logger";
import { PasswordRejectedError } from "./passwords";

export type FieldErrors = Record<string, string>;

export type FormFailure = {
  ok: false;
  status: number;
  /** Shown above the form. */
  error?: string;
  fieldErrors: FieldErrors;
  /** What was typed, so the form keeps it (passwords never come back). */
  values: Record<string, string>;
};

export function formValues(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "")]));
}

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

function withoutPasswords(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !name.toLowerCase().includes("password")));
}

/** Input that failed its schema, each problem beside its field. */
export function invalidForm(error: z.ZodError, values: Record<string, string>): FormFailure {
  return { ok: false, status: 400, fieldErrors: fieldErrorsOf(error), values: withoutPasswords(values) };
}

/** A service error as the page shows it: refused passwords beside the field, the rest above the form. */
export function failureOf(
  error: unknown,
  values: Record<string, string>,
  fallback: string,
  passwordField = "password",
): FormFailure {
  const shown = withoutPasswords(values);
  if (error instanceof PasswordRejectedError) {
    return { ok: false, status: 400, fieldErrors: { [passwordField]: error.message }, values: shown };
  }
  if (error instanceof HttpError) return { ok: false, status: error.status, error: error.message, fieldErrors: {}, values: shown };
  logger.error({ err: error }, "account form failed");
  return { ok: false, status: 500, error: fallback, fieldErrors: {}, values: shown };
}
