/** An API error answer as "field: message", the way tests name what was refused and where. */
export function namedError(body: { error?: string; field?: string }): string | undefined {
  return body.field ? `${body.field}: ${body.error}` : body.error;
}
