/**
 * The server's one error shape, `{ error, field? }` (server/http/errors.ts), as a form shows it, whether the API or a
 * page's form action (a list of them) answered it. Apart from app/lib/api.ts, so the pages every visit loads do not carry it.
 */
export type ErrorBody = { error: string; field?: string };

/** Each message beside the field it names when the form has that field, else (the first such) above the form. */
export function placeErrors<F extends string>(
  answers: readonly ErrorBody[] | undefined,
  fields: readonly F[],
): { at: Partial<Record<F, string>>; form?: string } {
  const at: Partial<Record<F, string>> = {};
  let form: string | undefined;
  for (const answer of answers ?? []) {
    const field = fields.find((name) => name === answer.field);
    if (field) at[field] ??= answer.error;
    else form ??= answer.error;
  }
  return form === undefined ? { at } : { at, form };
}
