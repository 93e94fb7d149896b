/**
 * What the rich-text editor can write: exactly the markup a description keeps when it is saved
 * (server/catalog/description-html.ts, which stays the only judge of what is kept): paragraphs, line breaks, bullet and
 * numbered lists, bold, italic, headings 2 to 4 and links. StarterKit's other parts (quotes, code, rules, strike,
 * underline) would offer markup the save then drops, so they are off; server/catalog/description-editor.test.ts
 * proves the two agree. Loaded only with the editor (rich-text-editor.tsx), never in a page's first load.
 */
import type { Level } from "@tiptap/extension-heading";
import { StarterKit } from "@tiptap/starter-kit";
import { isAllowedLink } from "@core/links";

export const HEADING_LEVELS = [2, 3, 4] as const satisfies readonly Level[];

export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    heading: { levels: [...HEADING_LEVELS] },
    link: {
      openOnClick: false,
      // An address the owner typed as text stays text; a link is made on purpose, with the toolbar or Ctrl+K.
      autolink: false,
      // The shop's one link rule (decision 0043), so a pasted javascript: link never becomes one in the editor either.
      isAllowedUri: (address) => isAllowedLink(address),
      // As the save writes it: no target, the rel it sets on every link.
      HTMLAttributes: { target: null, rel: "noopener noreferrer" },
    },
  }),
];
