/**
 * What the account pages' form actions share: reading a posted form, and the failure answer, each problem in the API's
 * error shape (server/http/errors.ts), `{ error, field? }`, so the page shows each message beside the field it names
 * or above the form. A refused form lists every field's first problem, as the forms always showed them all at once.
 * What was typed comes back with it (passwords never do), so a form posted before JavaScript loads keeps it.
 */
import { ZodError } from "zod";
import { type ErrorBody, isAnswerable, statusOf } from "../http/errors";
import { logger } from "../logger";
import { PasswordRejectedError } from "./passwords";
import { badInput } from "../../core/errors";

export function formValues(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "")]));
}

export type FormFailure = { ok: false; status: number; errors: ErrorBody[]; values: Record<string, string> };

function withoutPasswords(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !name.toLowerCase().includes("password")));
}

function problemsOf(error: ZodError): ErrorBody[] {
  const problems = new Map<string, ErrorBody>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!problems.has(field)) problems.set(field, field ? { error: issue.message, field } : { error: issue.message });
  }
  return [...problems.values()];
}

/** Input its schema refused, a refused password, or a service's error; anything else is logged and the fallback. */
export function formFailure(error: unknown, values: Record<string, string>, fallback: string): FormFailure {
  const shown = withoutPasswords(values);
  if (error instanceof ZodError) return { ok: false, status: 400, errors: problemsOf(error), values: shown };
  const refusal = error instanceof PasswordRejectedError ? badInput(error.message, "password") : error;
  if (isAnswerable(refusal)) {
    const body: ErrorBody = refusal.field ? { error: refusal.message, field: refusal.field } : { error: refusal.message };
    return { ok: false, status: statusOf(refusal), errors: [body], values: shown };
  }
  logger.error({ err: error }, "account form failed");
  return { ok: false, status: 500, errors: [{ error: fallback }], values: shown };
}
