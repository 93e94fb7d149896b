/**
 * The second step of a destructive action: a link opened it (so it works before JavaScript loads), and this form
 * does it. Its question takes the focus, so a keyboard or screen-reader user lands on what they are asked.
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { PlacedLink } from "@core/navigation";
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

/**
 * The step a delete or archive answers with when menu or footer links lead to what it takes away (LinksLeadHere):
 * the links, named where they sit, and the choice whether they go too or stay to be pointed elsewhere. It posts
 * `intent` again with `links`; nothing is removed until then.
 */
export function LinksStep({ question, links, intent, id, cancelTo }: { question: string; links: PlacedLink[]; intent: string; id: number; cancelTo: string }) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  const one = links.length === 1;
  return (
    <Form method="post" className="mt-3 rounded border border-red-800 bg-red-50 p-3">
      <p ref={questionRef} tabIndex={-1} className="mb-2 font-medium">
        {question} {one ? "This link leads" : `These ${links.length} links lead`} to it and would then lead nowhere:
      </p>
      <ul className="mb-3 list-disc pl-5">
        {links.map((link, i) => (
          <li key={i}>
            {link.place}: {link.name} <span className="break-all">({link.href})</span>
          </li>
        ))}
      </ul>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
      <div className="flex flex-wrap items-center gap-3">
        <AdminButton name="links" value="remove" weight="danger">
          {one ? "Remove the link too" : "Remove the links too"}
        </AdminButton>
        <AdminButton name="links" value="keep" weight="secondary">
          {one ? "Keep the link" : "Keep the links"}
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

/** An action's answer told apart: the links a delete or archive asks about (LinksStep), or the form's own answer. */
export function linksAsked<A extends object>(answer: A | undefined): { linksLeadHere?: PlacedLink[]; formAnswer?: Exclude<A, { linksLeadHere: PlacedLink[] }> } {
  if (answer && "linksLeadHere" in answer) return { linksLeadHere: answer.linksLeadHere as PlacedLink[] };
  return { formAnswer: answer as Exclude<A, { linksLeadHere: PlacedLink[] }> | undefined };
}
