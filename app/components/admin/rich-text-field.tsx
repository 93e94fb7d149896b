/**
 * A field of HTML (a product's description, a post's or page's section) written in a rich-text editor (decision 0069). The server draws the
 * textarea that holds the HTML, so the form works before JavaScript loads and without it; once the page runs, the
 * editor (TipTap, heavy: a chunk of its own, never in the page's first load) takes the textarea's place and writes its
 * HTML back into it, so the form posts the same field either way and the save's cleaning stays the only judge of what
 * is kept.
 */
import { useEffect, useState, type ComponentType } from "react";
import { LabelledField, type FieldControlProps } from "~/components/account/form-parts";
import type { RichTextEditorProps } from "./rich-text-editor";

/** What the save keeps of any rich-text field's HTML (server/catalog/description-html.ts), told beside the fields. */
export const RICH_TEXT_KEPT =
  "Kept: paragraphs, line breaks, lists, bold and italic, headings (h2 to h4) and links (web, email or shop addresses). Anything else, such as scripts, styles, pictures and frames, is removed when saved.";

/**
 * The textarea, keeping what was typed into it before the page hydrated: React sets a hydrated textarea's value back
 * to the text the server drew (issue 37's first defect, where a paste just after load was lost or doubled). Read here,
 * while this component renders and before React claims the element, and given back as the text to draw.
 */
function KeptTextarea({ name, defaultValue, rows, setField, ...control }: FieldControlProps & { name: string; defaultValue: string; rows: number; setField: (field: HTMLTextAreaElement | null) => void }) {
  const [typed] = useState(() => (typeof document === "undefined" ? undefined : (document.getElementById(control.id) as HTMLTextAreaElement | null)?.value));
  return <textarea ref={setField} name={name} rows={rows} defaultValue={typed ?? defaultValue} {...control} />;
}

export function RichTextField({ label, name, defaultValue, error, rows = 8 }: { label: string; name: string; defaultValue: string; error?: string; rows?: number }) {
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps>>();
  useEffect(() => {
    let mounted = true;
    void import("./rich-text-editor").then((module) => mounted && setEditor(() => module.RichTextEditor));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <LabelledField
      label={label}
      error={error}
      control={(control) => (
        <>
          {Editor && field ? <Editor field={field} label={label} invalid={Boolean(error)} describedBy={control["aria-describedby"]} /> : null}
          <KeptTextarea name={name} defaultValue={defaultValue} rows={rows} setField={setField} {...control} />
        </>
      )}
    />
  );
}
