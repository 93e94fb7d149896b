/**
 * The API's error contract: JSON `{ "error": message, "field"?: path }` with a fitting status, never internals.
 * `field` names the input refused (a dotted path such as `address.city`), so a page can show the message beside it.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

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
  .object({ error: z.string(), field: z.string().optional().describe("Dotted path of the input refused") })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The one place an API error answer is made. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string, field?: string) {
  const body: ErrorBody = field ? { error: message, field } : { error: message };
  return c.json(body, status);
}

/** The first problem of a failed zod parse as a 400 naming its field. */
export function zodHttpError(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  const field = issue.path.join(".");
  return new HttpError(400, issue.message, field || undefined);
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw zodHttpError(parsed.error);
  return parsed.data;
}

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
