/**
 * The rich-text editor (TipTap, decision 0069), loaded on its own by rich-text-field.tsx once the page runs. It starts
 * from the textarea's value as it is when the editor mounts (what the owner may already have typed, never the
 * server's first text joined to it), writes every change back into that textarea, which the form posts, and hides it
 * until the owner switches to the HTML box. Its toolbar is one tab stop, moved along with the arrow keys (the ARIA
 * toolbar pattern); every button has a keyboard shortcut too.
 */
import { Extension } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { isAllowedLink, LINK_MESSAGE } from "@core/links";
import { HEADING_LEVELS, RICH_TEXT_EXTENSIONS } from "./rich-text-schema";

export type RichTextEditorProps = { field: HTMLTextAreaElement; label: string; invalid: boolean; describedBy?: string };

const BUTTON = "rounded border border-black/40 px-2.5 py-1 text-sm font-medium disabled:opacity-50 aria-pressed:bg-ink aria-pressed:text-white";

type Tool = { label: string; keys: string; run: () => void; pressed?: boolean; disabled?: boolean };

/** The formatting buttons, for what the selection is now. */
function useTools(editor: Editor, openLink: () => void): Tool[] {
  const state = useEditorState({
    editor,
    selector: ({ editor: now }) => ({
      bold: now.isActive("bold"),
      italic: now.isActive("italic"),
      headings: HEADING_LEVELS.map((level) => now.isActive("heading", { level })),
      bullets: now.isActive("bulletList"),
      numbers: now.isActive("orderedList"),
      link: now.isActive("link"),
      undo: now.can().undo(),
      redo: now.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return [
    { label: "Bold", keys: "Control+B", pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", keys: "Control+I", pressed: state.italic, run: () => chain().toggleItalic().run() },
    ...HEADING_LEVELS.map((level, k) => ({
      label: `Heading ${level}`,
      keys: `Control+Alt+${level}`,
      pressed: state.headings[k],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    { label: "Bulleted list", keys: "Control+Shift+8", pressed: state.bullets, run: () => chain().toggleBulletList().run() },
    { label: "Numbered list", keys: "Control+Shift+7", pressed: state.numbers, run: () => chain().toggleOrderedList().run() },
    { label: "Link", keys: "Control+K", pressed: state.link, run: openLink },
    { label: "Undo", keys: "Control+Z", disabled: !state.undo, run: () => chain().undo().run() },
    { label: "Redo", keys: "Control+Shift+Z", disabled: !state.redo, run: () => chain().redo().run() },
  ];
}

/** One tab stop for the whole toolbar; the arrow keys, Home and End move between its buttons. */
function Toolbar({ tools, label }: { tools: Tool[]; label: string }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tools.flatMap((tool, index) => (tool.disabled ? [] : [index]));
  const stop = enabled.includes(current) ? current : enabled[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const at = enabled.indexOf(stop);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = enabled[(next + enabled.length) % enabled.length];
    setCurrent(index);
    buttons.current[index]?.focus();
  };
  return (
    <div role="toolbar" aria-label={`${label}: formatting`} className="flex flex-wrap gap-1.5" onKeyDown={onKeyDown}>
      {tools.map((tool, index) => (
        <button
          key={tool.label}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className={BUTTON}
          tabIndex={index === stop ? 0 : -1}
          aria-pressed={tool.pressed}
          aria-keyshortcuts={tool.keys}
          title={`${tool.label} (${tool.keys.replace("Control", "Ctrl")})`}
          disabled={tool.disabled}
          // A click leaves the focus in the text: the editor takes it back only at the next frame, so the first
          // letter typed right after clicking Bold went to the button and was lost.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setCurrent(index);
            tool.run();
          }}
        >
          {tool.label}
        </button>
      ))}
    </div>
  );
}

/** The link's address, asked for in the page (a prompt() would block it and cannot say what is wrong). */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const editing = editor.isActive("link");
  const [address, setAddress] = useState<string>(editing ? editor.getAttributes("link").href : "");
  const [error, setError] = useState<string>();
  useEffect(() => input.current?.focus(), []);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const href = address.trim();
    if (!isAllowedLink(href)) {
      setError(`The link address ${LINK_MESSAGE}.`);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    // With nothing selected, the address itself becomes the link's text.
    if (!editing && editor.state.selection.empty) chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  return (
    <div role="group" aria-label="Link" className="flex flex-wrap items-end gap-2 rounded border border-black/20 p-2">
      <div className="min-w-0 grow">
        <label htmlFor={id} className="block text-sm font-medium">
          Link address
        </label>
        <input
          ref={input}
          id={id}
          // Not posted with the form: the link goes into the description's HTML.
          type="text"
          inputMode="url"
          autoComplete="off"
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="w-full rounded border border-black/30 bg-white px-2 py-1"
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the link rather than sending the whole form; Escape leaves it as it was.
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              close();
            }
          }}
        />
        <p id={`${id}-hint`} className={`mt-1 text-sm ${error ? "text-red-800" : "text-black/70"}`}>
          {error ?? "A path in the shop (such as /pages/about), or a web or email address (https://…, mailto:…)."}
        </p>
      </div>
      <button type="button" className={BUTTON} onClick={apply}>
        Apply link
      </button>
      {editing ? (
        <button
          type="button"
          className={BUTTON}
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" className={BUTTON} onClick={close}>
        Cancel
      </button>
    </div>
  );
}

export function RichTextEditor({ field, label, invalid, describedBy }: RichTextEditorProps) {
  const [html, setHtml] = useState(false);
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      ...RICH_TEXT_EXTENSIONS,
      Extension.create({
        name: "linkShortcut",
        addKeyboardShortcuts: () => ({
          "Mod-k": () => {
            setLinking(true);
            return true;
          },
        }),
      }),
    ],
    // The field as it is now: what the owner typed before the editor arrived wins (issue 37's first defect).
    content: field.value,
    // TipTap's own stylesheet is an inline <style> the shop's Content-Security-Policy refuses; the classes below do its work.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: `description-body min-h-40 whitespace-pre-wrap break-words rounded border border-black/30 bg-white px-3 py-2 text-ink focus:border-ink focus:outline-2 focus:outline-offset-1 focus:outline-ink`,
      },
    },
    onUpdate: ({ editor: changed }) => {
      field.value = changed.isEmpty ? "" : changed.getHTML();
    },
  });

  useEffect(() => {
    // Typing when the editor arrived: the caret follows into it (before the textarea is hidden, which would blur it).
    if (document.activeElement === field) editor.commands.focus("end");
    // The label names the textarea; clicking it while the editor shows goes to the editor.
    const labelOf = field.labels?.[0];
    const focusEditor = () => editor.commands.focus();
    labelOf?.addEventListener("click", focusEditor);
    return () => labelOf?.removeEventListener("click", focusEditor);
  }, [editor, field]);

  // The textarea steps aside while the editor shows, and comes back if the editor goes.
  useEffect(() => {
    field.hidden = !html;
    return () => {
      field.hidden = false;
    };
  }, [field, html]);

  const tools = useTools(editor, () => setLinking(true));
  const switchTo = (toHtml: boolean) => {
    setHtml(toHtml);
    setLinking(false);
    if (toHtml) {
      field.hidden = false;
      field.focus();
    } else {
      // What was written in the box, as the editor reads it; the box's text is posted until the next change.
      editor.commands.setContent(field.value, { emitUpdate: false });
      editor.commands.focus();
    }
  };

  return (
    <div className="mb-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {html ? <p className="text-sm text-black/70">Editing the HTML. The same markup is kept when saved.</p> : <Toolbar tools={tools} label={label} />}
        {/* A page may hold several fields (a post's sections): each switch says whose it is, its visible words first. */}
        <button type="button" className={BUTTON} aria-pressed={html} aria-label={`Edit as HTML: ${label}`} onClick={() => switchTo(!html)}>
          Edit as HTML
        </button>
      </div>
      {linking && !html ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
      <div hidden={html}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
