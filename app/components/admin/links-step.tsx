/**
 * The form of a destructive action's second step (StepForm), and the step that asks about the menu or footer links
 * leading to what a delete or archive takes away: apart from the other steps (confirm-step.tsx), so the product
 * screen, which asks only this, loads no more.
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { PlacedLink } from "@core/navigation";
import { AdminButton } from "./admin-form";

/**
 * The step a delete or archive answers with when menu or footer links lead to what it takes away (LinksLeadHere):
 * the links, named where they sit, and the choice whether they go too or stay to be pointed elsewhere. It posts
 * `intent` again with `links`; nothing is removed until then.
 */
export function LinksStep({
  question,
  links,
  intent,
  id,
  cancelTo,
  form,
}: {
  question: string;
  links: PlacedLink[];
  intent: string;
  id: number;
  cancelTo: string;
  /** The page's long form (DraftForm) when its Save asked: the answer posts it again, as typed, with `links`. */
  form?: string;
}) {
  const one = links.length === 1;
  return (
    <StepForm
      question={`${question} ${one ? "This link leads" : `These ${links.length} links lead`} to it and would then lead nowhere:`}
      id={id}
      cancelTo={cancelTo}
      actions={
        <>
          <AdminButton name="links" value="remove" weight="danger" form={form}>
            {one ? "Remove the link too" : "Remove the links too"}
          </AdminButton>
          <AdminButton name="links" value="keep" weight="secondary" form={form}>
            {one ? "Keep the link" : "Keep the links"}
          </AdminButton>
        </>
      }
    >
      <ul className="mb-3 list-disc pl-5">
        {links.map((link, i) => (
          <li key={i}>
            {link.place}: {link.name} <span className="break-all">({link.href})</span>
          </li>
        ))}
      </ul>
      <input type="hidden" name="intent" value={intent} />
    </StepForm>
  );
}

/** A step's form: its question, which takes the focus, what it carries, then its actions and Cancel. */
export function StepForm({ question, id, cancelTo, actions, children }: { question: string; id: number; cancelTo: string; actions: React.ReactNode; children?: React.ReactNode }) {
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
        {actions}
        <Link to={cancelTo} className="underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** An action's answer told apart: the links a delete or archive asks about (LinksStep), or the form's own answer. */
export function linksAsked<A extends object>(answer: A | undefined): { linksLeadHere?: PlacedLink[]; formAnswer?: Exclude<A, { linksLeadHere: PlacedLink[] }> } {
  if (answer && "linksLeadHere" in answer) return { linksLeadHere: answer.linksLeadHere as PlacedLink[] };
  return { formAnswer: answer as Exclude<A, { linksLeadHere: PlacedLink[] }> | undefined };
}
