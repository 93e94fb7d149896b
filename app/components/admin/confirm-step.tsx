/**
 * The second step of a destructive action: a link opened it (so it works before JavaScript loads), and this form
 * does it. Its question takes the focus, so a keyboard or screen-reader user lands on what they are asked.
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { AdminButton } from "./admin-form";
import { AdminSection } from "./admin-page";

export function ConfirmStep({
  question,
  intent,
  id,
  confirmLabel,
  cancelTo,
  children,
}: {
  question: string;
  intent: string;
  id: number;
  confirmLabel: string;
  cancelTo: string;
  /** What else the action needs to do it (hidden fields with the choices made before the question). */
  children?: React.ReactNode;
}) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <Form method="post" className="mt-3 rounded border border-red-800 bg-red-50 p-3">
      <p ref={questionRef} tabIndex={-1} className="mb-2 font-medium">
        {question}
      </p>
      <input type="hidden" name="id" value={id} />
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <AdminButton name="intent" value={intent} weight="danger">
          {confirmLabel}
        </AdminButton>
        <Link to={cancelTo} className="underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** The link that opens the step: `?<param>=<id>` on the same screen. */
export function ConfirmLink({ to, label, target }: { to: string; label: string; target: string }) {
  return (
    <p className="mt-3">
      <Link to={to} className="text-red-800 underline">
        {label}
        <span className="sr-only"> {target}</span>
      </Link>
    </p>
  );
}

/**
 * A record's Delete section: the link, then (`?delete` on the record's screen, `asking`) the question, which says what
 * deleting it also takes with it.
 */
export function DeleteSection({
  noun,
  record,
  path,
  asking,
  consequences,
}: {
  noun: string;
  record: { id: number; title: string };
  path: string;
  asking: boolean;
  consequences: string;
}) {
  return (
    <AdminSection title="Delete">
      {asking ? (
        <ConfirmStep question={`Delete the ${noun} ${record.title}? ${consequences}`} intent="delete" id={record.id} confirmLabel={`Delete ${noun}`} cancelTo={path} />
      ) : (
        <ConfirmLink to={`${path}?delete`} label={`Delete the ${noun}`} target={record.title} />
      )}
    </AdminSection>
  );
}
