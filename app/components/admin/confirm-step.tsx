/**
 * The second step of a destructive action: a link opened it (so it works before JavaScript loads), and this form
 * does it. Its question takes the focus, so a keyboard or screen-reader user lands on what they are asked.
 */
import { Link } from "react-router";
import type { PlacedLink } from "@core/navigation";
import { AdminButton } from "./admin-form";
import { AdminSection } from "./admin-page";
import { LinksStep, StepForm } from "./links-step";

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
  return (
    <StepForm
      question={question}
      id={id}
      cancelTo={cancelTo}
      actions={
        <AdminButton name="intent" value={intent} weight="danger">
          {confirmLabel}
        </AdminButton>
      }
    >
      {children}
    </StepForm>
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
 * deleting it also takes with it, then (if menu or footer links lead to it) what becomes of them.
 */
export function DeleteSection({
  noun,
  record,
  path,
  asking,
  consequences,
  linksLeadHere,
}: {
  noun: string;
  record: { id: number; title: string };
  path: string;
  asking: boolean;
  consequences: string;
  /** The links that lead to the record, when a delete was answered with them. */
  linksLeadHere?: PlacedLink[];
}) {
  return (
    <AdminSection title="Delete">
      {linksLeadHere ? (
        <LinksStep question={`Delete the ${noun} ${record.title}?`} links={linksLeadHere} intent="delete" id={record.id} cancelTo={path} />
      ) : asking ? (
        <ConfirmStep question={`Delete the ${noun} ${record.title}? ${consequences}`} intent="delete" id={record.id} confirmLabel={`Delete ${noun}`} cancelTo={path} />
      ) : (
        <ConfirmLink to={`${path}?delete`} label={`Delete the ${noun}`} target={record.title} />
      )}
    </AdminSection>
  );
}
