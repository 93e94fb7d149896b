/**
 * The back office's long forms and the summary of what stopped their save: apart from the buttons every screen draws,
 * so a screen without such a form loads none of it.
 */
import { useEffect } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";

/**
 * The problems that stopped a long form's save, at its top, and the first field in error focused: a message beside a
 * field far down the page would otherwise go unseen. Each message stays beside its field too.
 */
export function ErrorSummary({ errors }: { errors: readonly string[] }) {
  const said = errors.join("\n");
  useEffect(() => {
    if (said) document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  }, [said]);
  return errors.length > 0 ? (
    <div role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
      <p className="font-semibold">{errors.length === 1 ? "One problem stops the save:" : `${errors.length} problems stop the save:`}</p>
      <ul className="list-disc pl-5">
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </div>
  ) : null;
}

/**
 * A record's form whose rows or sections have buttons of their own (up, down, remove): its hidden first button makes
 * Enter in a field save rather than take the first row's step. A refusal of the whole form heads it.
 */
export function DraftForm({
  placed,
  multipart = false,
  saveLabel,
  children,
}: {
  /** The refusal's messages as placed beside the fields, and the one for the whole form. */
  placed: { at: Partial<Record<string, string>>; form?: string };
  multipart?: boolean;
  saveLabel: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="flex flex-col gap-8">
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <ErrorSummary errors={fieldErrorsOf(placed.at)} />
      {children}
      <div>
        <AdminButton name="intent" value="save">
          {saveLabel}
        </AdminButton>
      </div>
    </Form>
  );
}

/** The messages placed beside fields, in the order the server gave them. */
export const fieldErrorsOf = (at: Partial<Record<string, string>>) => Object.values(at).filter((error) => error !== undefined);

