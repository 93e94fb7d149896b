/** The API's error contract: JSON `{ "error": message }` with a fitting status, never internals. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ error: message }, status);
}

/** Describes the first problem of a failed zod parse, naming the field so the client can point at it. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
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
