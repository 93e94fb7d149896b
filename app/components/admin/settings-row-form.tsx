/** The shipping and taxes screens' form of one row; apart from admin-form.tsx, so the other screens do not download it. */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { AdminButton } from "./admin-form";
import { ConfirmLink, ConfirmStep } from "./confirm-step";

/**
 * The form of one row of a settings list (a shipping option, a tax rate), or with `row` null of a new one, `add` its
 * button: saved, added or deleted by the screen's action, which answers a refusal with the row's id ("new" for the new
 * one), so only that form shows it. `children` draws the fields from what was typed and where the errors go.
 */
export function SettingsRowForm<F extends string>({
  row,
  add,
  fields,
  answer,
  action,
  remove,
  children,
}: {
  row: { id: number; label: string } | null;
  add: string;
  fields: readonly F[];
  answer:
    | {
        id: string | null;
        errors: readonly ErrorBody[];
        values: Record<string, string>;
      }
    | undefined;
  action?: string;
  /**
   * A saved row's delete, asked first: `ask` is the screen's address that asks it (its question then shows, `asking`),
   * `back` the address without the question, and `consequence` what deleting it means.
   */
  remove?: { ask: string; back: string; asking: boolean; consequence: string };
  children: (
    typed: Record<string, string> | undefined,
    placed: ReturnType<typeof placeErrors<F>>,
  ) => ReactNode;
}) {
  const mine = answer?.id === (row ? String(row.id) : "new");
  const placed = placeErrors(mine ? answer?.errors : undefined, fields);
  return (
    <>
      <Form method="post" action={action} className="flex flex-col gap-4">
        {placed.form ? (
          <FormMessage tone="error">{placed.form}</FormMessage>
        ) : null}
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        {children(mine ? answer?.values : undefined, placed)}
        <div className="flex flex-wrap gap-3">
          <AdminButton name="intent" value="save">
            {row ? `Save ${row.label}` : add}
          </AdminButton>
        </div>
      </Form>
      {row && remove ? (
        remove.asking ? (
          <ConfirmStep
            question={`Delete ${row.label}? ${remove.consequence}`}
            intent="delete"
            id={row.id}
            confirmLabel={`Delete ${row.label}`}
            cancelTo={remove.back}
          />
        ) : (
          <ConfirmLink to={remove.ask} label="Delete" target={row.label} />
        )
      ) : null}
    </>
  );
}
