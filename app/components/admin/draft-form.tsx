/**
 * The back office's long forms and the summary of what stopped their save: apart from the buttons every screen draws,
 * so a screen without such a form loads none of it.
 */
import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
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
      <p className="font-semibold">
        {errors.length === 1 ? "One problem stops the save:" : `${errors.length} problems stop the save:`}
      </p>
      <ul className="list-disc pl-5">
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </div>
  ) : null;
}

/** The long form's id: a page has one, and a step outside it (LinksStep) may post it. */
export const DRAFT_FORM = "draft-form";

/**
 * A record's long form, its Save kept in reach in a bar stuck to the bottom of the window, saying when the form holds
 * changes not saved and in which of its sections they were typed (a screen reader hears it once, politely; not a status, so the page's one status stays its notice). The bar sits in the page's flow, so at the
 * end of the form it covers nothing, and fields scroll clear of it when focused. Its hidden first button makes Enter
 * in a field save rather than take a row's step (up, down, remove). A refusal of the whole form heads it.
 */
export function DraftForm({
  placed,
  multipart = false,
  saveLabel,
  unsaved = false,
  onKeyDown,
  onSubmit,
  children,
}: {
  /** The refusal's messages as placed beside the fields, and the one for the whole form. */
  placed: { at: Partial<Record<string, string>>; form?: string };
  multipart?: boolean;
  saveLabel: React.ReactNode;
  /** The form is drawn from what was typed rather than what is saved (a refusal, or a step such as Add variant). */
  unsaved?: boolean;
  /** Keys a form of steps answers itself (Enter in a field that names its step). */
  onKeyDown?: React.KeyboardEventHandler;
  /** A submit the form answers itself, preventing the post (a step it takes in the page). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
}) {
  // A change counts on the page it was made on: a save's redirect is a new location, with nothing unsaved.
  const { key } = useLocation();
  const [changed, setChanged] = useState<{ on: string; sections: string[] }>();
  const changedHere = changed?.on === key ? changed.sections : null;
  const unsavedNow = changedHere !== null || unsaved || placed.form !== undefined || fieldErrorsOf(placed.at).length > 0;
  return (
    <Form
      id={DRAFT_FORM}
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className="flex flex-col gap-8"
      onKeyDown={onKeyDown}
      onSubmit={onSubmit}
      onChange={(event) => {
        const section = sectionOf(event.target as Element);
        setChanged((before) => {
          const sections = before?.on === key ? before.sections : [];
          return { on: key, sections: section && !sections.includes(section) ? [...sections, section] : sections };
        });
      }}
    >
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <ErrorSummary errors={fieldErrorsOf(placed.at)} />
      {children}
      <div className="save-bar">
        <p aria-live="polite" className="mr-auto text-sm">
          {unsavedNow ? (changedHere?.length ? `Unsaved changes in ${listed(changedHere)}` : "Unsaved changes") : ""}
        </p>
        <AdminButton name="intent" value="save">
          {saveLabel}
        </AdminButton>
      </div>
    </Form>
  );
}

/** The messages placed beside fields, in the order the server gave them. */
export const fieldErrorsOf = (at: Partial<Record<string, string>>) =>
  Object.values(at).filter((error) => error !== undefined);

/** The name of the form's section a field sits in (AdminSection), if it sits in one. */
const sectionOf = (field: Element) => field.closest("section[aria-label]")?.getAttribute("aria-label") ?? null;

/** Names as a sentence lists them: "A", "A and B", "A, B, and C". */
const listed = (names: string[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(names);
