// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { HEADING_LEVELS, RICH_TEXT_EXTENSIONS } from "../../app/components/admin/rich-text-schema";
import { cleanDescriptionHtml, DESCRIPTION_ALLOWED_TAGS } from "./description-html";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function editorWith(content: string) {
  editor = new Editor({ element: document.createElement("div"), extensions: RICH_TEXT_EXTENSIONS, content, injectCSS: false });
  return editor;
}

/** A chain of commands on `text`, selected as the owner would before pressing a toolbar button. */
function select(on: Editor, text: string) {
  let from: number | undefined;
  on.state.doc.descendants((node, position) => {
    if (from === undefined && node.text?.includes(text)) from = position + node.text.indexOf(text);
  });
  if (from === undefined) throw new Error(`No "${text}" in ${on.getHTML()}`);
  return on.chain().setTextSelection({ from, to: from + text.length });
}

/** The same elements, attributes and text, in whichever order each element's attributes are written. */
function expectSameMarkup(actual: string, expected: string) {
  const parse = (html: string) => Object.assign(document.createElement("template"), { innerHTML: html }).content;
  expect(parse(actual).isEqualNode(parse(expected)), `${actual}\n  is not the same markup as\n${expected}`).toBe(true);
}

const tagsOf = (html: string) => new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]));

describe("the description editor and the save agree on what is kept", () => {
  it("keeps, unchanged, everything the toolbar and its shortcuts write", () => {
    const written = editorWith(["Cocoa and cherry", "Notes 2", "Notes 3", "Notes 4", "Grind", "First", "Our story"].map((text) => `<p>${text}</p>`).join(""));
    select(written, "Cocoa").toggleBold().run();
    select(written, "cherry").toggleItalic().run();
    for (const level of HEADING_LEVELS) select(written, `Notes ${level}`).toggleHeading({ level }).run();
    select(written, "Grind").toggleBulletList().run();
    select(written, "First").toggleOrderedList().run();
    select(written, "Our story").setLink({ href: "/pages/about" }).run();
    select(written, "cherry").run();
    written.chain().focus(written.state.selection.to).setHardBreak().insertContent("Brew hot").run();
    const html = written.getHTML();

    expect([...tagsOf(html)].sort()).toEqual(["a", "br", "em", "h2", "h3", "h4", "li", "ol", "p", "strong", "ul"]);
    expect(html).toMatch(/<a [^>]*href="\/pages\/about"[^>]*>Our story<\/a>/);
    expectSameMarkup(cleanDescriptionHtml(html), html);
  });

  it("offers no markup the save drops: only the kept tags come out, whatever was pasted", () => {
    const pasted = editorWith(
      '<blockquote><p>Quote</p></blockquote><pre><code>code</code></pre><hr><p><s>struck</s> <u>under</u> <code>x</code> <b>b</b> <i>i</i></p><h1>Big</h1><h5>Small</h5><table><tr><td>cell</td></tr></table><script>alert(1)</script>',
    );
    const html = pasted.getHTML();
    for (const tag of tagsOf(html)) expect(DESCRIPTION_ALLOWED_TAGS).toContain(tag);
    expect(html).not.toMatch(/script|alert/);
  });

  it("shows a saved description as it was saved: every kept element survives the editor", () => {
    const saved = cleanDescriptionHtml(
      '<h2>Notes</h2><h3>Origin</h3><h4>Farm</h4><p><strong>Bold</strong> <em>soft</em><br>line</p><ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><p><a href="https://example.com/farm">Farm</a> <a href="mailto:hi@example.com">mail</a></p>',
    );
    expectSameMarkup(editorWith(saved).getHTML(), saved);
  });

  it("never makes a link of an address the save would drop", () => {
    const html = editorWith('<p><a href="javascript:alert(1)">x</a> <a href="data:text/html,hi">y</a></p>').getHTML();
    expect(html).toBe("<p>x y</p>");
  });
});
