/**
 * How a back-office list reads its address, on the server: each filter as asked, kept to fill the search form again,
 * and the same through the list's query schema. Apart from admin-list.tsx, so the pages' scripts carry no schema code.
 */
import type { z } from "zod";
import type { ErrorBody } from "~/lib/form-error";

/** Each filter trimmed; "" when the address does not have it. */
export function askedFilters<const Name extends string>(url: URL, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""])) as Record<Name, string>;
}

/** An empty filter is one not asked for; a refusal names the filter it is about, so the form shows it beside that field. */
export function checkFilters<Schema extends z.ZodType>(schema: Schema, asked: Record<string, string>): { query: z.infer<Schema> } | { errors: ErrorBody[] } {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== "")));
  return parsed.success ? { query: parsed.data } : { errors: parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })) };
}
