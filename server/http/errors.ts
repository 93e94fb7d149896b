/**
 * The API's error contract: JSON `{ "error": message, "field"?: path }` with a fitting status, never internals.
 * `field` names the input refused (a dotted path such as `address.city`), so a page can show the message beside it.
 * The domain refuses in its own words (core/errors.ts); here, and only here, a refusal's kind becomes a status.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { DomainError, parseWith, type RefusalKind } from "../../core/errors";

const STATUS_OF_REFUSAL: Record<RefusalKind, ContentfulStatusCode> = {
  "bad-input": 400,
  "not-signed-in": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-large": 413,
  "unsupported-type": 415,
  "rule-broken": 422,
};

/** A refusal the edge itself makes, about the request rather than the shop (malformed JSON, too many attempts). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** The input this error is about, when it is about one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What a request caught while the database is unreachable is told (503): nothing was done, try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The shop is briefly unavailable. Please try again.";

/** The one error shape, as the OpenAPI document declares it (component "Error"). */
export const errorBodySchema = z
  .object({
    error: z.string(),
    field: z.string().optional().describe("Dotted path of the input refused"),
    links: z
      .array(z.object({ place: z.string(), name: z.string(), href: z.string() }))
      .optional()
      .describe("On a removal refused with 409: the menu and footer links that would lead nowhere after it"),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The status a refusal is answered with. */
export function statusOf(error: DomainError | HttpError): ContentfulStatusCode {
  return error instanceof DomainError ? STATUS_OF_REFUSAL[error.kind] : error.status;
}

/** A domain refusal or an edge's own, as the API answers it; anything else is not a refusal. */
export function isAnswerable(error: unknown): error is DomainError | HttpError {
  return error instanceof DomainError || error instanceof HttpError;
}

/** The one place an API error answer is made. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string, field?: string, details?: Record<string, unknown>) {
  const body: ErrorBody = { error: message, ...(field ? { field } : {}), ...details };
  return c.json(body, status);
}

/** A refusal as the API answers it, with the details the domain gave (the links a removal would leave dead). */
export const refusalResponse = (c: Context, error: DomainError | HttpError) =>
  errorResponse(c, statusOf(error), error.message, error.field, error instanceof DomainError ? error.details : undefined);

/** Reads a JSON body and validates it; malformed JSON is a 400, not a 500. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
  return parseWith(schema, body);
}
