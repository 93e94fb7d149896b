/**
 * How the domain refuses: a kind of refusal in its own words, the message the person reads, and the input it is about.
 * Domain and infrastructure code throw these and never choose an HTTP status: the edge alone turns a kind into one
 * (`statusOf` in server/http/errors.ts), so a rule reads the same to the admin API, a page action and the owner's
 * command.
 */
import type { z } from "zod";

export type RefusalKind =
  /** The input is malformed or out of range; `field` names it. */
  | "bad-input"
  /** Nobody is signed in, or the credentials are wrong. */
  | "not-signed-in"
  /** Signed in, but not allowed to do this. */
  | "forbidden"
  | "not-found"
  /** The thing's state does not allow it now (already paid, stock gone, a name taken). */
  | "conflict"
  /** It existed and has expired or been used up (a link, a token). */
  | "gone"
  | "too-large"
  | "unsupported-type"
  /** Well-formed, but a business rule forbids it (more than is left to refund, a rule's limits). */
  | "rule-broken";

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The input this refusal is about, as a dotted path (`address.city`), so a form can show it beside the field. */
    readonly field?: string,
    /** What else the refused needs to act on it (the links that lead to what a removal takes away), added to the answer. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const badInput = (message: string, field?: string) => new DomainError("bad-input", message, field);
export const notSignedIn = (message: string, field?: string) => new DomainError("not-signed-in", message, field);
export const forbidden = (message: string, field?: string) => new DomainError("forbidden", message, field);
export const notFound = (message: string, field?: string) => new DomainError("not-found", message, field);
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const gone = (message: string, field?: string) => new DomainError("gone", message, field);
export const tooLarge = (message: string, field?: string) => new DomainError("too-large", message, field);
export const unsupportedType = (message: string, field?: string) => new DomainError("unsupported-type", message, field);
export const ruleBroken = (message: string, field?: string) => new DomainError("rule-broken", message, field);

/** Whether `error` is a refusal, of one of `kinds` when any are named. */
export function isRefusal(error: unknown, ...kinds: RefusalKind[]): error is DomainError {
  return error instanceof DomainError && (kinds.length === 0 || kinds.includes(error.kind));
}

/** The first problem of a failed zod parse, naming its field. */
export function badInputOf(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const field = issue.path.join(".");
  return badInput(issue.message, field || undefined);
}

/** Parses `value` or refuses it as bad input naming the first field at fault. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badInputOf(parsed.error);
  return parsed.data;
}
